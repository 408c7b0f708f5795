import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieKeys, storageKeys } from '@app/contract/session';
import { hardNavigate } from '../../lib/navigation';
import { jsonResponse, renderPage, stubFetch, stubMatchMedia } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { ChangePasswordDialog, closeAfterSuccessMs } from './ChangePasswordDialog';
import { UserMenu } from './UserMenu';

vi.mock('../../lib/navigation', () => ({
  hardNavigate: vi.fn(),
  reloadPage: vi.fn(),
  isLeavingPage: () => false,
}));

beforeEach(() => {
  storeTestSession();
  vi.mocked(hardNavigate).mockClear();
});
afterEach(clearTestSession);

function renderDialog() {
  const onClose = vi.fn();
  renderPage(<ChangePasswordDialog open onClose={onClose} />, '/app');
  return onClose;
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Change Password dialog', () => {
  it('is titled Change Password and shows the staff id', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByText('Staff ID: 41')).toBeTruthy();
  });

  it('is full-screen at widths of 768 px or less', async () => {
    stubMatchMedia((query) => query.replace(/\s/g, '') === '(max-width:768px)');
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });

  it("alerts 'All fields are required.' unless new and confirm are both filled", async () => {
    const server = stubFetch(() => jsonResponse(200, 'never'));
    renderDialog();
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required.');
    fill('New Password', 'Secret@123');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('All fields are required.');
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it("alerts 'New Password and Confirm Password do not match.' when they differ", async () => {
    const server = stubFetch(() => jsonResponse(200, 'never'));
    renderDialog();
    fill('New Password', 'Secret@123');
    fill('Confirm Password', 'Secret@124');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'New Password and Confirm Password do not match.',
    );
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('does not check the old password, shows the answer and closes 1000 ms after success', async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onClose = renderDialog();
    fill('New Password', 'Secret@123');
    fill('Confirm Password', 'Secret@123');
    save();
    await waitFor(() => expect(server.fetchMock).toHaveBeenCalledOnce());
    const [url, init] = server.calls()[0]!;
    expect(url).toBe('/api/authentication/changeStaffPassword');
    expect(init.method).toBe('PUT');
    expect(server.bodyOf(0)).toEqual({
      userId: 41,
      oldPassword: '',
      newPassword: 'Secret@123',
      confirmPassword: 'Secret@123',
    });
    // Disabled while sending.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    const timers = vi.spyOn(window, 'setTimeout');
    await act(async () => answer(jsonResponse(200, 'Password changed successfully.')));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Password changed successfully.')).toBeTruthy();
    // The same text also arrives as a success notification.
    await waitFor(() => expect(screen.getAllByText('Password changed successfully.')).toHaveLength(2));
    expect((input('New Password') as HTMLInputElement).value).toBe('');
    expect((input('Confirm Password') as HTMLInputElement).value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    // The close is a timer of exactly closeAfterSuccessMs (asserted on the timer, not on the clock:
    // a busy machine stretches or squeezes what a test measures between two moments).
    expect(timers.mock.calls.some(([, delay]) => delay === closeAfterSuccessMs)).toBe(true);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it("shows the server's message on failure, or 'An error occurred.' without one", async () => {
    let fail = jsonResponse(401, {
      statusCode: 401,
      reason: 'INVALID_CREDENTIALS',
      message: 'The old password is not correct.',
    });
    stubFetch(() => fail);
    const onClose = renderDialog();
    fill('Old Password', 'nope');
    fill('New Password', 'Secret@123');
    fill('Confirm Password', 'Secret@123');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('The old password is not correct.');
    fail = new Response('', { status: 500 });
    save();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('An error occurred.'));
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('user menu', () => {
  it('offers the four statuses, Change Password and Log Out', async () => {
    renderPage(<UserMenu />, '/app');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    const statuses = within(menu)
      .getAllByRole('menuitemradio')
      .map((item) => item.textContent);
    expect(statuses).toEqual(['Online', 'Idle', 'Bussy', 'Offline']);
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Bussy' }));
    expect(within(menu).getByRole('menuitemradio', { name: 'Bussy' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Change Password' }));
    expect(await screen.findByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });

  it('Log Out posts the refresh token, clears the stored session and goes to /', async () => {
    const server = stubFetch(() => jsonResponse(500, {}));
    localStorage.setItem(storageKeys.activeBranch, JSON.stringify({ id: 1, name: 'Koramangala' }));
    document.cookie = `${cookieKeys.clientDetails}=x; Path=/`;
    document.cookie = `${cookieKeys.paymentDisabled}=false; Path=/`;
    renderPage(<UserMenu />, '/app');
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/'));
    expect(server.calls()[0]?.[0]).toBe('/api/authentication/logout');
    expect(server.bodyOf(0)).toEqual({ refreshToken: 'test-refresh' });
    for (const key of Object.values(storageKeys)) expect(localStorage.getItem(key), key).toBeNull();
    for (const key of Object.values(cookieKeys)) expect(document.cookie).not.toContain(`${key}=`);
  });
});
