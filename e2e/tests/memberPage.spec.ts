import { expect, test } from '@playwright/test';
import { memberWithLink } from '../fixtures/memberLink.ts';

// The member's page drawn on the server (issue 45, point 1): on a 375 px phone with JavaScript
// switched off, the member reads validity and dues, opens a QR, claims a UPI payment with its UTR
// (a form that posts) and sees it pending. Its weight is checked in weight.spec.ts.

test('with JavaScript off, a member reads validity and dues and claims a UPI payment', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { path, name } = await memberWithLink(page, 25_000);

  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const member = await phone.newPage();
  const response = await member.goto(path);
  expect(response!.status()).toBe(200);
  await expect(member.getByRole('heading', { name })).toBeVisible();
  await expect(member.getByTestId('member-valid-till')).toHaveText(/^Valid till \d{2}\/\d{2}\/\d{4}$/);
  await expect(member.getByTestId('member-days-left')).toHaveText(/days? left$/);
  await expect(member.getByTestId('member-dues')).toHaveText('₹250.00');
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The QR opens without script (<details>), an SVG drawn on the server.
  const dues = member.getByTestId('upi-offer-dues');
  await dues.getByText('Show QR code').click();
  await expect(dues.getByRole('img', { name: 'UPI QR code for ₹250.00' }).locator('svg')).toBeVisible();

  // The claim: a form that posts and comes back to the page with the claim pending.
  const utr = String(Date.now()).padStart(12, '6').slice(-12);
  await member.getByLabel('Payment').selectOption({ label: 'Pay dues · ₹250.00' });
  await member.getByLabel('Amount paid').fill('250');
  await member.getByTestId('utr-input').fill(utr);
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(member).toHaveURL(new RegExp(`${path}\\?claim=sent`));
  await expect(member.getByRole('status')).toHaveText('Thank you: the desk will confirm your payment.');
  const claim = member.getByTestId('member-claim').first();
  await expect(claim).toContainText(`UTR ${utr}`);
  await expect(claim).toContainText('Waiting for the desk');

  // The same UTR again: the reason, on the page.
  await member.getByTestId('utr-input').fill(utr);
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(member.getByRole('alert')).toHaveText('This UTR has been claimed already.');
  await phone.close();
});
