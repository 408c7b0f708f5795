import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../lib/i18n';
import { routes } from './router';

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

describe('routes', () => {
  it.each(['/', '/login'])('%s shows the sign-in placeholder', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/');
  });

  it.each(['/app', '/app/dashboard'])('%s shows the dashboard inside the frame', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Nothing to show yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/app');
  });

  it('an unknown /app path shows the not-found page inside the frame', async () => {
    renderAt('/app/no-such-screen');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/app');
  });

  it('an unknown public path shows the not-found page without the frame', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Library Admin' })).toBeNull();
  });
});
