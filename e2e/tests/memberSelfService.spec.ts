import { expect, test } from '@playwright/test';
import { memberWithLink } from '../fixtures/memberLink.ts';
import { authHeaders, signIn } from '../fixtures/session.ts';

// Members who help themselves (issue 45, points 4 and 5), on a 375 px phone: a pause asked on the
// page with JavaScript off, approved by staff in one click, moves the validity the page shows; a seat
// chosen on the page with JavaScript on is kept while the member pays by UPI, and the desk's confirm
// makes it theirs.

/** 'Valid till 17/12/2026' read as an ISO day. */
const validTillOf = (text: string) => {
  const [, d, m, y] = /(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)!;
  return `${y}-${m}-${d}`;
};
const plusDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('with JavaScript off, a member asks for a pause, staff approve it, the page shows the new validity', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { path, name } = await memberWithLink(page, 0);
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const member = await phone.newPage();
  await member.goto(path);
  const before = validTillOf((await member.getByTestId('member-valid-till').textContent())!);

  const pause = member.getByRole('region', { name: 'Pause my membership' });
  await pause.getByTestId('pause-days').fill('7');
  await pause.getByLabel('Reason').fill('Exams at home');
  await pause.getByRole('button', { name: 'Ask for a pause' }).click();
  await expect(member.getByTestId('pause-asked')).toHaveText(
    'Asked. The library approves or refuses it; your validity changes once approved.',
  );
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Staff: Payments → Pauses to approve, one click.
  await page.goto('/app/payments?view=pauses');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Exams at home', { timeout: 30_000 });
  const approved = page.waitForResponse((r) => r.url().includes('/api/user/approvePause'));
  await row.getByRole('button', { name: 'Approve' }).click();
  const answer = await approved;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByText(`Pause of ${name} approved; validity moved on.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await member.reload();
  const after = validTillOf((await member.getByTestId('member-valid-till').textContent())!);
  expect(after).toBe(plusDays(before, 7));
  await phone.close();
});

test('with JavaScript on, a member chooses a seat, pays by UPI, and the desk confirm makes it theirs', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { path, name } = await memberWithLink(page, 0);
  const headers = authHeaders(await signIn(page));
  // A room of this test's own, so its seats are free.
  const roomName = `Quiet Room ${Date.now()}`;
  const room = await page.request.post('/api/room/createRoom', {
    headers,
    data: { name: roomName, capacity: 4 },
  });
  expect(room.status(), await room.text()).toBe(201);

  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const member = await phone.newPage();
  await member.goto(path);
  const seats = member.getByRole('group', { name: roomName });
  await expect(seats.getByRole('button', { name: 'Seat 2, free' })).toBeEnabled();
  await seats.getByRole('button', { name: 'Seat 2, free' }).click();
  await expect(member.getByTestId('seat-kept')).toContainText(`Seat 2 of ${roomName} is kept for you till`);
  await expect(seats.getByRole('button', { name: 'Seat 2, kept for you' })).toBeDisabled();
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The renewal paid by UPI, claimed with its UTR.
  const renewal = member.getByTestId('upi-offer-renewal');
  const am = new URL((await renewal.getByTestId('upi-link').getAttribute('href'))!).searchParams.get('am')!;
  const utr = String(Date.now()).padStart(12, '8').slice(-12);
  await member.getByLabel('Amount paid').fill(am);
  await member.getByTestId('utr-input').fill(utr);
  await member.getByRole('button', { name: 'Send' }).click();
  await expect(member.getByRole('status').first()).toBeVisible();
  await expect(member.getByTestId('member-claim').first()).toContainText('Waiting for the desk');

  // The desk: the confirm names the seat the member chose.
  await page.goto('/app/payments?view=upi');
  const row = page.getByTestId('upi-claim-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Seat 2 of ${roomName}, chosen on their page, becomes theirs.`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Payment recorded, receipt/)).toBeVisible();

  await member.reload();
  await expect(member.getByRole('region', { name: 'Seat and hours' })).toContainText(`Seat 2 · ${roomName}`);
  await phone.close();
});
