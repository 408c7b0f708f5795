import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders `element` at `path` inside the app's providers, with a marker page at /app. */
export function renderPage(element: ReactElement, path = '/') {
  const pathname = path.split('?')[0] ?? '/';
  const router = createMemoryRouter(
    [
      { path: pathname, element },
      { path: '/app', element: <p>app home</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

export type FetchCall = [url: string, init: RequestInit];

/** Answers fetch calls with `respond`; returns the mock to inspect calls. */
export function stubFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: () => fetchMock.mock.calls as FetchCall[],
    bodyOf: (index: number) =>
      JSON.parse(String((fetchMock.mock.calls as FetchCall[])[index]?.[1].body)) as unknown,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A window whose media queries match when `matches` says so (jsdom has no matchMedia). Undone by
 * vi.unstubAllGlobals.
 */
export function stubMatchMedia(matches: (query: string) => boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}
