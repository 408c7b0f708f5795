import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { isolateLtr } from '../../lib/bidi';
import { jsonResponse, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { MemberFormDialog } from './MemberFormDialog';
import type { MemberFormDialogProps } from './MemberFormDialog';
import { catalogueResponse, testMember } from './testData';

function api(create: () => Response = () => jsonResponse(201, testMember({ userId: 9 }))) {
  return stubFetch(async (url) => {
    const catalogue = catalogueResponse(url);
    if (catalogue !== undefined) return catalogue;
    if (url === '/api/user/createUser') return create();
    if (url.startsWith('/api/user/updateUser')) return jsonResponse(200, testMember());
    if (url.startsWith('/api/device/getDevices'))
      return jsonResponse(200, { items: [testDevice], total: 1, page: 0, pageSize: 100 });
    return jsonResponse(404, { statusCode: 404, reason: 'NOT_FOUND', message: 'no route' });
  });
}

const testDevice = {
  id: 5,
  branchId: 1,
  serialNumber: 'CQUJ0005',
  name: 'Front door',
  status: 'accepted',
  firstContactAt: null,
  lastContactAt: null,
  lastAddress: null,
  firmware: null,
  queueLength: 0,
  members: 0,
  acceptedAt: null,
  createdAt: '2026-11-25T08:00:00.000Z',
};

function renderDialog(props: Partial<MemberFormDialogProps> = {}) {
  const onClose = vi.fn();
  render(
    <AppProviders>
      <MemberFormDialog open onClose={onClose} {...props} />
    </AppProviders>,
  );
  return { onClose, dialog: screen.getByRole('dialog') };
}

const seat = (dialog: HTMLElement, n: number) =>
  within(dialog).getByRole('radio', { name: new RegExp(`^Seat ${n},`) });

async function fillRequired(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
    target: { value: 'Ravi Kumar' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Mobile/ }), {
    target: { value: '98765 00042' },
  });
  fireEvent.change(within(dialog).getByLabelText(/^Valid till/), { target: { value: '2099-06-30' } });
}

async function chooseRoom(dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Room/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Quiet Hall (4 seats)' }));
}

