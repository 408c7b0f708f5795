import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Enquiry } from '@app/contract/enquiries';
import { fullPermissions } from '@app/contract/modules';
import type { UserInput } from '@app/contract/users';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { AppProviders } from '../../app/providers';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import type { MemberFormDialogProps } from '../users/MemberFormDialog';
import { EnquiriesPage } from './EnquiriesPage';

// The member form belongs to the members screen and has its own tests; here it only shows what
// the enquiry hands it and sends it back unchanged, as Save would.
vi.mock('../users/MemberFormDialog', () => ({
  MemberFormDialog: (props: MemberFormDialogProps) =>
    props.open ? (
      <div role="dialog" aria-label={props.title}>
        <pre data-testid="initial">{JSON.stringify(props.initial)}</pre>
        <button
          type="button"
          onClick={() =>
            void props.submit?.(props.initial as UserInput).then(() => {
              props.onSaved?.();
              props.onClose();
            })
          }
        >
          Save member
        </button>
      </div>
    ) : null,
}));

const when = '2026-01-01T00:00:00.000Z';
const base = {
  branchId: 1,
  source: 'phone',
  feeStructureId: null,
  notes: '',
  createdAt: when,
  updatedAt: when,
};
const meera: Enquiry = {
  ...base,
  id: 7,
  name: 'Meera Nair',
  mobile: '9876500011',
  email: 'meera@example.test',
  source: 'walkIn',
  followUpDate: '2000-01-01',
  status: 'followUp',
  notes: 'Prefers mornings',
  convertedUserId: null,
};
const ravi: Enquiry = {
  ...base,
  id: 8,
  name: 'Ravi Kumar',
  mobile: '9876500012',
  email: null,
  source: 'phone',
  followUpDate: null,
  status: 'converted',
  convertedUserId: 55,
};

