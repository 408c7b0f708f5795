import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n from '../lib/i18n';
import { routes } from '../app/router';

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

describe('maintenance and coming-soon pages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('/maintenance explains and leads back home', async () => {
    renderAt('/maintenance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Under maintenance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('/coming-soon lists what is on the way and leads back home', async () => {
    renderAt('/coming-soon');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    renderAt('/coming-soon');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demnächst verfügbar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toBeTruthy();
  });
});
