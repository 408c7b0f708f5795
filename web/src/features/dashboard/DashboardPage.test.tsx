import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@app/contract/dashboard';
import { fullPermissions } from '@app/contract/modules';
import { jsonResponse, renderPage, stubFetch, stubMatchMedia } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import type { RouteObject } from 'react-router';
import { routes } from '../../app/router';
import { forgetPrefetched, prefetchGet } from '../../lib/api';
import { changePercent, DashboardPage } from './DashboardPage';

const figures: Dashboard = {
  today: '2026-11-25',
  members: { active: 812, inactive: 90, expiringIn7Days: 41, expiredThisWeek: 7, dues: 1250000, owing: 23 },
  collections: {
    today: 360000,
    todayByMode: [
      { mode: 'cash', amount: 180000, count: 1 },
      { mode: 'upi', amount: 180000, count: 1 },
    ],
    thisMonth: 5500000,
    lastMonth: 5000000,
  },
  refundsThisMonth: 20000,
  expensesThisMonth: 1300000,
  netThisMonth: 4180000,
  occupancy: {
    capacity: 84,
    shifts: [
      { shift: 'morning', members: 60 },
      { shift: 'afternoon', members: 30 },
      { shift: 'evening', members: 70 },
      { shift: 'night', members: 5 },
    ],
  },
  enquiriesDueToday: 3,
  insideNow: 4,
  renewalsDue: [{ userId: 9, name: 'Asha Rao', mobile: '9876500001', validTill: '2026-11-27' }],
  latestPayments: [
    {
      id: 5,
      receiptNumber: 'DL-B1-2026-27-5',
      memberName: 'Ravi K',
      received: 180000,
      mode: 'cash',
      paidAt: '2026-11-25',
      status: 'completed',
    },
  ],
};

/** Reduced motion asked for: counters show their values at once. */
function preferReducedMotion() {
  stubMatchMedia((query) => query.includes('prefers-reduced-motion'));
}

beforeEach(() => preferReducedMotion());
afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it('shows the branch figures from the API, with links to the lists behind them', async () => {
    storeTestSession();
    stubFetch(() => jsonResponse(200, figures));
    renderPage(<DashboardPage />, '/app/dashboard');
    expect((await screen.findByTestId('stat-active')).textContent).toContain('812');
    expect(screen.getByTestId('stat-today').textContent).toContain('$3,600.00');
    expect(screen.getByTestId('stat-dues').textContent).toContain('$12,500.00');
    expect(screen.getByText('+10 % vs last month ($50,000.00)')).toBeTruthy();
    expect(screen.getByTestId('shift-evening').textContent).toContain('70 / 84');
    expect(screen.getByTestId('stat-inside').textContent).toContain('4');
    expect(screen.getByTestId('stat-inside').closest('a')?.getAttribute('href')).toBe(
      '/app/attendance?inside=true',
    );
    const expiring = screen.getByTestId('stat-expiring').closest('a');
    expect(expiring?.getAttribute('href')).toBe('/app/usersV2?expiringWithinDays=7');
    expect(screen.getByRole('link', { name: 'Asha Rao' }).getAttribute('href')).toBe('/app/UserProfile/9');
    expect(screen.getByRole('link', { name: 'DL-B1-2026-27-5' }).getAttribute('href')).toBe(
      '/app/payments/5/receipt',
    );
  });

  it('links a counter only where the staff member may open its list', async () => {
    storeTestSession({
      permissions: fullPermissions().map((p) =>
        p.moduleUniqueName === 'payments' ? { ...p, view: false, add: false, edit: false, delete: false } : p,
      ),
    });
    stubFetch(() => jsonResponse(200, figures));
    renderPage(<DashboardPage />, '/app/dashboard');
    const today = await screen.findByTestId('stat-today');
    expect(today.closest('a')).toBeNull();
    expect(screen.getByTestId('stat-active').closest('a')).not.toBeNull();
  });

  it('leaves out every money figure the server withholds (no payments view), keeping the counts', async () => {
    storeTestSession();
    stubFetch(() =>
      jsonResponse(200, {
        ...figures,
        members: { ...figures.members, dues: null, owing: null },
        collections: null,
        refundsThisMonth: null,
        expensesThisMonth: null,
        netThisMonth: null,
        latestPayments: null,
      } satisfies Dashboard),
    );
    renderPage(<DashboardPage />, '/app/dashboard');
    expect(await screen.findByTestId('stat-active')).toBeTruthy();
    for (const money of ['stat-dues', 'stat-today', 'stat-month', 'stat-expenses', 'stat-net']) {
      expect(screen.queryByTestId(money), money).toBeNull();
    }
    expect(screen.queryByRole('heading', { name: 'Latest payments' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Renewals due this week' })).toBeTruthy();
    expect(screen.getByTestId('stat-inside')).toBeTruthy();
  });

  it('shows a receptionist collections and dues but no expenses, refunds or net (issue 34)', async () => {
    storeTestSession();
    stubFetch(() =>
      jsonResponse(200, {
        ...figures,
        refundsThisMonth: null,
        expensesThisMonth: null,
        netThisMonth: null,
      } satisfies Dashboard),
    );
    renderPage(<DashboardPage />, '/app/dashboard');
    expect(await screen.findByTestId('stat-today')).toBeTruthy();
    expect(screen.getByTestId('stat-dues')).toBeTruthy();
    expect(screen.queryByTestId('stat-expenses')).toBeNull();
    expect(screen.queryByTestId('stat-net')).toBeNull();
  });

  it("shows the server's message when the figures cannot be read", async () => {
    storeTestSession();
    stubFetch(() =>
      jsonResponse(403, {
        statusCode: 403,
        reason: 'FORBIDDEN',
        message: 'You do not have permission to do this.',
      }),
    );
    renderPage(<DashboardPage />, '/app/dashboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You do not have permission to do this.')).toBeTruthy();
  });
});

