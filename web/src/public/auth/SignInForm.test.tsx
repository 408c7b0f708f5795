import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieKeys, storageKeys } from '@app/contract/session';
import { fullPermissions } from '@app/contract/modules';
import type { Session } from '@app/contract/session';
import { readCookie } from '../../lib/session';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession } from '../../test/session';
import { SignInPage, SignInV2Page, SignInV3Page } from './SignInPages';

const session: Session = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  userId: 7,
  staffDetails: { staffId: 7, staffName: 'Demo Owner' },
  clientDetails: {
    clientId: 1,
    name: 'Demo Library',
    currency: 'INR',
    locale: 'en-IN',
    timezone: 'Asia/Kolkata',
  },
  permissions: fullPermissions(),
  branches: [
    { id: 1, name: 'Koramangala' },
    { id: 2, name: 'Indiranagar' },
  ],
  paymentDisabled: false,
};

const emailField = () => screen.getByRole('textbox', { name: /email/i });
const passwordField = () => screen.getByLabelText(/^Password/);
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

afterEach(clearTestSession);

describe('sign-in form', () => {
  it('keeps Continue disabled until something is typed', async () => {
    renderPage(<SignInPage />);
    expect((await screen.findByRole('button', { name: 'Continue' })).hasAttribute('disabled')).toBe(true);
    type(passwordField(), 'x');
    await waitFor(() => expect(continueButton().hasAttribute('disabled')).toBe(false));
  });

  it('variant 1 requires email/mobile and password, but accepts a mobile number', async () => {
    renderPage(<SignInPage />);
    type(await screen.findByRole('textbox', { name: /Email or mobile/ }), 'x');
    type(emailField(), '');
    type(passwordField(), 'x');
    type(passwordField(), '');
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    type(emailField(), '9800000001');
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(1));
    expect(screen.queryByText('Invalid email')).toBeNull();
  });

  it.each([
    ['2', SignInV2Page],
    ['3', SignInV3Page],
  ])('variant %s also wants an e-mail address', async (_variant, Page) => {
    renderPage(<Page />, '/login-v2');
    type(await screen.findByRole('textbox', { name: /Your Email/ }), '9800000001');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    type(emailField(), 'demo@library.test');
    await waitFor(() => expect(screen.queryByText('Invalid email')).toBeNull());
    fireEvent.click(continueButton());
    expect(await screen.findByText('Required')).toBeTruthy();
  });

  it('links as spec section 2 says', async () => {
    const first = renderPage(<SignInPage />);
    expect((await screen.findByRole('link', { name: 'Create new account' })).getAttribute('href')).toBe(
      '/register-v3',
    );
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/');
    first.unmount();
    renderPage(<SignInV2Page />);
    expect((await screen.findByRole('link', { name: 'Create new account' })).getAttribute('href')).toBe(
      '/register-v2',
    );
  });

  it('offers no social sign-in: disabled Google, Facebook and GitHub buttons led nowhere (issue 41, point 8)', async () => {
    renderPage(<SignInPage />);
    await screen.findByRole('button', { name: 'Continue' });
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names.filter((name) => /google|facebook|github|coming soon/i.test(name ?? ''))).toEqual([]);
    expect(screen.queryByRole('separator')).toBeNull();
  });

  it('stores the session where the specification says and goes to /app', async () => {
    const server = stubFetch(() => jsonResponse(200, session));
    const { router } = renderPage(<SignInPage />, '/login');
    type(await screen.findByRole('textbox', { name: /Email or mobile/ }), ' demo@library.test ');
    type(passwordField(), 'Demo@12345');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember' }));
    fireEvent.click(continueButton());
    expect(await screen.findByText('app home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app');
    expect(server.calls()[0]?.[0]).toBe('/api/authentication/login');
    expect(server.bodyOf(0)).toEqual({ email: 'demo@library.test', password: 'Demo@12345', remember: true });
    expect(localStorage.getItem(storageKeys.accessToken)).toBe('access-1');
    expect(localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-1');
    expect(localStorage.getItem(storageKeys.userId)).toBe('7');
    expect(JSON.parse(localStorage.getItem(storageKeys.staffDetails) ?? '')).toEqual(session.staffDetails);
    expect(JSON.parse(localStorage.getItem(storageKeys.branches) ?? '')).toEqual(session.branches);
    expect(JSON.parse(readCookie(cookieKeys.clientDetails) ?? '')).toEqual(session.clientDetails);
    expect(readCookie(cookieKeys.paymentDisabled)).toBe('false');
    expect(JSON.parse(readCookie(cookieKeys.permissions) ?? '')).toEqual(session.permissions);
  });

  it("shows the server's message when sign-in fails", async () => {
    stubFetch(() =>
      jsonResponse(429, {
        statusCode: 429,
        reason: 'RATE_LIMITED',
        message: 'Too many attempts; try again in a minute.',
      }),
    );
    renderPage(<SignInPage />);
    type(await screen.findByRole('textbox', { name: /Email or mobile/ }), 'demo@library.test');
    type(passwordField(), 'wrong');
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts; try again in a minute.');
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });
});
