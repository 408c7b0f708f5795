// Warm mode of time-to-rows (issue 36, "switching screens"): a signed-in owner on the dashboard
// moves to a list through the top menu, as staff do all day, and we time from the click on the
// menu entry until the list's rows stand on screen. Each list is visited twice per run: its first
// visit (its code and data not asked for by that click yet), then, after every list has had its
// first visit, a repeat visit a few seconds later (what the query cache should draw at once).
import type { BrowserContext, Page } from '@playwright/test';

/** The lists the issue names, with the top menu's group (English labels) that holds each. */
export const warmScreens = [
  { name: 'users', group: 'Users', link: '/app/usersV2' },
  { name: 'payments', group: 'Accounting', link: '/app/payments' },
  { name: 'enquiries', group: 'Users', link: '/app/enquiries' },
  { name: 'expenses', group: 'Accounting', link: '/app/expenses' },
  { name: 'fee types', group: 'Fee Settings', link: '/app/feeTypes' },
  { name: 'staff', group: 'Staff Management', link: '/app/staff' },
] as const;
const dashboard = { group: 'Dashboard', link: '/app/dashboard' };

/** How long the dashboard has to itself after its first load before the first click: a person
 * reads it for a moment, and the app may use that idle time. */
export const settleMs = 2_000;
/** The pause on the dashboard between two visits. */
const betweenMs = 1_000;

export type WarmFigures = Record<string, { first: number[]; repeat: number[] }>;

export const emptyWarmFigures = (): WarmFigures =>
  Object.fromEntries(warmScreens.map((s) => [s.name, { first: [], repeat: [] }]));

// The page notes the click on the entry and the animation frame in which a row of the new list
// first stands on screen (rows that were there before the click do not count).
const rowSelector = 'main [role="grid"] [role="row"][data-id]';
const visitWatcher = `(() => {
  const rows = ${JSON.stringify(rowSelector)};
  const visit = (window.__visit = { target: '', start: undefined, rowsAt: undefined, old: new WeakSet() });
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || link.getAttribute('href') !== visit.target) return;
    visit.start = performance.now();
    visit.rowsAt = undefined;
    visit.old = new WeakSet(document.querySelectorAll(rows));
  }, true);
  const look = () => {
    if (visit.start === undefined || visit.rowsAt !== undefined) return;
    if (location.pathname !== visit.target) return;
    for (const row of document.querySelectorAll(rows)) {
      if (!visit.old.has(row) && row.getBoundingClientRect().height > 0) {
        visit.rowsAt = performance.now();
        return;
      }
    }
  };
  new MutationObserver(() => requestAnimationFrame(look)).observe(document, { childList: true, subtree: true });
})()`;

export async function watchVisits(context: BrowserContext): Promise<void> {
  await context.addInitScript(visitWatcher);
}

/**
 * Opens the entry's group in the top menu and chooses the entry; with `hoverMs`, the pointer rests
 * on the entry that long before the press, as a person's does (the time is counted from the press).
 */
async function choose(page: Page, entry: { group: string; link: string }, hoverMs = 0): Promise<void> {
  await page
    .locator('nav button[aria-haspopup="menu"]')
    .filter({ hasText: new RegExp(`^${entry.group}$`) })
    .click();
  const item = page.locator(`a[role="menuitem"][href="${entry.link}"]`);
  if (hoverMs > 0) {
    await item.hover();
    await page.waitForTimeout(hoverMs);
  }
  await item.click();
}

/** ms from the click on the list's menu entry until its first row is on screen. */
async function visit(page: Page, link: string, group: string, hoverMs: number): Promise<number> {
  await page.evaluate((target) => {
    (window as unknown as { __visit: { target: string } }).__visit.target = target;
  }, link);
  await choose(page, { group, link }, hoverMs);
  const handle = await page.waitForFunction(
    () => {
      const v = (window as unknown as { __visit: { start?: number; rowsAt?: number } }).__visit;
      return v.rowsAt !== undefined && v.start !== undefined ? v.rowsAt - v.start : false;
    },
    undefined,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function backToDashboard(page: Page): Promise<void> {
  await choose(page, dashboard);
  await page.locator('[data-testid="stat-active"]').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(betweenMs);
}

/** One run in a fresh, signed-in context (see time-to-rows.ts): the dashboard, then every list's
 * first visit, then every list's repeat visit, each from the dashboard. */
export async function warmRun(page: Page, url: string, into: WarmFigures, hoverMs = 0): Promise<void> {
  await page.goto(`${url}${dashboard.link}`);
  await page.locator('[data-testid="stat-active"]').waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForTimeout(settleMs);
  for (const kind of ['first', 'repeat'] as const) {
    for (const screen of warmScreens) {
      into[screen.name]![kind].push(await visit(page, screen.link, screen.group, hoverMs));
      await backToDashboard(page);
    }
  }
}