const bodyOf = (server: ReturnType<typeof api>, path: string) => {
  const call = server.calls().find(([url]) => url === path);
  return call === undefined ? undefined : (JSON.parse(String(call[1].body)) as Record<string, unknown>);
};

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('MemberFormDialog', () => {
  it('adds a member with a free seat; a taken seat names its holder and cannot be chosen', async () => {
    storeTestSession();
    const server = api();
    const onSaved = vi.fn();
    const { dialog, onClose } = renderDialog({ onSaved });
    expect(within(dialog).getByRole('heading', { name: 'Add Member' })).toBeTruthy();
    await fillRequired(dialog);
    await chooseRoom(dialog);

    // The whole day (the default window) overlaps Asha's 08:00–14:00 on seat 2.
    const taken = await waitFor(() => seat(dialog, 2));
    expect(taken.getAttribute('aria-label')).toBe(`Seat 2, taken by Asha Rao (${isolateLtr('08:00–14:00')})`);
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(taken);
    expect(taken.getAttribute('aria-checked')).toBe('false');
    expect(
      within(dialog).getByText(`Seat 2, taken by Asha Rao (${isolateLtr('08:00–14:00')})`, { selector: 'p' }),
    ).toBeTruthy();

    fireEvent.click(seat(dialog, 3));
    expect(seat(dialog, 3).getAttribute('aria-checked')).toBe('true');
    expect(within(dialog).getByText('Seat 3 chosen')).toBeTruthy();
    const availability = server.calls().find(([url]) => url.startsWith('/api/user/getSeatAvailability'));
    expect(availability?.[0]).toContain(
      'roomId=3&entryTime=00%3A00%3A00&exitTime=00%3A00%3A00&nextDayExit=false',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSaved).toHaveBeenCalledOnce();
    expect(bodyOf(server, '/api/user/createUser')).toMatchObject({
      name: 'Ravi Kumar',
      mobile: '9876500042',
      email: null,
      validTill: '2099-06-30',
      entryTime: '00:00:00',
      exitTime: '00:00:00',
      nextDayExit: false,
      roomId: 3,
      seatNumber: 3,
    });
  });

  it('asks again when the window changes: a non-overlapping window frees the seat', async () => {
    storeTestSession();
    const server = api();
    const { dialog } = renderDialog();
    await chooseRoom(dialog);
    await waitFor(() => expect(seat(dialog, 2).getAttribute('aria-disabled')).toBe('true'));
    fireEvent.change(within(dialog).getByLabelText('Entry time'), { target: { value: '14:00' } });
    fireEvent.change(within(dialog).getByLabelText('Exit time'), { target: { value: '20:00' } });
    await waitFor(() => expect(seat(dialog, 2).getAttribute('aria-disabled')).toBe('false'));
    expect(seat(dialog, 2).getAttribute('aria-label')).toBe(
      `Seat 2, free at this time (also held by Asha Rao (${isolateLtr('08:00–14:00')}))`,
    );
    expect(server.calls().some(([url]) => url.includes('entryTime=14%3A00%3A00&exitTime=20%3A00%3A00'))).toBe(
      true,
    );
  });

  it('moves through the seats with the arrow keys, one seat in the tab order', async () => {
    storeTestSession();
    api();
    const { dialog } = renderDialog();
    await chooseRoom(dialog);
    await waitFor(() => seat(dialog, 1));
    // Only one seat is in the tab order: the first free one.
    expect(seat(dialog, 1).getAttribute('tabindex')).toBe('0');
    expect(seat(dialog, 3).getAttribute('tabindex')).toBe('-1');
    seat(dialog, 1).focus();
    fireEvent.keyDown(seat(dialog, 1), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(seat(dialog, 2));
    fireEvent.keyDown(seat(dialog, 2), { key: 'End' });
    expect(document.activeElement).toBe(seat(dialog, 4));
    expect(seat(dialog, 4).getAttribute('tabindex')).toBe('0');
  });

  it('checks the form first, then shows the server conflict message (a known mobile)', async () => {
    storeTestSession();
    const server = api(() =>
      jsonResponse(409, {
        statusCode: 409,
        reason: 'CONFLICT',
        message: 'A member with this mobile number already exists.',
      }),
    );
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ravi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(1);
    expect(within(dialog).getByText('Enter a valid date')).toBeTruthy();
    expect(server.calls().some(([url]) => url === '/api/user/createUser')).toBe(false);

    // The message sits at the top of a long form: it is scrolled into view.
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    await fillRequired(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText('A member with this mobile number already exists.');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(message.closest('[role="alert"]')).toBe(scrolled.mock.contexts.at(-1));
  });

  it('edits a member: their own seat is not held against them, and the update names them', async () => {
    storeTestSession();
    const server = api();
    const { dialog } = renderDialog({ member: testMember() });
    expect(within(dialog).getByRole('heading', { name: 'Edit Member' })).toBeTruthy();
    await waitFor(() => expect(seat(dialog, 2).getAttribute('aria-checked')).toBe('true'));
    expect(server.calls().some(([url]) => url.includes('excludeUserId=7'))).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Notes/ }), { target: { value: 'Exams' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodyOf(server, '/api/user/updateUser?userId=7')).toBeDefined());
    expect(bodyOf(server, '/api/user/updateUser?userId=7')).toMatchObject({
      roomId: 3,
      seatNumber: 2,
      notes: 'Exams',
    });
  });

  it('a chosen fee structure fills the validity end and the window it defines', async () => {
    storeTestSession();
    api();
    const { dialog } = renderDialog({ initial: { validFrom: '2026-03-01' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Fee structure/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Evening 30 days' }));
    // 30 days from 1 March, the first day included; shown the reader's way (lib/dates: the test
    // session names no organisation locale, so plain English, month first).
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/^Valid till/) as HTMLInputElement).value).toBe('03/30/2026'),
    );
    expect((within(dialog).getByLabelText('Entry time') as HTMLInputElement).value).toBe('14:00:00');
    expect((within(dialog).getByLabelText('Exit time') as HTMLInputElement).value).toBe('20:00:00');
  });

  it('starts from `initial` and sends through `submit` when given (an enquiry being converted)', async () => {
    storeTestSession();
    const server = api();
    const submit = vi.fn(async () => undefined);
    const { dialog, onClose } = renderDialog({
      initial: { name: 'Meera', mobile: '9000000001' },
      submit,
      title: 'Convert to member',
    });
    expect(within(dialog).getByRole('heading', { name: 'Convert to member' })).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Meera');
    fireEvent.change(within(dialog).getByLabelText(/^Valid till/), { target: { value: '2099-01-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Meera', mobile: '9000000001' }));
    expect(server.calls().some(([url]) => url === '/api/user/createUser')).toBe(false);
  });

  it('a form filled completely from `initial` saves without any change (an enquiry as it stands)', async () => {
    storeTestSession();
    api();
    const submit = vi.fn(async () => undefined);
    const { dialog, onClose } = renderDialog({
      initial: { name: 'Meera', mobile: '9000000001', validFrom: '2099-01-01', validTill: '2099-01-31' },
      submit,
    });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ validTill: '2099-01-31' }));
  });

  it("enrols on one of the branch's door devices, chosen by name", async () => {
    storeTestSession();
    const server = api();
    const { dialog, onClose } = renderDialog();
    await fillRequired(dialog);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Added to biometric machine' }));
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: /^Door device/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Front door (CQUJ0005)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(bodyOf(server, '/api/user/createUser')).toMatchObject({
      addedToBiometricMachine: true,
      biometricMachineId: 5,
    });
  });
});
