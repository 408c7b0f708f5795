import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules } from './routePreloads';

// A router shaped like app/router.tsx: loaders that import directly, through Promise.all, through
// another loader, and one that warms the next page from a callback (not part of what the route
// waits for); layouts with children, index routes, a dynamic segment, a splat and a spread.
const source = `
import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
const shell = () =>
  Promise.all([import('./AppShell'), import('./RouteError')]).then(([m, e]) => ({ Component: m.AppShell }));
const warm = () => warmOnFirstUse([shell, () => import('./Later')]);
const signInPages = () => import('../auth/SignInPages').then((m) => { warm(); return m; });
const signIn = () => signInPages().then((m) => ({ Component: m.SignInPage }));
const frame = () => import('./AppFrame').then((m) => ({ Component: m.AppFrame }));
const users = () => import('../features/Users').then((m) => ({ Component: m.Users }));
const profile = () => import('../features/Profile');
const notFound = () => import('../NotFound');
const firstPage = { loader: () => null };
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { index: true, lazy: signIn },
      { path: 'login', lazy: signIn },
      {
        id: 'shell',
        lazy: shell,
        children: [
          {
            path: 'app',
            lazy: frame,
            children: [
              { index: true, lazy: users },
              { path: 'users', lazy: users, ...firstPage },
              { path: 'Profile/:id', lazy: profile },
              { path: '*', lazy: notFound },
            ],
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
export const router = () => createBrowserRouter(routes);
`;

describe('routeModules', () => {
  it('lists every leaf route with the modules its loaders and its layouts import', () => {
    const layouts = ['./AppShell', './RouteError', './AppFrame'];
    expect(routeModules(source)).toEqual([
      { path: '/', modules: ['../auth/SignInPages'] },
      { path: '/login', modules: ['../auth/SignInPages'] },
      { path: '/app', modules: [...layouts, '../features/Users'] },
      { path: '/app/users', modules: [...layouts, '../features/Users'] },
      { path: '/app/Profile/:id', modules: [...layouts, '../features/Profile'] },
      { path: '/app/*', modules: [...layouts, '../NotFound'] },
      { path: '/*', modules: ['./AppShell', './RouteError', '../NotFound'] },
    ]);
  });

  it('fails on a file without a routes array, instead of announcing nothing', () => {
    expect(() => routeModules('const x = () => import("./a");')).toThrow(/no "routes" array/);
  });

  it('reads the real router: every page route has a module of its own, sign-in no layout', () => {
    // The suite runs in jsdom, where import.meta.url is not a file address.
    const file = join(__dirname, '../src/app/router.tsx');
    const routes = routeModules(readFileSync(file, 'utf8'), file);
    const byPath = new Map(routes.map((r) => [r.path, r.modules]));
    expect(byPath.get('/login')).toEqual(['../public/auth/SignInPages']);
    expect(byPath.get('/app/users')).toEqual([
      './AppShell',
      './RouteError',
      './AppFrame',
      './frame/StatusPages',
      '../features/users/ActiveUsersPage',
    ]);
    expect(routes.length).toBeGreaterThan(40);
  });
});
