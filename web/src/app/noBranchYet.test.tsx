// The first sign-in has no active branch: the frame asks for one in its dialog, and nothing that
// needs a branch is asked before (issue 35, point 5: the dashboard's loader asked getDashboard, a
// 400 behind the dialog).
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import '../lib/i18n';
import { clearTestSession, storeTestSession } from '../test/session';
import { AppProviders } from './providers';
import { demoRoutePatcher, routes } from './router';

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

const stubbedFetch = () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
};

/** Every route of the table that has a loader, with its path. */
function routesWithLoaders(list: RouteObject[] = routes): RouteObject[] {
  return list.flatMap((r) => [...(r.loader ? [r] : []), ...routesWithLoaders(r.children ?? [])]);
}

describe('before a branch is chosen', () => {
  it('the frame shows the branch dialog and asks for no dashboard figures', async () => {
    storeTestSession({ activeBranch: null });
    const urls = stubbedFetch();
    const router = createMemoryRouter(routes, {
      initialEntries: ['/app'],
      patchRoutesOnNavigation: demoRoutePatcher(),
    });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Please select a Branch to continue')).toBeTruthy();
    expect(urls().filter((u) => u.includes('/api/dashboard/'))).toEqual([]);
  });

  it('no route loader prefetches anything (the page waits for the branch)', () => {
    storeTestSession({ activeBranch: null });
    const urls = stubbedFetch();
    const loaders = routesWithLoaders();
    expect(loaders.length).toBeGreaterThanOrEqual(3);
    for (const route of loaders) {
      const loader = route.loader as (args: { request: Request }) => unknown;
      loader({ request: new Request(`http://localhost/app/${route.path ?? ''}`) });
    }
    expect(urls()).toEqual([]);
  });

  it('with a branch active, the dashboard route still starts its figures', () => {
    storeTestSession();
    const urls = stubbedFetch();
    for (const route of routesWithLoaders()) {
      const loader = route.loader as (args: { request: Request }) => unknown;
      loader({ request: new Request(`http://localhost/app/${route.path ?? ''}`) });
    }
    expect(urls().filter((u) => u.startsWith('/api/dashboard/getDashboard'))).not.toEqual([]);
  });
});
