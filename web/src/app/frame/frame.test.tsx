import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { visibleMenu } from '@app/contract/menu';
import { fullPermissions } from '@app/contract/modules';
import type { PermissionRecord } from '@app/contract/modules';
import '../../lib/i18n';
import { clearTestSession, storeTestSession } from '../../test/session';
import { AppProviders } from '../providers';
import { routes } from '../router';
import { FrameBreadcrumbs } from './FrameBreadcrumbs';
import { SearchUi } from './SearchUi';
import { SideMenu } from './SideMenu';

/** The seeded receptionist's role (api seed): no fee settings, accounting beyond payments, staff or rooms. */
const receptionist: PermissionRecord[] = [
  { moduleUniqueName: 'dashboard', view: true, add: false, edit: false, delete: false },
  { moduleUniqueName: 'users', view: true, add: true, edit: true, delete: false },
  { moduleUniqueName: 'inactiveUsers', view: true, add: false, edit: false, delete: false },
  { moduleUniqueName: 'enquiries', view: true, add: true, edit: true, delete: false },
  { moduleUniqueName: 'payments', view: true, add: true, edit: false, delete: false },
  { moduleUniqueName: 'branches', view: true, add: false, edit: false, delete: false },
];

function renderIn(element: React.ReactElement, path: string) {
  const router = createMemoryRouter(
    [
      { path: '/app/*', element },
      { path: '*', element },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(clearTestSession);

describe('side menu', () => {
  it('opens the group of the current path, marks the active item, and keeps one group open', async () => {
    renderIn(<SideMenu entries={visibleMenu(fullPermissions())} />, '/app/feeTypes');
    const active = await screen.findByRole('link', { name: 'Fee Types' });
    expect(active.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Packages' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Users' }));
    expect(await screen.findByRole('link', { name: 'Inactive Users' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fee Types' })).toBeNull());

    // Choosing the open group closes it.
    fireEvent.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Inactive Users' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Users' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('hides the groups a limited role may not see', () => {
    renderIn(<SideMenu entries={visibleMenu(receptionist)} />, '/app/dashboard');
    expect(screen.getByRole('button', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accounting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Branches' })).toBeTruthy();
    for (const hidden of ['Fee Settings', 'Staff Management']) {
      expect(screen.queryByRole('button', { name: hidden })).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Rooms' })).toBeNull();
  });
});

describe('Search UI', () => {
  it('offers at most 5 entries, the match in bold, and Enter opens the first', async () => {
    storeTestSession();
    const router = renderIn(<SearchUi />, '/app/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search UI' });
    fireEvent.change(box, { target: { value: 'e' } });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options[0]!.querySelector('strong')?.textContent?.toLowerCase()).toBe('e');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/usersV2'));
  });

  it('arrow keys choose the suggestion Enter opens', async () => {
    storeTestSession();
    const router = renderIn(<SearchUi />, '/app/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search UI' });
    fireEvent.change(box, { target: { value: 'fee' } });
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/feeTypes'));
  });

  it('offers only entries the permissions show', async () => {
    storeTestSession({ permissions: receptionist });
    renderIn(<SearchUi />, '/app/dashboard');
    const box = screen.getByRole('combobox', { name: 'Search UI' });
    fireEvent.change(box, { target: { value: 'fee' } });
    expect(await screen.findByText('No matching entries')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'pay' } });
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Payments']);
  });
});

describe('breadcrumbs', () => {
  it('are hidden on /app and on the demo dashboards', () => {
    for (const path of ['/app', '/app/dashboard/sales-marketing', '/app/dashboard/cryptocurrency']) {
      const { unmount } = render(
        <AppProviders>
          <RouterProvider
            router={createMemoryRouter([{ path: '*', element: <FrameBreadcrumbs /> }], {
              initialEntries: [path],
            })}
          />
        </AppProviders>,
      );
      expect(screen.queryByText('You are here:')).toBeNull();
      unmount();
    }
  });

  it('show the path segments as links, the last as text', () => {
    renderIn(<FrameBreadcrumbs />, '/app/feeStructures');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    // The menu's name for the route (UI.md), which German translates (issue 14).
    expect(trail.textContent).toBe('You are here: App / Fee Structure');
    expect(within(trail).getByRole('link', { name: 'App' }).getAttribute('href')).toBe('/app');
    expect(within(trail).queryByRole('link', { name: 'Fee Structure' })).toBeNull();
  });

  it('link only segments that are pages themselves (no dead ends)', () => {
    renderIn(<FrameBreadcrumbs />, '/app/payments/42/receipt');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(trail.textContent).toBe('You are here: App / Payments / 42 / Receipt');
    expect(within(trail).getByRole('link', { name: 'Payments' }).getAttribute('href')).toBe('/app/payments');
    expect(within(trail).queryByRole('link', { name: '42' })).toBeNull();
  });
});

describe('permission inside the frame', () => {
  it('a route the role may not open shows permission denied with a way back', async () => {
    storeTestSession({ permissions: receptionist });
    const router = createMemoryRouter(routes, { initialEntries: ['/app/packages'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to an allowed page' }).getAttribute('href')).toBe(
      '/app/dashboard',
    );
    expect(screen.queryByRole('heading', { name: 'Packages' })).toBeNull();
  });
});

describe('brand links', () => {
  it('the top bar logo leads to / and the side drawer brand to /app (spec section 2)', async () => {
    storeTestSession({ permissions: receptionist });
    const router = createMemoryRouter(routes, { initialEntries: ['/app/packages'] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/');
    fireEvent.click(within(bar).getByRole('button', { name: 'Open menu' }));
    const drawer = await waitFor(() => {
      const paper = document.querySelector<HTMLElement>('.MuiDrawer-paper');
      expect(paper).not.toBeNull();
      return paper!;
    });
    expect(within(drawer).getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/app');
  });
});
