import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

// Switching screens (issue 36): a list seen a moment ago is drawn from the query cache at once, and
// a screen's code and first page start before it is chosen (idle time, hover, focus).

const rows = 'main [role="grid"] [role="row"][data-id]';

/** Opens a group of the top menu and chooses one of its entries. */
async function choose(page: Page, group: string, link: string): Promise<void> {
  await page
    .locator('nav button[aria-haspopup="menu"]')
    .filter({ hasText: new RegExp(`^${group}$`) })
    .click();
  await page.locator(`a[role="menuitem"][href="${link}"]`).click();
}

async function onDashboard(page: Page): Promise<void> {
  await expect(page.getByTestId('stat-active')).toBeVisible();
}

test('a list seen a moment ago is drawn again at once, while its request is still held', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard');
  await onDashboard(page);
  await choose(page, 'Fee Settings', '/app/feeTypes');
  await expect(page.locator(rows).first()).toBeVisible();
  const firstRow = await page.locator(rows).first().innerText();
  await choose(page, 'Dashboard', '/app/dashboard');
  await onDashboard(page);

  // From now on the fee types list never answers: only the cache can draw the rows.
  const held: string[] = [];
  await page.route('**/api/feeType/getFeeTypes**', (route) => {
    held.push(route.request().url());
  });
  await choose(page, 'Fee Settings', '/app/feeTypes');
  await expect(page.locator(rows).first()).toBeVisible({ timeout: 3_000 });
  expect(await page.locator(rows).first().innerText()).toBe(firstRow);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('hovering a menu entry starts its first page, which the screen then takes', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/dashboard');
  await onDashboard(page);
  const lists: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/expense/getExpenses')) lists.push(request.url());
  });
  await page
    .locator('nav button[aria-haspopup="menu"]')
    .filter({ hasText: /^Accounting$/ })
    .click();
  await page.locator('a[role="menuitem"][href="/app/expenses"]').hover();
  await expect.poll(() => lists.length).toBe(1);
  expect(lists[0]).toContain('page=0&pageSize=5');
  await page.locator('a[role="menuitem"][href="/app/expenses"]').click();
  await expect(page.locator(rows).first()).toBeVisible();
  // The click's own loader and the table took the hover's request: no second one.
  expect(lists).toHaveLength(1);
});

test('once the dashboard has drawn, the menu’s screens load their code while the browser is idle', async ({
  page,
}) => {
  const preloads = JSON.parse(
    readFileSync(join(process.env.E2E_WEB_DIST!, '.vite', 'route-preloads.json'), 'utf8'),
  ) as { path: string; files: string[] }[];
  const staffFiles = preloads.find((route) => route.path === '/app/staff')!.files;
  const dashboardFiles = new Set(preloads.find((route) => route.path === '/app/dashboard')!.files);
  // The staff screen's own files: those the dashboard does not load anyway.
  const own = staffFiles.filter((file) => !dashboardFiles.has(file)).map((file) => `/${file}`);
  expect(own.length).toBeGreaterThan(0);
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(new URL(request.url()).pathname));
  await signIn(page);
  await page.goto('/app/dashboard');
  await onDashboard(page);
  // Nobody touches the page: the files come anyway.
  await expect.poll(() => own.filter((file) => !asked.has(file)), { timeout: 20_000 }).toEqual([]);
});