function api() {
  let converted = false;
  return stubFetch(async (url) => {
    if (url.startsWith('/api/enquiry/getEnquiries')) {
      const items = converted
        ? [{ ...meera, status: 'converted', convertedUserId: 56 }, ravi]
        : [meera, ravi];
      return jsonResponse(200, { items, total: 2, page: 0, pageSize: 10 });
    }
    if (url.startsWith('/api/feeStructure/getFeeStructures')) {
      return jsonResponse(200, { items: [], total: 0, page: 0, pageSize: 100 });
    }
    if (url.startsWith('/api/enquiry/convertEnquiry')) {
      converted = true;
      const user = { userId: 56, name: 'Meera Nair' };
      return jsonResponse(201, {
        enquiry: { ...meera, status: 'converted', convertedUserId: 56 },
        user: member(user),
      });
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

function member(values: { userId: number; name: string }) {
  return {
    ...values,
    clientId: 1,
    branchId: 1,
    email: 'meera@example.test',
    mobile: '9876500011',
    status: true,
    inactiveReason: null,
    addedToBiometricMachine: false,
    biometricMachineId: null,
    nextDayExit: false,
    entryTime: '00:00:00',
    exitTime: '00:00:00',
    validFrom: '2026-03-10',
    validTill: '2026-04-10',
    roomId: null,
    seatNumber: null,
    packageId: null,
    feeStructureId: null,
    address: '',
    notes: '',
    joinedOn: '2026-03-10',
    enquiryId: 7,
    dues: 0,
    duesSince: null,
    firstPeriod: null,
    createdAt: when,
    updatedAt: when,
  };
}

function ProfileMarker() {
  const { userId } = useParams();
  return <p>profile of {userId}</p>;
}

/** The page with a stand-in profile route, to follow its links to members. */
function renderWithProfile() {
  const router = createMemoryRouter(
    [
      { path: '/app/enquiries', element: <EnquiriesPage /> },
      { path: '/app/UserProfile/:userId', element: <ProfileMarker /> },
    ],
    { initialEntries: ['/app/enquiries'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

afterEach(clearTestSession);

describe('EnquiriesPage', () => {
  it('shows statuses as translated chips, overdue follow-ups, and a link to the member of a converted one', async () => {
    storeTestSession();
    const server = api();
    renderPage(<EnquiriesPage />, '/app/enquiries');
    await screen.findByText('Meera Nair');
    const open = rowOf('Meera Nair');
    expect(within(open).getByText('Follow-up')).toBeTruthy();
    expect(within(open).getByText('Overdue')).toBeTruthy();
    const done = rowOf('Ravi Kumar');
    expect(within(done).getByText('Converted')).toBeTruthy();
    const link = within(done).getByRole('link', { name: 'Open the member made from Ravi Kumar' });
    expect(link.getAttribute('href')).toBe('/app/UserProfile/55');
    expect(server.calls()[0]?.[0]).toContain('/api/enquiry/getEnquiries?page=0');
  });

  it('offers Edit, Delete and Convert on an open enquiry and none of them on a converted one', async () => {
    storeTestSession();
    api();
    const router = renderWithProfile();
    await screen.findByText('Meera Nair');
    const open = rowOf('Meera Nair');
    for (const name of ['Edit', 'Delete', 'Convert to member']) {
      expect(within(open).getByRole('button', { name })).toBeTruthy();
    }
    const done = rowOf('Ravi Kumar');
    for (const name of ['Edit', 'Delete', 'Convert to member']) {
      expect(within(done).queryByRole('button', { name })).toBeNull();
    }
    // Its name leads to the member it became; an open enquiry's name leads nowhere.
    expect(within(open).queryByRole('link')).toBeNull();
    fireEvent.click(within(done).getByRole('link', { name: 'Open the member made from Ravi Kumar' }));
    expect(await screen.findByText('profile of 55')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/UserProfile/55');
  });

  it('filters by status and follow-up through the list route', async () => {
    storeTestSession();
    const server = api();
    renderPage(<EnquiriesPage />, '/app/enquiries?status=followUp&followUp=overdue');
    await screen.findByText('Meera Nair');
    expect(server.calls()[0]?.[0]).toContain('status=followUp');
    expect(server.calls()[0]?.[0]).toContain('followUp=overdue');
  });

  it('never offers Converted as a status in the form', async () => {
    storeTestSession();
    api();
    renderPage(<EnquiriesPage />, '/app/enquiries');
    await screen.findByText('Meera Nair');
    fireEvent.click(screen.getByRole('button', { name: 'Add Enquiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Enquiry' });
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['New', 'Contacted', 'Follow-up', 'Lost']);
  });

  it('converts through convertEnquiry with the member form filled from the enquiry', async () => {
    storeTestSession();
    const server = api();
    renderPage(<EnquiriesPage />, '/app/enquiries');
    await screen.findByText('Meera Nair');
    fireEvent.click(within(rowOf('Meera Nair')).getByRole('button', { name: 'Convert to member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Meera Nair to a member' });
    const initial = JSON.parse(within(dialog).getByTestId('initial').textContent ?? '{}') as UserInput;
    expect(initial).toMatchObject({
      name: 'Meera Nair',
      mobile: '9876500011',
      email: 'meera@example.test',
      feeStructureId: null,
      notes: 'Prefers mornings',
    });
    expect(initial.validFrom < initial.validTill).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save member' }));
    expect(await screen.findByText('Meera Nair is now a member.')).toBeTruthy();
    const call = server.calls().find(([url]) => url.startsWith('/api/enquiry/convertEnquiry'));
    expect(call?.[0]).toBe('/api/enquiry/convertEnquiry?enquiryId=7');
    expect(JSON.parse(String(call?.[1].body))).toMatchObject({ name: 'Meera Nair', mobile: '9876500011' });
    // The list is asked again and now shows Meera converted, with no more actions to take.
    await waitFor(() => expect(within(rowOf('Meera Nair')).getByText('Converted')).toBeTruthy());
    expect(within(rowOf('Meera Nair')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Convert Meera Nair to a member' })).toBeNull();
  });

  it('offers no Convert to a reader who may not add members', async () => {
    storeTestSession({
      permissions: fullPermissions().map((p) => (p.moduleUniqueName === 'users' ? { ...p, add: false } : p)),
    });
    api();
    renderPage(<EnquiriesPage />, '/app/enquiries');
    await screen.findByText('Meera Nair');
    expect(within(rowOf('Meera Nair')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(rowOf('Meera Nair')).queryByRole('button', { name: 'Convert to member' })).toBeNull();
  });
});
