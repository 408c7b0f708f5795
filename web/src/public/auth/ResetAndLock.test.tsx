import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { LockScreenPage } from './LockScreenPage';
import { ResetPasswordPage } from './ResetPasswordPage';

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

afterEach(clearTestSession);

describe('reset password', () => {
  it('requires an e-mail address of a simple pattern', async () => {
    renderPage(<ResetPasswordPage />, '/reset-password');
    expect(await screen.findByText('We will send reset password link to Your Email')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /Your Email/ });
    type(email, 'nope');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    type(email, '');
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it("sends the link, then shows 'Email sent' and the server's message", async () => {
    const message = 'If an account exists for this email, we have sent a reset password link to it.';
    const server = stubFetch(() => jsonResponse(200, { message }));
    renderPage(<ResetPasswordPage />, '/reset-password');
    type(await screen.findByRole('textbox', { name: /Your Email/ }), 'demo@library.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    expect(server.calls()[0]?.[0]).toBe('/api/authentication/forgotPassword');
    expect(server.bodyOf(0)).toEqual({ email: 'demo@library.test' });
  });

  it('with a token, sets the new password and links to sign-in', async () => {
    const server = stubFetch(() => jsonResponse(200, { message: 'Your password has been reset.' }));
    renderPage(<ResetPasswordPage />, '/reset-password?token=abc');
    const [password, confirm] = (await screen.findAllByLabelText(/Password/, { selector: 'input' })) as [
      HTMLElement,
      HTMLElement,
    ];
    type(password, 'NewSecret@1');
    type(confirm, 'NewSecret@2');
    expect(await screen.findByText('Passwords dont match')).toBeTruthy();
    type(confirm, 'NewSecret@1');
    await waitFor(() => expect(screen.queryByText('Passwords dont match')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(server.bodyOf(0)).toEqual({
      token: 'abc',
      newPassword: 'NewSecret@1',
      confirmPassword: 'NewSecret@1',
    });
  });

  it('shows the server message for a bad token', async () => {
    stubFetch(() =>
      jsonResponse(400, { statusCode: 400, reason: 'BAD_REQUEST', message: 'This reset link has expired.' }),
    );
    renderPage(<ResetPasswordPage />, '/reset-password?token=old');
    const [password, confirm] = (await screen.findAllByLabelText(/Password/, { selector: 'input' })) as [
      HTMLElement,
      HTMLElement,
    ];
    type(password, 'NewSecret@1');
    type(confirm, 'NewSecret@1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has expired.');
  });
});

describe('lock screen', () => {
  it('shows the hint and requires the password', async () => {
    storeTestSession();
    renderPage(<LockScreenPage />, '/lock-screen');
    const hint = await screen.findByText(/^Hint: Type anything to unlock!/);
    // Issue 14 point 7: the hint alone would promise what the screen does not do.
    expect(hint.textContent).toBe(
      'Hint: Type anything to unlock! Your password is still needed: the server checks it before the screen unlocks.',
    );
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    type(password, 'x');
    type(password, '');
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it("unlocks to /app when the server accepts the password, else shows the server's message", async () => {
    storeTestSession();
    let accept = false;
    stubFetch(() =>
      accept
        ? jsonResponse(200, { message: 'OK' })
        : jsonResponse(401, { statusCode: 401, reason: 'INVALID_CREDENTIALS', message: 'Wrong password.' }),
    );
    renderPage(<LockScreenPage />, '/lock-screen');
    type(await screen.findByLabelText(/^Password/, { selector: 'input' }), 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong password.');
    accept = true;
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('app home')).toBeTruthy();
  });

  it('goes to /login without a stored session', async () => {
    const { router } = renderPage(<LockScreenPage />, '/lock-screen');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});
