import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from '../fixtures/session.ts';

test('payment shots', async ({ page }) => {
  test.setTimeout(300_000);
  const dir = '/tmp/pay-shots';
  mkdirSync(dir, { recursive: true });
  await signIn(page);
  for (const width of [1280, 375]) {
    for (const mode of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate((type) => localStorage.setItem('uiSettings', JSON.stringify({ type })), mode);
      await page.goto('/app/payments');
      await expect(page.getByTestId('payment-summary')).toBeVisible();
      await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/payments-${width}-${mode}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Record payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record payment' });
      await dialog.getByLabel('Member').fill('a');
      await page.getByRole('option').first().click();
      await expect(dialog.getByText(/after this payment/)).toBeVisible();
      await page.screenshot({ path: `${dir}/dialog-${width}-${mode}.png` });
      await page.keyboard.press('Escape');
      const discard = page.getByRole('button', { name: /Discard/i });
      if (await discard.isVisible().catch(() => false)) await discard.click();
      await page.goto('/app/payments?view=dues');
      await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/dues-${width}-${mode}.png` });
      const first = await page.request.get('/api/payment/getPayments?pageSize=5', {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}`,
          branchid: String(JSON.parse((await page.evaluate(() => localStorage.getItem('activeBranch')))!).id),
        },
      });
      const p = (await first.json()).items[0];
      await page.goto(`/app/payments/${p.id}/receipt`);
      await expect(page.locator('#receipt')).toBeVisible();
      await page.screenshot({ path: `${dir}/receipt-${width}-${mode}.png`, fullPage: true });
      await page.goto(`/app/UserProfile/${p.userId}`);
      await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
      await page.screenshot({ path: `${dir}/profile-${width}-${mode}.png`, fullPage: true });
      await page.goto(p.verifyPath);
      await expect(page.getByText(/genuine|voided/)).toBeVisible();
      await page.screenshot({ path: `${dir}/verify-${width}-${mode}.png` });
    }
  }
});
