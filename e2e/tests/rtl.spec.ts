import { expect, test, type Locator } from '@playwright/test';
import { signIn } from '../fixtures/session.ts';

// Issue 35, point 9: a right-to-left page keeps English sentences that mix words, numbers and
// punctuation in their reading order ("894 payments · total …", "1–5 of 909"), instead of moving
// the numbers to the end ("payments · total … · 15 void 894", "of 909 5–1").

/** The left edge (px) of each token where it is drawn inside `element`, found in the text's order. */
async function tokenLefts(element: Locator, tokens: string[]): Promise<number[]> {
  return element.evaluate((root, tokens) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const text = nodes.map((n) => n.data).join('');
    let from = 0;
    return tokens.map((token) => {
      const at = text.indexOf(token, from);
      if (at < 0) throw new Error(`"${token}" not in "${text}"`);
      from = at + token.length;
      // The token's first character: find its node and offset.
      let offset = at;
      const node = nodes.find((n) => (offset < n.data.length ? true : ((offset -= n.data.length), false)))!;
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect().left;
    });
  }, tokens);
}

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]!);

test('Payments in right-to-left reads its summary and pager in their own order', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('uiSettings', JSON.stringify({ direction: 'rtl' })));
  await page.goto('/app/payments');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const summary = page.getByTestId('payment-summary');
  // The summary is its own request after the rows: on a busy machine it comes seconds later.
  await expect(summary).toContainText(/^\d[\d,]* payments · total .* void$/, { timeout: 30_000 });
  const count = (await summary.textContent())!.match(/^\d[\d,]*/)![0];
  const summaryLefts = await tokenLefts(summary, [count, 'payments', 'total', 'received', 'void']);
  expect(ascending(summaryLefts), `summary drawn left to right: ${summaryLefts.join(', ')}`).toBe(true);

  await expect(page.locator('.MuiDataGrid-root')).toBeVisible();
  const shown = page.locator('.MuiDataGrid-root .MuiTablePagination-displayedRows');
  await expect(shown).toHaveText(/1–\d+ of [\d,]+/);
  const total = (await shown.textContent())!.match(/of ([\d,]+)/)![1]!;
  const pagerLefts = await tokenLefts(shown, ['1', '–', 'of', total]);
  expect(ascending(pagerLefts), `pager drawn left to right: ${pagerLefts.join(', ')}`).toBe(true);

  const perPage = page.locator('.MuiDataGrid-root .MuiTablePagination-selectLabel');
  const perPageLefts = await tokenLefts(perPage, ['Rows', 'page', ':']);
  expect(ascending(perPageLefts), `"Rows per page:" left to right: ${perPageLefts.join(', ')}`).toBe(true);
});

// Issue 41, point 8: digits have no direction of their own, so right to left drew a member's window
// 06:00–14:00 as "14:00–06:00".
test('Users in right-to-left keeps each time range in its order', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('uiSettings', JSON.stringify({ direction: 'rtl' })));
  await page.goto('/app/usersV2');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const windows = page
    .locator('[role="row"] [data-field="entryTime"]')
    .filter({ hasText: /\d\d:\d\d–\d\d:\d\d/ });
  await expect(windows.first()).toBeVisible({ timeout: 30_000 });
  const cell = windows.first();
  const [from, till] = (await cell.textContent())!.match(/\d\d:\d\d/g)!;
  const lefts = await tokenLefts(cell, [from!, '–', till!]);
  expect(ascending(lefts), `${from}–${till} drawn left to right: ${lefts.join(', ')}`).toBe(true);
});
