import { createBrowserRouter } from 'react-router';
import type { LoaderFunctionArgs, PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import type { ModuleName } from '@app/contract/modules';
import { prefetchFirstPage, type OptionsList } from '../lib/table/prefetch';
import { prefetchGet } from '../lib/api';
import { hasPermission, mayRead } from '../lib/session';
import { FirstLoad, RootLayout, RootRouteError } from './RootLayout';
import { preloadOnIntent } from './routePreload';

// Each page is its own chunk, so a visitor of the sign-in page does not download the signed-in app.
// The entry (this file, RootLayout, i18n, the API client) carries no MUI, TanStack Query, zod or
// notistack: sign-in is drawn without them, and every other route sits in the lazy AppShell,
// fetched together with the page's own chunk (issue 21).
const shell = () =>
  Promise.all([import('./AppShell'), import('./RouteError')]).then(([m, e]) =>
    m.beforeShell().then(() => ({ Component: m.AppShell, ErrorBoundary: e.RouteError })),
  );
const notFound = () => import('../lib/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }));
/**
 * Once someone starts on the sign-in form (a pointer, a key or a field taking focus), the code the
 * next page needs (the shell, the frame, the dashboard and the session schema the answer is checked
 * with) is fetched in the background: sign-in itself stays light, and Continue does not then wait
 * for the app's chunks. Not on load or idle: evaluating those modules while the page is still
 * settling blocked a phone's main thread for seconds (Lighthouse's total blocking time).
 */
export function warmOnFirstUse(loads: readonly (() => Promise<unknown>)[]): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const warm = () => {
    for (const event of events) window.removeEventListener(event, warm, true);
    for (const load of loads) load().catch(() => {});
  };
  for (const event of events) window.addEventListener(event, warm, { capture: true, passive: true });
}
const warmSignedInApp = () =>
  warmOnFirstUse([shell, appFrame, dashboard, () => import('@app/contract/session')]);

const signInPages = () =>
  import('../public/auth/SignInPages').then((m) => {
    warmSignedInApp();
    return m;
  });
const signIn = () => signInPages().then((m) => ({ Component: m.SignInPage }));
const signInV2 = () => signInPages().then((m) => ({ Component: m.SignInV2Page }));
const signInV3 = () => signInPages().then((m) => ({ Component: m.SignInV3Page }));
const registerPages = () => import('../public/auth/RegisterPages');
const register = () => registerPages().then((m) => ({ Component: m.RegisterPage }));
const registerV2 = () => registerPages().then((m) => ({ Component: m.RegisterV2Page }));
const registerV3 = () => registerPages().then((m) => ({ Component: m.RegisterV3Page }));
const resetPassword = () =>
  import('../public/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage }));
const lockScreen = () =>
  import('../public/auth/LockScreenPage').then((m) => ({ Component: m.LockScreenPage }));
const landing = () => import('../public/LandingPage').then((m) => ({ Component: m.LandingPage }));
const maintenance = () => import('../public/MaintenancePage').then((m) => ({ Component: m.MaintenancePage }));
const comingSoon = () => import('../public/ComingSoonPage').then((m) => ({ Component: m.ComingSoonPage }));
const appFrame = () => import('./AppFrame').then((m) => ({ Component: m.AppFrame }));
const dashboard = () =>
  import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage }));
const branches = () =>
  import('../features/branches/BranchesPage').then((m) => ({ Component: m.BranchesPage }));
const packages = () =>
  import('../features/packages/PackagesPage').then((m) => ({ Component: m.PackagesPage }));
const feeTypes = () =>
  import('../features/feeTypes/FeeTypesPage').then((m) => ({ Component: m.FeeTypesPage }));
const feeStructures = () =>
  import('../features/feeStructures/FeeStructuresPage').then((m) => ({ Component: m.FeeStructuresPage }));
const categories = () =>
  import('../features/categories/CategoriesPage').then((m) => ({ Component: m.CategoriesPage }));
const bankAccounts = () =>
  import('../features/bankAccounts/BankAccountsPage').then((m) => ({ Component: m.BankAccountsPage }));
const rooms = () => import('../features/rooms/RoomsPage').then((m) => ({ Component: m.RoomsPage }));
const wifiRouters = () =>
  import('../features/wifiRouters/WifiRoutersPage').then((m) => ({ Component: m.WifiRoutersPage }));
const wifiSessions = () =>
  import('../features/wifiSessions/WifiSessionsPage').then((m) => ({ Component: m.WifiSessionsPage }));
const kiosk = () => import('../features/kiosk/KioskPage').then((m) => ({ Component: m.KioskPage }));
const devices = () => import('../features/devices/DevicesPage').then((m) => ({ Component: m.DevicesPage }));
const attendance = () =>
  import('../features/attendance/AttendancePage').then((m) => ({ Component: m.AttendancePage }));
const staffRoles = () =>
  import('../features/staffRoles/StaffRolesPage').then((m) => ({ Component: m.StaffRolesPage }));
