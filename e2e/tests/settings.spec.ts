import { expect, test } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

// Organisation settings (issue 11): the owner's screen; saving rewrites the cookies the app reads.

test('the owner switches payments off and on in Settings; the payment actions follow at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Receipt prefix')).toHaveValue('DL');
  await expect(page.getByLabel('Currency')).toBeDisabled(); // the demo has payments in INR
  const toggle = page.getByLabel('Switch payments off (nobody can record a payment)');

  await page.getByLabel('Tax ID (printed on receipts)').fill('29AAACD1234F1Z5');
  await toggle.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Data has been updated')).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === 'paymentDisabled');
  expect(cookie?.value).toBe('true');

  await page.goto('/app/payments');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  const refused = await page.request.post('/api/payment/createPayment', {
    headers: authHeaders(session),
    data: { userId: 1, duesSettled: 1, received: 1, mode: 'cash' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).reason).toBe('PAYMENTS_DISABLED');

  await page.goto('/app/settings');
  await toggle.uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Data has been updated')).toBeVisible();
  await page.goto('/app/payments');
  await expect(page.getByRole('button', { name: 'Record payment' })).toBeVisible();
});

test('a bad value is named on its field, and nothing is saved', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/settings');
  await page.getByLabel('Receipt prefix').fill('dl-1');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Use 1 to 12 capital letters or digits')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Receipt prefix')).toHaveValue('DL');
});
