import { expect, test } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

// The dashboard and analytics in the browser (issue 13), on the demo data.

test("the dashboard shows the branch's figures from the API and leads to the list behind a counter", async ({
  page,
}) => {
  const session = await signIn(page);
  const res = await page.request.get('/api/dashboard/getDashboard', { headers: authHeaders(session) });
  const figures = await res.json();
  expect(figures.members.active).toBeGreaterThan(0);
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('stat-active')).toHaveText(figures.members.active.toLocaleString('en-US'));
  const month = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
    figures.collections.thisMonth / 100,
  );
  await expect(page.getByTestId('stat-month')).toHaveText(month);
  await page.getByTestId('stat-expiring').click();
  await expect(page).toHaveURL(/\/app\/usersV2\?expiringWithinDays=7$/);
});

test('analytics draws its charts, offers their figures as tables and CSV', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/analytics');
  // The charts' code runs first: at load 12 the heading came after more than 10 s.
  await expect(page.getByRole('heading', { name: 'Collections and expenses by month' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByTestId('renewal-rate')).toHaveText(/^\d+ %$/);
  // The figures are a table for screen readers even while hidden.
  await expect(page.getByRole('table', { name: 'Payment modes' })).toHaveCount(1);
  const card = page.getByRole('heading', { name: 'Payment modes' }).locator('xpath=../..');
  await card.getByRole('button', { name: 'Table' }).click();
  await expect(card.getByRole('table', { name: 'Payment modes' })).toBeVisible();
  await expect(card.getByRole('row', { name: /Cash/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('payment-modes.csv');
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString();
  // A byte order mark first, as the API's exports, so a spreadsheet reads the file as UTF-8.
  expect(text.split('\r\n')[0]).toBe('\uFEFFMode,Payments,Amount');
});
