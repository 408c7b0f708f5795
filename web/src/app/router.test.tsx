import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../lib/i18n';
import { clearTestSession, storeTestSession } from '../test/session';
import { AppProviders } from './providers';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(clearTestSession);

describe('public routes', () => {
  it.each(['/', '/login', '/login-v2', '/login-v3'])('%s shows a sign-in form', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/');
  });

  it.each(['/register', '/register-v2', '/register-v3'])('%s shows a registration form', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'With Email' })).toBeTruthy();
  });

  it('/reset-password asks for the e-mail address', async () => {
    renderAt('/reset-password');
    expect(await screen.findByText('We will send reset password link to Your Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });

  it('/lock-screen without a stored session goes to /login', async () => {
    const router = renderAt('/lock-screen');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('an unknown public path shows the not-found page without the frame', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Library Admin' })).toBeNull();
  });
});

describe('/app routes', () => {
  it('send a visitor without an access token to /login', async () => {
    const router = renderAt('/app/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  describe('signed in with an active branch', () => {
    beforeEach(() => storeTestSession());

    it.each(['/app', '/app/dashboard'])('%s shows the dashboard inside the frame', async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(screen.getByText('Your branch today')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/app');
    });

    it('an unknown /app path shows the not-found page inside the frame', async () => {
      renderAt('/app/no-such-screen');
      expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/app');
    });
  });
});