const staff = () => import('../features/staff/StaffPage').then((m) => ({ Component: m.StaffPage }));
const activeUsers = () =>
  import('../features/users/ActiveUsersPage').then((m) => ({ Component: m.ActiveUsersPage }));
const inactiveUsers = () =>
  import('../features/users/InactiveUsersPage').then((m) => ({ Component: m.InactiveUsersPage }));
const userProfile = () =>
  import('../features/userProfile/UserProfilePage').then((m) => ({ Component: m.UserProfilePage }));
const payments = () =>
  import('../features/payments/PaymentsPage').then((m) => ({ Component: m.PaymentsPage }));
const receipt = () => import('../features/receipts/ReceiptPage').then((m) => ({ Component: m.ReceiptPage }));
const verifyReceipt = () =>
  import('../public/VerifyReceiptPage').then((m) => ({ Component: m.VerifyReceiptPage }));
const refunds = () => import('../features/refunds/RefundsPage').then((m) => ({ Component: m.RefundsPage }));
const refundReceipt = () =>
  import('../features/refunds/RefundReceiptPage').then((m) => ({ Component: m.RefundReceiptPage }));
const expenses = () =>
  import('../features/expenses/ExpensesPage').then((m) => ({ Component: m.ExpensesPage }));
const statement = () =>
  import('../features/bankAccounts/StatementPage').then((m) => ({ Component: m.StatementPage }));
const statementLines = () =>
  import('../features/bankAccounts/statementLines/StatementLinesPage').then((m) => ({
    Component: m.StatementLinesPage,
  }));
const analytics = () =>
  import('../features/analytics/AnalyticsPage').then((m) => ({ Component: m.AnalyticsPage }));
const branchPayments = () =>
  import('../features/branchPayments/BranchPaymentsPage').then((m) => ({ Component: m.BranchPaymentsPage }));
const orgSettings = () =>
  import('../features/orgSettings/OrganisationSettingsPage').then((m) => ({
    Component: m.OrganisationSettingsPage,
  }));
const messages = () =>
  import('../features/messages/MessagesPage').then((m) => ({ Component: m.MessagesPage }));
const enquiries = () =>
  import('../features/enquiries/EnquiriesPage').then((m) => ({ Component: m.EnquiriesPage }));
// The frame's own pages: error boundary, permission denied, error.
const framePages = () => import('./frame/StatusPages');
const frameError = () => framePages().then((m) => ({ ErrorBoundary: m.FrameRouteError }));
const permissionDenied = () => framePages().then((m) => ({ Component: m.PermissionDeniedPage }));
const errorPage = () => framePages().then((m) => ({ Component: m.ErrorDemoPage }));

/**
 * A loader that asks only what the signed-in role may read: a receptionist opening Expenses or
 * Staff (by an address, a bookmark, a hover on a link) got two 403 answers before the refusal page
 * the frame draws there (issue 41, point 8).
 */
function readableOnly(module: ModuleName, loader: (args: LoaderFunctionArgs) => null) {
  return (args: LoaderFunctionArgs): null => (mayRead(module) ? loader(args) : null);
}

/**
 * The members list's first page starts with the route's chunks (the same request as
 * features/users/resource.ts makes; router.test.tsx holds them equal), and so do the catalogues
 * its cells name (features/users/options.ts, each as the caller may read it). Only on arrival:
 * paging, sorting and searching fetch from the table.
 */
const activeUsersFirstPage = {
  loader: readableOnly(
    'users',
    prefetchFirstPage('/user/getUsers', { status: 'active' }, [
      { path: '/room/getRooms', sort: 'name', enabled: () => mayRead('rooms') },
      { path: '/package/getPackages', sort: 'packageName', enabled: () => mayRead('packages') },
      { path: '/feeStructure/getFeeStructures', sort: 'name', enabled: () => mayRead('feeStructures') },
    ]),
  ),
  shouldRevalidate: () => false,
} satisfies Partial<RouteObject>;

/**
 * Other lists staff switch between all day start their first page the same way (issue 36), on
 * arrival and when a link to them is hovered or focused (routePreload.ts). Each request is exactly
 * the one its table makes: router.test.tsx renders each screen after its loader and counts one.
 */
const firstPageOf = (module: ModuleName, listPath: string, options: readonly OptionsList[] = []) =>
  ({
    loader: readableOnly(module, prefetchFirstPage(listPath, {}, options)),
    shouldRevalidate: () => false,
  }) satisfies Partial<RouteObject>;
const paymentsFirstPage = firstPageOf('payments', '/payment/getPayments', [
  { path: '/staff/getActiveStaffByClient', sort: 'staffName', enabled: () => hasPermission('staff', 'view') },
]);
const enquiriesFirstPage = firstPageOf('enquiries', '/enquiry/getEnquiries');
const expensesFirstPage = firstPageOf('expenses', '/expense/getExpenses');
const feeTypesFirstPage = firstPageOf('feeTypes', '/feeType/getFeeTypes');
const staffFirstPage = firstPageOf('staff', '/staff/getActiveStaffByClient');

