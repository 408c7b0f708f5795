import { expect, test } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

test('import members from a CSV file with one bad row', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  const tag = Date.now().toString(36);
  // Mobiles unique per run: 9 then the last nine digits of the clock.
  const mobile = (n: number) => `9${String(Date.now() + n).slice(-9)}`;
  const csv = [
    'name,mobile,email,validFrom,validTill',
    `E2E Import ${tag} One,${mobile(1)},,2026-01-01,2099-12-31`,
    `E2E Import ${tag} Two,${mobile(2)},,2026-01-01,2099-12-31`,
    `E2E Import ${tag} Bad,${mobile(3)},,2026-03-01,2026-02-01`,
  ].join('\n');

  await page.goto('/app/users');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Members' });
  await dialog.getByTestId('import-file').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByText('members.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByText('2 valid rows', { exact: true })).toBeVisible();
  await expect(dialog.getByText('1 row with errors', { exact: true })).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Rows of the file' });
  const bad = table.getByRole('row').filter({ hasText: `E2E Import ${tag} Bad` });
  await expect(bad.getByRole('cell').first()).toHaveText('4');
  await expect(bad).toContainText('Valid till: Valid till must not be before valid from');

  await dialog.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(dialog.getByText('Imported 2 members. Skipped 1 row with errors.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The list refreshed: searching finds the two imported members and not the bad one.
  await page.getByRole('searchbox').fill(`E2E Import ${tag}`);
  await expect(page.getByRole('link', { name: `E2E Import ${tag} One` })).toBeVisible();
  await expect(page.getByRole('link', { name: `E2E Import ${tag} Two` })).toBeVisible();
  await expect(page.getByRole('link', { name: `E2E Import ${tag} Bad` })).toHaveCount(0);

  // And the API agrees.
  const response = await page.request.get(`/api/user/getUsers?q=${encodeURIComponent(`E2E Import ${tag}`)}`, {
    headers: authHeaders(session),
  });
  const found = (await response.json()) as { total: number; items: { name: string }[] };
  expect(found.items.map((u) => u.name).sort()).toEqual([`E2E Import ${tag} One`, `E2E Import ${tag} Two`]);
});
