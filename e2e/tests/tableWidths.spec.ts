import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

// Issue 35, point 10: at 1366 px the Actions column of Payments and Messages was cut to "Acti" and
// Void was out of sight. Fixed columns now narrow a little before the table scrolls sideways.

/** The grid's scroller and the Actions header, in page pixels. */
async function layout(page: Page) {
  const grid = page.locator('.MuiDataGrid-root');
  await expect(grid).toBeVisible();
  return grid.evaluate((root) => {
    const scroller = root.querySelector('.MuiDataGrid-virtualScroller')!;
    const header = root.querySelector('[role="columnheader"][data-field="__actions"]')!;
    const box = scroller.getBoundingClientRect();
    const actions = header.getBoundingClientRect();
    // The columns' widths, not scrollWidth: the last header's resize handle pokes out by 5 px anyway.
    const columns = [...root.querySelectorAll('[role="columnheader"]')].reduce(
      (sum, h) => sum + h.getBoundingClientRect().width,
      0,
    );
    return {
      scrolls: columns > scroller.clientWidth + 1,
      actionsInside: actions.left >= box.left - 1 && actions.right <= box.right + 1,
      headerText: header.textContent,
    };
  });
}

for (const { path, actions } of [
  { path: '/app/payments', actions: 'Actions' },
  { path: '/app/messages', actions: 'Actions' },
]) {
  test(`${path} shows its whole Actions column at 1366 px without scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page);
    await page.goto(path);
    await expect(page.locator('[role="columnheader"][data-field="__actions"]')).toHaveText(actions);
    expect(await layout(page)).toEqual({ scrolls: false, actionsInside: true, headerText: actions });
  });
}

test("Payments' Void is in sight at 1366 px, and a narrower window scrolls the table to reach it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page);
  await page.goto('/app/payments');
  const firstRow = page.locator('.MuiDataGrid-row').first();
  const voidButton = firstRow.getByRole('menuitem', { name: 'Void' }).or(firstRow.getByLabel('Void'));
  await expect(voidButton).toBeInViewport({ ratio: 1 });

  // Below the narrowed widths the table scrolls sideways, the page does not.
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(async () => (await layout(page)).scrolls).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await voidButton.scrollIntoViewIfNeeded();
  await expect(voidButton).toBeInViewport({ ratio: 1 });
});
