import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '../lib/PageSpinner';
import { NotFoundPage } from '../public/NotFoundPage';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

// Each page is its own chunk, so a visitor of the sign-in page does not download the signed-in app.
const signIn = () => import('../public/SignInPage').then((m) => ({ Component: m.SignInPage }));
const landing = () => import('../public/LandingPage').then((m) => ({ Component: m.LandingPage }));
const appFrame = () => import('./AppFrame').then((m) => ({ Component: m.AppFrame }));
const dashboard = () =>
  import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage }));

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: signIn },
      { path: 'login', lazy: signIn },
      { path: 'landing', lazy: landing },
      {
        path: 'app',
        lazy: appFrame,
        children: [
          {
            // Keeps the frame around a failing page, so the way out stays visible.
            ErrorBoundary: RouteError,
            children: [
              { index: true, lazy: dashboard },
              { path: 'dashboard', lazy: dashboard },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
