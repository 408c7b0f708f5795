import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { authHeaders, signIn, storeSession } from '../fixtures/session.ts';
import type { DemoSession } from '../fixtures/session.ts';

// Payments in the browser (issue 11): renew an expired member from Inactive Users, the receipt and its
// PDF, void; a part payment leaves a due the next payment settles; payments switched off hide it all.

let counter = 0;
const uniqueMobile = () => `77${String(Date.now()).slice(-6)}${String(++counter).padStart(2, '0')}`;
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** A member of the demo branch on its first fee structure, valid till `validTill`. */
async function createMember(page: Page, session: DemoSession, name: string, validTill: string) {
  const headers = authHeaders(session);
  const structures = await page.request.get('/api/payment/getPaymentOptions', { headers });
  const structure = (await structures.json()).feeStructures[0] as { id: number; name: string };
  const res = await page.request.post('/api/user/createUser', {
    headers,
    data: {
      name,
      mobile: uniqueMobile(),
      validFrom: addDays(validTill, -29),
      validTill,
      feeStructureId: structure.id,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { userId: number; mobile: string };
}

async function member(page: Page, session: DemoSession, userId: number) {
  const res = await page.request.get(`/api/user/getUser?userId=${userId}`, { headers: authHeaders(session) });
  return (await res.json()) as { status: boolean; validTill: string; dues: number };
}

test('renew an expired member from Inactive Users: active again, receipt prints, PDF opens, void restores', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  const name = `Renewal Ravi ${Date.now()}`;
  const before = addDays(today(), -5);
  const created = await createMember(page, session, name, before);
  await page.goto(`/app/inactive_users?q=${created.mobile}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Expired');
  await row.getByRole('button', { name: 'Renew' }).click();

  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByText(/Valid from .* to .* after this payment/)).toBeVisible();
  // Five days late with three days of grace: the fine is proposed; lowering it asks why.
  const fine = dialog.getByLabel('Late fine');
  await expect(fine).toHaveValue('40.00');
  await expect(dialog.getByLabel('Received')).toHaveValue('1,840.00');
  // Waiving the fine asks why, and a payment in full stays in full.
  await fine.fill('0');
  await dialog.getByLabel('Reason for lowering the fine').fill('First delay');
  await expect(dialog.getByTestId('payment-total')).toHaveText('₹1,800.00');
  await expect(dialog.getByLabel('Received')).toHaveValue('1,800.00');
  await dialog.getByRole('button', { name: 'Save payment' }).click();

  await expect(page).toHaveURL(/\/app\/payments\/\d+\/receipt$/);
  const receipt = page.locator('#receipt');
  await expect(receipt).toContainText(name);
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt).toContainText(/Received in words: Rupees .* Only/);
  await expect(receipt.getByRole('img', { name: 'QR code of the verification link' })).toBeVisible();
  const number = (await receipt.getByText(/^No\. /).textContent())!.replace('No. ', '').trim();
  expect(number).toMatch(/^DL-B\d+-\d{4}-\d{2}-\d+$/);
  expect(await member(page, session, created.userId)).toMatchObject({
    status: true,
    validTill: addDays(today(), 29),
  });

  // The QR code's link is the server's own address, and its page says the receipt is genuine.
  const verifyText = (await receipt.getByText(/^Verify this receipt: /).textContent())!;
  const verifyUrl = new URL(verifyText.replace('Verify this receipt: ', ''));
  expect(verifyUrl.port).toBe(new URL(page.url()).port);
  const check = await page.context().newPage();
  await check.goto(verifyUrl.pathname);
  await expect(check.getByText('This receipt is genuine.')).toBeVisible();
  await expect(check.getByText(number)).toBeVisible();
  await expect(check.getByText(name)).toHaveCount(0);

  // The PDF comes from the server, as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  const bytes = await (await pdf.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');

  // The thermal layout is 80 mm wide.
  await page.getByRole('button', { name: '80 mm' }).click();
  const width = await receipt.evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.round(width)).toBe(Math.round((80 / 25.4) * 96));

  // Void from the list: it asks why, then the member's validity goes back.
  await page.goto(`/app/payments?q=${number}`);
  const paymentRow = page.getByRole('row').filter({ hasText: number });
  await paymentRow.getByRole('button', { name: 'Void' }).click();
  const ask = page.getByRole('dialog', { name: `Void receipt ${number}?` });
  await ask.getByLabel('Reason').fill('Recorded for the wrong member');
  await ask.getByRole('button', { name: 'Void payment' }).click();
  await expect(paymentRow).toContainText('Void');
  expect(await member(page, session, created.userId)).toMatchObject({ status: false, validTill: before });
  await check.reload();
  await expect(check.getByText('This receipt was voided and is not valid.')).toBeVisible();
});

test('a part payment leaves a due that the next payment, from the Dues tab, settles', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await signIn(page);
  const name = `Part Payer ${Date.now()}`;
  const created = await createMember(page, session, name, addDays(today(), 3));
  await page.goto(`/app/UserProfile/${created.userId}`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await expect(dialog.getByText(/after this payment/)).toBeVisible();
  const received = dialog.getByLabel('Received');
  await received.fill('1000');
  await expect(dialog.getByText(/will be left owing/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(page).toHaveURL(/\/receipt$/);
  await expect(page.locator('#receipt')).toContainText('Due');
  const owed = (await member(page, session, created.userId)).dues;
  expect(owed).toBeGreaterThan(0);

  await page.goto('/app/payments?view=dues');
  await page.getByRole('searchbox').fill(created.mobile);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Record payment' }).click();
  const settle = page.getByRole('dialog', { name: 'Record payment' });
  await expect(settle.getByLabel('Previous dues')).toBeVisible();
  await expect(settle.getByTestId('payment-total')).not.toHaveText(/^₹0\.00$/);
  await settle.getByRole('button', { name: 'Save payment' }).click();
  await expect(page).toHaveURL(/\/receipt$/);
  await expect(page.locator('#receipt')).toContainText('Previous dues');
  expect((await member(page, session, created.userId)).dues).toBe(0);
});

test('with payments switched off, no screen offers to record one', async ({ page }) => {
  const session = await signIn(page);
  await storeSession(page, { ...session, paymentDisabled: true });
  await page.goto('/app/payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await page.goto('/app/inactive_users?reason=expired');
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
  // The server refuses too, whatever the browser shows (403 PAYMENTS_DISABLED is tested in the API suite).
});
