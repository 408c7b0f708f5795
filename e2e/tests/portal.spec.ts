import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { authHeaders, signIn } from '../fixtures/session.ts';

// The member's own page (issue 37): staff make the link on the profile; on a 375 px phone the member
// sees validity and dues, opens a receipt, shows the WiFi PIN, pays by UPI (link and QR with amount
// and reference) and claims it with the UTR; staff confirm it under Payments; the page then shows the
// new validity and receipt.

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('a member pays by UPI from their page and the desk confirms it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // Screenshots beside the test's other output (light and dark at 375 px, staff screens at 1280 px).
  const shots = `${test.info().outputDir}/`;
  mkdirSync(shots, { recursive: true });
  const session = await signIn(page);
  const headers = authHeaders(session);
  const options = (await (await page.request.get('/api/payment/getPaymentOptions', { headers })).json()) as {
    feeStructures: { id: number; durationDays: number }[];
  };
  const packages = (await (
    await page.request.get('/api/package/getPackages?pageSize=5', { headers })
  ).json()) as {
    items: { id: number }[];
  };
  const name = `Portal Priya ${Date.now()}`;
  const validTill = addDays(today(), 5);
  const created = await page.request.post('/api/user/createUser', {
    headers,
    data: {
      name,
      mobile: `66${String(Date.now()).slice(-8)}`,
      email: `portal${Date.now()}@library.test`,
      validFrom: addDays(today(), -25),
      validTill,
      feeStructureId: options.feeStructures[0]!.id,
      packageId: packages.items[0]?.id ?? null,
      entryTime: '08:00:00',
      exitTime: '14:00:00',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { userId: number }).userId;
  // A first receipt, paid in cash at the counter (5 days left, then 5 + the structure's days), so the page has one to open.
  const structureId = options.feeStructures[0]!.id;
  const duration = options.feeStructures[0]!.durationDays;
  const counterQuote = async () =>
    (await (
      await page.request.get(`/api/payment/getPaymentQuote?userId=${userId}&feeStructureId=${structureId}`, {
        headers,
      })
    ).json()) as { total: number };
  const paid = await page.request.post('/api/payment/createPayment', {
    headers,
    data: { userId, feeStructureId: structureId, received: (await counterQuote()).total, mode: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // Staff: the member profile's "Member link".
  await page.goto(`/app/UserProfile/${userId}`);
  await page.getByRole('button', { name: 'Member link' }).click();
  const dialog = page.getByRole('dialog');
  // Created and sent by the configured channel (e-mail here): with no SMTP_URL, the e-mail is only
  // logged, and the dialog says so rather than "Link sent" (issue 41, point 6).
  await dialog.getByRole('button', { name: 'Create and send' }).click();
  await expect(page.getByText(/^Logged, no mail server: the e-mail with the link/)).toBeVisible();
  await page.screenshot({ path: `${shots}member-link-dialog-1280.png` });
  const url = await dialog.getByTestId('member-link-url').inputValue();
  expect(url).toMatch(/\/m\/[A-Za-z0-9_-]{32}$/);
  const path = new URL(url).pathname;

  // The member, on a phone.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });
  const member = await phone.newPage();
  const response = await member.goto(path);
  expect(response!.headers()['referrer-policy']).toBe('no-referrer');
  expect(response!.headers()['cache-control']).toBe('no-store');
  await expect(member.getByRole('heading', { name })).toBeVisible();
  await expect(member.getByTestId('member-days-left')).toHaveText(`${5 + duration} days left`);
  await expect(member.getByText('08:00 – 14:00')).toBeVisible();
  await expect(member.getByTestId('member-dues')).toHaveText('Nothing due');
  // No sideways scroll on a phone.
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Drawn on the server (issue 45, point 1): no file of the web build comes with it.
  const scripts = await member.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  expect(scripts.filter((file) => file.startsWith('/assets/'))).toEqual([]);

  // The WiFi PIN only after "Show".
  const pin = member.getByTestId('wifi-pin');
  if (packages.items.length > 0) {
    await expect(pin).toBeHidden();
    await member.getByText('Show', { exact: true }).click();
    await expect(pin).toHaveText(/^\d{6}$/);
  }

  // Renew by UPI: the link and the QR carry the counter's amount and a reference.
  const quote = await counterQuote();
  const renewal = member.getByTestId('upi-offer-renewal');
  const href = (await renewal.getByTestId('upi-link').getAttribute('href'))!;
  const upi = new URL(href);
  expect(upi.protocol).toBe('upi:');
  const am = `${Math.floor(quote.total / 100)}.${String(quote.total % 100).padStart(2, '0')}`;
  expect(upi.searchParams.get('am')).toBe(am);
  expect(upi.searchParams.get('cu')).toBe('INR');
  const reference = upi.searchParams.get('tr')!;
  expect(reference).toMatch(/^[0-9A-F]{16}$/);
  await expect(renewal).toContainText(reference);
  await renewal.getByText('Show QR code').click();
  await expect(renewal.getByRole('img', { name: /UPI QR code/ })).toBeVisible();
  await member.screenshot({ path: `${shots}member-375-light.png`, fullPage: true });
  await expectNoSeriousViolations(member, 'member page, light');

  // Paid: the member claims it with the UTR.
  const utr = String(Date.now()).padStart(12, '7').slice(-12);
  if ((await member.getByLabel('Payment').count()) > 0) {
    await member.getByLabel('Payment').selectOption(reference);
  }
  await member.getByTestId('utr-input').fill(utr);
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(member.getByRole('status')).toHaveText('Thank you: the desk will confirm your payment.');
  await expect(member.getByTestId('member-claim').first()).toContainText('Waiting for the desk');

  // The dark look, from the phone's own setting.
  await member.emulateMedia({ colorScheme: 'dark' });
  await member.screenshot({ path: `${shots}member-375-dark.png`, fullPage: true });
  await expectNoSeriousViolations(member, 'member page, dark');
  await member.emulateMedia({ colorScheme: 'light' });

  // Staff: the dashboard counts it, Payments lists it, Confirm records it.
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('upi-to-confirm')).toContainText('to confirm');
  await page.getByTestId('upi-to-confirm').getByRole('link', { name: 'Open' }).click();
  const row = page.getByTestId('upi-claim-row').filter({ hasText: name });
  await expect(row).toContainText(utr);
  await page.screenshot({ path: `${shots}upi-to-confirm-1280.png` });
  await row.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Payment recorded, receipt/)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The member's page now shows the new validity, the confirmed claim and the new receipt.
  await member.reload();
  await expect(member.getByTestId('member-claim').first()).toContainText('Confirmed');
  await expect(member.getByTestId('member-days-left')).toHaveText(`${5 + 2 * duration} days left`);
  const receipts = member.getByRole('region', { name: 'Receipts' });
  const newest = receipts.getByRole('listitem').first();
  // A plain link to the receipt (the page needs no script to open it).
  const pdfLink = newest.getByRole('link', { name: 'PDF' });
  const pdf = await member.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await phone.close();

  // The same page on a laptop (the QR is for paying from a phone there), and the counter's QR.
  await page.goto(path);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.screenshot({ path: `${shots}member-1280.png`, fullPage: true });
  await page.goto(`/app/UserProfile/${userId}`);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const payment = page.getByRole('dialog', { name: 'Record payment' });
  await payment.getByLabel('Mode').click();
  await page.getByRole('option', { name: 'UPI' }).click();
  const counterQr = payment.getByTestId('counter-upi-qr');
  await expect(counterQr.getByRole('img', { name: /UPI QR code for/ })).toBeVisible();
  await counterQr.scrollIntoViewIfNeeded();
  await payment.screenshot({ path: `${shots}counter-qr-1280.png` });
  await page.keyboard.press('Escape');

  // The organisation's palette (settings) colours the member page.
  const choosePalette = async (palette: string) => {
    await page.goto('/app/settings');
    await page.getByLabel('Member page palette').click();
    await page.getByRole('option', { name: palette, exact: true }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Data has been updated')).toBeVisible();
  };
  await choosePalette('Leaf');
  await page.screenshot({ path: `${shots}settings-member-palette-1280.png`, fullPage: true });
  await page.goto(path);
  const header = page.locator('.mp-header');
  await expect(header).toHaveCSS('background-color', 'rgb(0, 150, 136)');
  await page.screenshot({ path: `${shots}member-leaf-1280.png` });
  // Back to the product's palette for the other suites.
  await choosePalette('Ultra Violet');
  await page.goto(path);
  await expect(header).toHaveCSS('background-color', 'rgb(171, 71, 188)');
});

test('a revoked or unknown link shows the dead-link page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(`/m/${'x'.repeat(32)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This link does not work (any more). Ask at the desk for a new one.',
  );
});
