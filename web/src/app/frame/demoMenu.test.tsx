import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../lib/i18n';
import { jsonResponse, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { AppProviders } from '../providers';
import { SearchUi } from './SearchUi';
import { useVisibleMenu } from './useFrameMenu';

// Issue 41, point 8: the template's DEMO menu was shown to every role. The API says whether the
// signed-in staff member's menu shows it: owners only, while the organisation does.

function TopEntries() {
  return (
    <p data-testid="entries">
      {useVisibleMenu()
        .map((entry) => entry.key)
        .join(' ')}
    </p>
  );
}

function renderIn(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/app/dashboard'] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('the demo menu', () => {
  it.each([
    [true, true],
    [false, false],
  ])('with demoMenu %s from the API, the menu and the search show it: %s', async (demoMenu, shown) => {
    storeTestSession();
    const server = stubFetch((url) =>
      url.startsWith('/api/settings/getMenu') ? jsonResponse(200, { demoMenu }) : jsonResponse(404, {}),
    );
    renderIn(
      <>
        <TopEntries />
        <SearchUi />
      </>,
    );
    await waitFor(() => expect(server.calls().map((call) => call[0])).toContain('/api/settings/getMenu'));
    const entries = screen.getByTestId('entries');
    await waitFor(() => expect(entries.textContent).toContain('messages'));
    if (shown) await waitFor(() => expect(entries.textContent).toContain('demoGroup'));
    else {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(entries.textContent).not.toContain('demoGroup');
    }
    fireEvent.change(screen.getByRole('combobox', { name: 'Search UI' }), { target: { value: 'Charts' } });
    if (shown) expect(await screen.findAllByRole('option')).toHaveLength(1);
    else {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryAllByRole('option')).toHaveLength(0);
    }
  });
});
