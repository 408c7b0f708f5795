import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import '../lib/i18n';
import { clearTestSession, onlyPermissions, storeTestSession } from '../test/session';
import { AppProviders } from './providers';
import { demoRoutePatcher, routes, warmOnFirstUse } from './router';
import { forgetPrefetched, get } from '../lib/api';
import { resourcePaths } from '../lib/table/resource';
import { apiListQuery, tableDefaultPageSize } from '../lib/table/useTableState';
import { activeUserResource } from '../features/users/resource';
import { useMemberLookups } from '../features/users/options';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    patchRoutesOnNavigation: demoRoutePatcher(),
  });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  clearTestSession();
  // A loader's prefetch is handed to the same prefetch for a few seconds (lib/api.ts): each test asks anew.
  forgetPrefetched();
});

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
      // The top bar's logo leads to / (spec section 2).
      expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/');
    });

    it('a demo page joins the route table when first visited; the product table has none', async () => {
      const paths = (list: RouteObject[]): string[] =>
        list.flatMap((route) => [route.path ?? '', ...paths(route.children ?? [])]);
      expect(paths(routes).filter((path) => path.startsWith('pages/') || path.startsWith('blog/'))).toEqual([
        'pages/permissionDenied',
        'pages/error',
      ]);
      const router = renderAt('/app/pages/blank-page');
      expect(await screen.findByRole('heading', { name: 'Blank Page' })).toBeTruthy();
      // Patched once: the next unknown path still ends on the not-found page.
      await router.navigate('/app/no-such-screen');
      expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    });

    it('an unknown /app path shows the not-found page inside the frame', async () => {
      renderAt('/app/no-such-screen');
      expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Library Admin' }).getAttribute('href')).toBe('/');
    });
  });
});

