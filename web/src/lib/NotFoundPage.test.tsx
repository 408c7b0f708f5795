import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import i18n from './i18n';
import { NotFoundPage } from './NotFoundPage';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/no/such/page']}>
      <NotFoundPage />
    </MemoryRouter>,
  );
}

describe('NotFoundPage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows 404, the apology and a link to the dashboard', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops, Page Not Found :(')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go To Dashboard' });
    expect(link.getAttribute('href')).toBe('/app/dashboard');
  });

  it('speaks German when the locale is de', async () => {
    await i18n.changeLanguage('de');
    renderPage();
    expect(screen.getByText('Hoppla, Seite nicht gefunden :(')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zum Dashboard' }).getAttribute('href')).toBe('/app/dashboard');
  });
});