/**
 * The dashboard's figures start with the route's chunks, as the members list does (the same
 * request as features/dashboard/DashboardPage.tsx makes; DashboardPage.test.tsx holds them equal).
 */
const dashboardFigures = {
  loader: () => {
    if (mayRead('dashboard')) void prefetchGet('/dashboard/getDashboard', {});
    return null;
  },
  shouldRevalidate: () => false,
} satisfies Partial<RouteObject>;

const shellRouteId = 'shell';
const framePagesRouteId = 'framePages';

/**
 * The template's demo screens (issue 18) join a router's table the first time a path the product
 * does not know is visited (React Router asks here before it settles on a `*` route), so no product
 * chunk carries the demo's routes. The one place product code reaches web/src/demo. One per router:
 * each router is patched once.
 */
export function demoRoutePatcher(): PatchRoutesOnNavigationFunction {
  let patched: Promise<void> | undefined;
  return ({ patch }) =>
    (patched ??= import('../demo/routes').then(({ demoRoutes }) => {
      patch(framePagesRouteId, demoRoutes.app);
      patch(shellRouteId, demoRoutes.outsideFrame);
    }));
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FirstLoad,
    ErrorBoundary: RootRouteError,
    children: [
      { index: true, lazy: signIn },
      { path: 'login', lazy: signIn },
      { path: 'login-v2', lazy: signInV2 },
      { path: 'login-v3', lazy: signInV3 },
      {
        id: shellRouteId,
        lazy: shell,
        children: [
          { path: 'register', lazy: register },
          { path: 'register-v2', lazy: registerV2 },
          { path: 'register-v3', lazy: registerV3 },
          { path: 'reset-password', lazy: resetPassword },
          { path: 'lock-screen', lazy: lockScreen },
          { path: 'landing', lazy: landing },
          { path: 'maintenance', lazy: maintenance },
          { path: 'coming-soon', lazy: comingSoon },
          // The public check of a receipt's QR code: number, amount, date, status; no personal data.
          { path: 'r/:token', lazy: verifyReceipt },
          // An entrance screen (issue 47): paired with a code, no staff session.
          { path: 'kiosk', lazy: kiosk },
          {
            path: 'app',
            lazy: appFrame,
            children: [
              {
                // Keeps the frame around a failing page, so the way out stays visible; the router
                // resets it on every navigation.
                id: framePagesRouteId,
                lazy: frameError,
                children: [
                  { index: true, lazy: dashboard, ...dashboardFigures },
                  { path: 'dashboard', lazy: dashboard, ...dashboardFigures },
                  { path: 'pages/permissionDenied', lazy: permissionDenied },
                  { path: 'pages/error', lazy: errorPage },
                  { path: 'analytics', lazy: analytics },
                  { path: 'refunds', lazy: refunds },
                  { path: 'refunds/:refundId/receipt', lazy: refundReceipt },
                  { path: 'expenses', lazy: expenses, ...expensesFirstPage },
                  { path: 'bankAccounts/:accountId/statement', lazy: statement },
                  { path: 'bankAccounts/:accountId/lines', lazy: statementLines },
                  { path: 'branche-payments', lazy: branchPayments },
                  { path: 'payments', lazy: payments, ...paymentsFirstPage },
                  { path: 'settings', lazy: orgSettings },
                  { path: 'messages', lazy: messages },
                  { path: 'payments/:paymentId/receipt', lazy: receipt },
                  { path: 'users', lazy: activeUsers, ...activeUsersFirstPage },
                  { path: 'usersV2', lazy: activeUsers, ...activeUsersFirstPage },
                  { path: 'inactive_users', lazy: inactiveUsers },
                  { path: 'UserProfile/:userId', lazy: userProfile },
                  { path: 'enquiries', lazy: enquiries, ...enquiriesFirstPage },
                  { path: 'branches', lazy: branches },
                  { path: 'packages', lazy: packages },
                  { path: 'feeTypes', lazy: feeTypes, ...feeTypesFirstPage },
                  { path: 'feeStructures', lazy: feeStructures },
                  { path: 'categories', lazy: categories },
                  { path: 'bankAccounts', lazy: bankAccounts },
                  { path: 'rooms', lazy: rooms },
                  { path: 'wifiRouters', lazy: wifiRouters },
                  { path: 'wifiSessions', lazy: wifiSessions },
                  { path: 'devices', lazy: devices },
                  { path: 'attendance', lazy: attendance },
                  { path: 'staffRoles', lazy: staffRoles },
                  { path: 'staff', lazy: staff, ...staffFirstPage },
                  { path: '*', lazy: notFound },
                ],
              },
            ],
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  // A link's page starts loading when a pointer or focus reaches it (issue 36, routePreload.ts).
  preloadOnIntent(routes);
  return createBrowserRouter(routes, { patchRoutesOnNavigation: demoRoutePatcher() });
}
