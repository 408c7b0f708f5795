import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { isolateLtr } from '../../lib/bidi';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moduleNames } from '@app/contract/modules';
import type { User } from '@app/contract/users';
import { AppProviders } from '../../app/providers';
import { jsonResponse, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { addDays, orgToday } from '../../lib/dates';
import { testMember } from '../users/testData';
import { UserProfilePage } from './UserProfilePage';

const today = orgToday();
const asha: User = testMember({
  email: 'asha@example.test',
  mobile: '9876543210',
  validFrom: addDays(today, -20),
  validTill: addDays(today, 10),
  roomId: 2,
  seatNumber: 12,
  packageId: 4,
  address: '12 MG Road',
  joinedOn: addDays(today, -20),
});

const edit = {
  id: 31,
  at: '2026-01-05T09:30:00.000Z',
  action: 'update',
  staffId: 41,
  staffName: 'Demo Owner',
  before: { ...asha, roomId: 1, seatNumber: 3 },
  after: asha,
};

let stubTotal = 1;

function server(member: User | null = asha) {
  let current = member;
  return stubFetch((url, init) => {
    const path = url.split('?')[0]!;
    if (path === '/api/user/getUser') {
      return current === null
        ? jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'Member not found' })
        : jsonResponse(200, current);
    }
    if (path === '/api/user/getUserHistory' && url.includes('page=1&')) {
      const expiry = { ...edit, id: 5, action: 'expire', staffId: null, staffName: null };
      return jsonResponse(200, {
        items: [{ ...expiry, before: { status: true }, after: { status: false, inactiveReason: 'expired' } }],
        total: 11,
        page: 1,
        pageSize: 10,
      });
    }
    if (path === '/api/user/getUserHistory')
      return jsonResponse(200, { items: [edit], total: stubTotal, page: 0, pageSize: 10 });
    if (path === '/api/room/getRoom')
      return jsonResponse(200, { name: url.includes('roomId=2') ? 'Quiet Hall' : 'Main Hall' });
    if (path === '/api/package/getPackage') return jsonResponse(200, { packageName: 'Monthly' });
    if (path === '/api/message/getMemberMessagePrefs')
      return jsonResponse(200, { userId: 7, language: 'de', optOut: ['sms'] });
    if (path === '/api/message/updateMemberMessagePrefs')
      return jsonResponse(200, JSON.parse(String(init.body)) as object);
    if (path === '/api/user/reactivateUser') {
      return jsonResponse(409, {
        statusCode: 409,
        reason: 'CONFLICT',
        message: 'Seat 12 of Quiet Hall is taken by Ravi Kumar (08:00–14:00).',
      });
    }
    if (path === '/api/user/deactivateUser') {
      current = { ...asha, status: false, inactiveReason: 'deactivated' };
      return jsonResponse(200, current);
    }
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

function open(path: string) {
  const router = createMemoryRouter([{ path: '/app/UserProfile/:userId', element: <UserProfilePage /> }], {
    initialEntries: [path],
  });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  stubTotal = 1;
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('member profile', () => {
  it('shows the member, seat, package, validity and readable history', async () => {
    storeTestSession();
    server();
    open('/app/UserProfile/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('9876543210')).toBeTruthy();
    expect(await screen.findByText('Quiet Hall, seat 12')).toBeTruthy();
    expect(await screen.findByText('Monthly')).toBeTruthy();
    expect(screen.getByText(isolateLtr('08:00 – 14:00'))).toBeTruthy();
    expect(screen.getByTestId('validity-state').textContent).toBe('10 days left');
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Edited')).toBeTruthy();
    expect(within(history).getByText('by Demo Owner')).toBeTruthy();
    // Room ids read as names; the old value follows.
    await waitFor(() => expect(history.textContent).toContain('Room: Quiet Hall (was Main Hall)'));
    expect(history.textContent).toContain('Seat: 12 (was 3)');
    expect(history.textContent).not.toContain('updatedAt');
  });

  it('shows the member’s message language and opt-outs and saves a change', async () => {
    storeTestSession();
    const api = server();
    open('/app/UserProfile/7');
    const card = await screen.findByRole('region', { name: 'Messages' });
    const sms = await within(card).findByRole('checkbox', { name: 'SMS' });
    expect((sms as HTMLInputElement).checked).toBe(true);
    expect(within(card).getByRole('combobox', { name: 'Language of page and messages' }).textContent).toBe(
      'German',
    );
    fireEvent.click(within(card).getByRole('checkbox', { name: 'WhatsApp' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save message preferences' }));
    await waitFor(() =>
      expect(api.calls().some(([u]) => u.startsWith('/api/message/updateMemberMessagePrefs'))).toBe(true),
    );
    const put = api.calls().findIndex(([u]) => u.startsWith('/api/message/updateMemberMessagePrefs'));
    expect(api.bodyOf(put)).toEqual({ userId: 7, language: 'de', optOut: ['sms', 'whatsapp'] });
  });

  it('pages through the history; an expiry reads as done by the system', async () => {
    storeTestSession();
    const api = server();
    stubTotal = 11;
    open('/app/UserProfile/7');
    const history = await screen.findByRole('region', { name: 'History' });
    fireEvent.click(await within(history).findByRole('button', { name: 'Go to page 2' }));
    expect(await within(history).findByText('by the system')).toBeTruthy();
    expect(history.textContent).toContain('Status: Inactive (was Active)');
    expect(api.calls().some(([u]) => u === '/api/user/getUserHistory?userId=7&page=1&pageSize=10')).toBe(
      true,
    );
  });

  it('shows the not-found page for an id the API does not know (another branch or organisation)', async () => {
    storeTestSession();
    const api = server(null);
    open('/app/UserProfile/999');
    expect(await screen.findByText('Oops, Page Not Found :(')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Asha Rao' })).toBeNull();
    expect(api.calls()[0]?.[0]).toBe('/api/user/getUser?userId=999');
  });

  it('shows not-found for an id that is not a number, without asking the API', async () => {
    storeTestSession();
    const api = server();
    open('/app/UserProfile/abc');
    expect(await screen.findByText('Oops, Page Not Found :(')).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });

  it('deactivates after confirmation and then shows the member as inactive', async () => {
    storeTestSession();
    const api = server();
    open('/app/UserProfile/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Asha Rao?' });
    expect(api.calls().some(([u]) => u.startsWith('/api/user/deactivateUser'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Inactive: deactivated')).toBeTruthy();
    const call = api.calls().find(([u]) => u.startsWith('/api/user/deactivateUser'));
    expect(call?.[0]).toBe('/api/user/deactivateUser?userId=7');
    expect(call?.[1].method).toBe('PUT');
  });

  it("asks before reactivating a deactivated member and shows the server's refusal", async () => {
    storeTestSession();
    const api = server({ ...asha, status: false, inactiveReason: 'deactivated' });
    open('/app/UserProfile/7');
    expect(await screen.findByText('Inactive: deactivated')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reactivate Asha Rao?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    expect(
      await screen.findByText('Seat 12 of Quiet Hall is taken by Ravi Kumar (08:00–14:00).'),
    ).toBeTruthy();
    expect(api.calls().some(([u]) => u === '/api/user/reactivateUser?userId=7')).toBe(true);
    expect(screen.getByText('Inactive: deactivated')).toBeTruthy();
  });

  it('explains that an expired member needs a payment instead of offering reactivation', async () => {
    storeTestSession();
    server({ ...asha, status: false, inactiveReason: 'expired', validTill: addDays(today, -3) });
    open('/app/UserProfile/7');
    expect(await screen.findByText('Inactive: validity expired')).toBeTruthy();
    expect(screen.getByText(/A payment is needed to extend it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
    expect(screen.getByTestId('validity-state').textContent).toBe('Expired 3 days ago');
  });

  it('offers no edit or status change to a view-only staff member', async () => {
    storeTestSession({
      permissions: moduleNames.map((m) => ({
        moduleUniqueName: m,
        view: true,
        add: false,
        edit: false,
        delete: false,
      })),
    });
    server();
    open('/app/UserProfile/7');
    await screen.findByRole('heading', { level: 1, name: 'Asha Rao' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });
});
