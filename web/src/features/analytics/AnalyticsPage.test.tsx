import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '@app/contract/dashboard';
import { jsonResponse, renderPage, stubFetch } from '../../test/render';
import { clearTestSession, storeTestSession } from '../../test/session';
import { AnalyticsPage } from './AnalyticsPage';

const withMoney: Analytics = {
  from: '2025-12-01',
  to: '2026-11-26',
  branchIds: [1],
  months: [
    {
      month: '2026-11',
      collections: 500000,
      refunds: 1000,
      expenses: 20000,
      net: 479000,
      newMembers: 12,
      lapsed: 3,
      renewals: 9,
    },
  ],
  modes: [{ mode: 'cash', amount: 500000, count: 3 }],
  feeTypes: [{ feeTypeId: 1, name: 'Monthly fee', amount: 500000 }],
  expenseCategories: [{ categoryId: 1, name: 'Rent', amount: 20000 }],
  renewalRate: 0.75,
  occupancy: { capacity: 40, hours: Array.from({ length: 24 }, (_, h) => (h >= 6 && h < 22 ? 20 : 0)) },
  enquiries: { created: 10, contacted: 6, converted: 3, lost: 1 },
  branches: [
    {
      branchId: 1,
      name: 'Main',
      collections: 500000,
      refunds: 1000,
      expenses: 20000,
      net: 479000,
      activeMembers: 80,
    },
  ],
};

const moneyCharts = [
  'Collections and expenses by month',
  'Payment modes',
  'Revenue by fee type',
  'Expenses by category',
];

afterEach(() => {
  clearTestSession();
  vi.unstubAllGlobals();
});

describe('analytics', () => {
  it('shows the money charts to staff who may view payments', async () => {
    storeTestSession();
    stubFetch(() => jsonResponse(200, withMoney));
    renderPage(<AnalyticsPage />, '/app/analytics');
    expect(await screen.findByRole('heading', { name: 'New members, renewals and lapses' })).toBeTruthy();
    for (const title of moneyCharts) expect(screen.getByRole('heading', { name: title }), title).toBeTruthy();
  });

  it('leaves the money charts out when the server withholds the amounts, keeping the rest', async () => {
    storeTestSession();
    const blank = { collections: null, refunds: null, expenses: null, net: null };
    stubFetch(() =>
      jsonResponse(200, {
        ...withMoney,
        months: withMoney.months.map((m) => ({ ...m, ...blank })),
        modes: null,
        feeTypes: null,
        expenseCategories: null,
        branches: withMoney.branches.map((b) => ({ ...b, ...blank })),
      } satisfies Analytics),
    );
    renderPage(<AnalyticsPage />, '/app/analytics');
    expect(await screen.findByRole('heading', { name: 'New members, renewals and lapses' })).toBeTruthy();
    for (const title of moneyCharts) expect(screen.queryByRole('heading', { name: title }), title).toBeNull();
    expect(screen.getByRole('heading', { name: 'Branch comparison' })).toBeTruthy();
    expect(screen.getByTestId('renewal-rate').textContent).toBe('75 %');
    // The branch comparison's figures carry no amount columns, only the members.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Active members');
    expect(headers).not.toContain('Net');
  });
});

describe('the figures tables (issue 35, point 8)', () => {
  it('write amounts as money, counts as counts', async () => {
    storeTestSession();
    stubFetch(() => jsonResponse(200, withMoney));
    renderPage(<AnalyticsPage />, '/app/analytics');
    const table = await screen.findByRole('table', { name: 'Collections and expenses by month' });
    const cells = [...table.querySelectorAll('tbody td')].map((td) => td.textContent);
    // Was '5,000', '10', '200' and '4,790': plain numbers without the currency, one decimal at most.
    expect(cells).toEqual(['Nov 2026', '$5,000.00', '$10.00', '$200.00', '$4,790.00']);
    const branches = screen.getByRole('table', { name: 'Branch comparison' });
    expect([...branches.querySelectorAll('tbody td')].map((td) => td.textContent).at(-1)).toBe('80');
  });
});