describe('the members list starts with its route (issue 21, time to rows)', () => {
  /** The route object of `path` under /app. */
  function appRoute(path: string): RouteObject {
    const search = (list: RouteObject[]): RouteObject | undefined =>
      list.map((route) => (route.path === path ? route : search(route.children ?? []))).find(Boolean);
    return search(routes)!;
  }

  const firstPage = () =>
    get(resourcePaths(activeUserResource).list, {
      query: {
        ...apiListQuery({ page: 0, pageSize: tableDefaultPageSize, sort: undefined, q: '', filters: {} }),
        ...activeUserResource.fixedQuery,
        after: undefined,
      },
    });

  it('the loader asks for exactly the first page the table asks for, which then takes that answer', async () => {
    storeTestSession();
    const fetchMock = vi.fn(async () => new Response('{"items":[],"total":0,"page":0,"pageSize":5}'));
    vi.stubGlobal('fetch', fetchMock);
    try {
      for (const path of ['users', 'usersV2']) {
        // Each path stands for a page load of its own (firstPage draws with a fresh query cache).
        forgetPrefetched();
        fetchMock.mockClear();
        const loader = appRoute(path).loader as (args: { request: Request }) => unknown;
        expect(loader({ request: new Request(`http://localhost/app/${path}`) })).toBeNull();
        const listCalls = () =>
          fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]).startsWith('/api/user/'));
        expect(listCalls()).toHaveLength(1);
        await firstPage();
        // The table's request was answered by the prefetch: no second call.
        expect(listCalls()).toHaveLength(1);
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the loader asks for the catalogues the rows name, exactly as the page asks for them', async () => {
    storeTestSession();
    const fetchMock = vi.fn(async () => new Response('{"items":[],"total":0,"page":0,"pageSize":100}'));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const loader = appRoute('users').loader as (args: { request: Request }) => unknown;
      // With a narrowed view too: the cells name rooms, packages and fee structures all the same.
      loader({ request: new Request('http://localhost/app/users?sort=-name') });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      let lookups: ReturnType<typeof useMemberLookups> | undefined;
      function Lookups() {
        lookups = useMemberLookups();
        return null;
      }
      render(
        <AppProviders>
          <Lookups />
        </AppProviders>,
      );
      await waitFor(() => expect(lookups).toEqual({ rooms: [], packages: [], feeStructures: [] }));
      // The page's three lists were answered by the loader's requests: none asked again.
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not prefetch a view the address narrows, nor re-runs on the table’s own changes', async () => {
    storeTestSession();
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const route = appRoute('users');
      const loader = route.loader as (args: { request: Request }) => unknown;
      loader({ request: new Request('http://localhost/app/users?sort=-name') });
      const lists = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]).split('?')[0]);
      expect(lists).not.toContain('/api/user/getUsers');
      expect((route.shouldRevalidate as () => boolean)()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the signed-in app is fetched once someone starts on the sign-in form', () => {
  it('loads nothing on its own, everything at the first key, once', () => {
    const load = vi.fn(async () => ({}));
    warmOnFirstUse([load, load]);
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(load).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new FocusEvent('focusin'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lists staff switch between start their first page with the route (issue 36)', () => {
  beforeEach(() => storeTestSession());

  it.each([
    ['/app/payments', '/api/payment/getPayments'],
    ['/app/enquiries', '/api/enquiry/getEnquiries'],
    ['/app/expenses', '/api/expense/getExpenses'],
    ['/app/feeTypes', '/api/feeType/getFeeTypes'],
    ['/app/staff', '/api/staff/getActiveStaffByClient'],
  ])('%s: the table takes the loader’s request, so its list is asked for once', async (path, list) => {
    const fetchMock = vi.fn(async () => new Response('{"items":[],"total":0,"page":0,"pageSize":5}'));
    vi.stubGlobal('fetch', fetchMock);
    const listCalls = () =>
      fetchMock.mock.calls
        .map((call) => String((call as unknown[])[0]))
        .filter((url) => url.split('?')[0] === list);
    try {
      // The route's loader alone asks for the first page (as a hover on a link to it does) ...
      const route = matchRoutes(routes, path)!.at(-1)!.route;
      const loader = route.loader as (args: { request: Request }) => unknown;
      expect(loader({ request: new Request(`http://localhost${path}`) })).toBeNull();
      expect(listCalls()).toHaveLength(1);
      // ... and the screen, drawn after it, asks for nothing more.
      renderAt(path);
      await waitFor(() =>
        expect(document.querySelector('[data-testid="first-page"], .MuiDataGrid-root')).not.toBeNull(),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      // A table asking for another page, size or order than the loader would make it two.
      expect(listCalls()).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a role that may not read a list asks nothing of it (issue 41, point 8)', () => {
  // The demo's receptionist: no expenses and no staff administration.
  const receptionist = onlyPermissions({
    dashboard: 'v',
    users: 'vae',
    inactiveUsers: 'v',
    enquiries: 'vae',
    payments: 'va',
    branches: 'v',
  });
  beforeEach(() => storeTestSession({ permissions: receptionist }));

  it.each([
    ['/app/expenses', '/api/expense/getExpenses'],
    ['/app/staff', '/api/staff/getActiveStaffByClient'],
  ])('%s shows the refusal page without asking for %s first', async (path, list) => {
    const fetchMock = vi.fn(async () => new Response('{"items":[],"total":0,"page":0,"pageSize":5}'));
    vi.stubGlobal('fetch', fetchMock);
    const listCalls = () =>
      fetchMock.mock.calls
        .map((call) => String((call as unknown[])[0]))
        .filter((url) => url.split('?')[0] === list);
    try {
      // Neither a hover on a link to it (routePreload.ts runs the loader) ...
      const route = matchRoutes(routes, path)!.at(-1)!.route;
      const loader = route.loader as (args: { request: Request }) => unknown;
      loader({ request: new Request(`http://localhost${path}`) });
      // ... nor opening it: the API would answer 403 before the refusal page.
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(listCalls()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