describe('the figures start with the route (issue 21)', () => {
  // Each test is a page load of its own (a fresh query cache): the API client forgets what an
  // earlier test's page received, or its loader would rightly not ask again (lib/api.ts).
  beforeEach(forgetPrefetched);

  /** The loaders of the frame's dashboard routes (/app and /app/dashboard). */
  function dashboardLoaders(): ((args: { request: Request }) => unknown)[] {
    const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
    const page = all(routes).find((r) => r.path === 'dashboard')!;
    const found = all(routes).filter((r) => r.lazy === page.lazy);
    return found.map((r) => r.loader as (args: { request: Request }) => unknown);
  }

  it.each([0, 1])('the route loader %i asks exactly what the page asks: one request in all', async (i) => {
    storeTestSession();
    const api = stubFetch(() => jsonResponse(200, figures));
    const loaders = dashboardLoaders();
    expect(loaders).toHaveLength(2);
    expect(loaders[i]!({ request: new Request('http://localhost/app/dashboard') })).toBeNull();
    renderPage(<DashboardPage />, '/app/dashboard');
    expect((await screen.findByTestId('stat-active')).textContent).toContain('812');
    // The figures are asked once; the owner's backup line (BackupStatus) is a request of its own.
    const figureCalls = api.calls().filter(([url]) => url.includes('/dashboard/getDashboard'));
    expect(figureCalls).toHaveLength(1);
  });

  it('an answer that has arrived is drawn in the first render, without placeholders', async () => {
    storeTestSession();
    stubFetch(() => jsonResponse(200, figures));
    await prefetchGet('/dashboard/getDashboard', {});
    renderPage(<DashboardPage />, '/app/dashboard');
    expect(screen.getByTestId('stat-active').textContent).toContain('812');
  });
});

describe('the month comparison', () => {
  it('is a whole percent, or nothing without a last month', () => {
    expect(changePercent(5500000, 5000000)).toBe(10);
    expect(changePercent(4000000, 5000000)).toBe(-20);
    expect(changePercent(100, 0)).toBeNull();
  });
});

describe('figures as they are (issue 41, point 8)', () => {
  const moneyCards = ['stat-today', 'stat-month', 'stat-dues'];

  it('writes every figure at once, with motion allowed, and never changes it afterwards', async () => {
    stubMatchMedia(() => false);
    storeTestSession();
    stubFetch(() => jsonResponse(200, figures));
    renderPage(<DashboardPage />, '/app/dashboard');
    const active = await screen.findByTestId('stat-active');
    // A card mid-way would read a number that was never true: each shows its figure from the start.
    expect(moneyCards.map((id) => screen.getByTestId(id).textContent)).toEqual([
      '$3,600.00',
      '$55,000.00',
      '$12,500.00',
    ]);
    const counts = () =>
      ['stat-active', 'stat-expiring', 'stat-inside'].map((id) => screen.getByTestId(id).textContent);
    expect(counts()).toEqual(['812', '41', '4']);
    // Frames later (a count-up ran for 3 s) they still read the same.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counts()).toEqual(['812', '41', '4']);
    expect(active.textContent).toBe('812');
  });

  it('counts nothing up with reduced motion', async () => {
    storeTestSession();
    stubFetch(() => jsonResponse(200, figures));
    renderPage(<DashboardPage />, '/app/dashboard');
    expect((await screen.findByTestId('stat-active')).textContent).toBe('812');
    expect(screen.getByTestId('stat-expiring').textContent).toBe('41');
    expect(screen.getByTestId('stat-month').textContent).toBe('$55,000.00');
  });
});
