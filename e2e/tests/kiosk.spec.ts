import { expect, test, type Page } from '@playwright/test';
import { authHeaders, signIn } from '../fixtures/session.ts';

// An entrance screen (issue 47): staff pair a kiosk in one browser; a member's phone (375 px), where
// their page was opened, opens the kiosk's QR address and is checked in, and the kiosk shows them
// within a second; an expired member's phone shows red with the reason; a barcode scanner typing the
// member's own check-in QR into the kiosk checks them out.

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

test('a kiosk checks members in from their phones and out with a scanner', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const session = await signIn(page);
  const headers = authHeaders(session);
  const options = (await (await page.request.get('/api/payment/getPaymentOptions', { headers })).json()) as {
    feeStructures: { id: number }[];
  };
  const stamp = Date.now();
  /** A member of the branch with a live member link; returns the link's path. */
  async function member(name: string, validFrom: number, validTill: number) {
    const created = await page.request.post('/api/user/createUser', {
      headers,
      data: {
        name,
        mobile: `57${String(stamp + validTill).slice(-8)}`,
        validFrom: addDays(today(), validFrom),
        validTill: addDays(today(), validTill),
        feeStructureId: options.feeStructures[0]!.id,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const userId = ((await created.json()) as { userId: number }).userId;
    const link = await page.request.post(`/api/portal/createLink?userId=${userId}`, { headers });
    expect(link.status(), await link.text()).toBe(201);
    return new URL(((await link.json()) as { url: string }).url).pathname;
  }

  // Staff: Devices → Add entrance screen shows the code.
  await page.goto('/app/devices');
  await page.getByRole('button', { name: 'Add entrance screen' }).click();
  const code = (await page.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('button', { name: 'Done' }).click();

  // The entrance device: its own browser, no staff session.
  const kioskContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const kiosk = await kioskContext.newPage();
  await kiosk.goto('/kiosk');
  await kiosk.getByLabel('Pairing code').fill(code);
  await kiosk.getByRole('button', { name: 'Pair' }).click();
  await expect(kiosk.getByTestId('kiosk-qr')).toBeVisible();
  await expect(kiosk.getByTestId('kiosk-branch')).toHaveText(session.branches[0]!.name);
  // (localhost is a secure context, so no HTTPS note here: KioskPage.test checks it over plain HTTP.)
  const qrAddress = async (screen: Page) =>
    new URL((await screen.getByTestId('kiosk-qr').getAttribute('data-url'))!).pathname;

  // The member's phone: their page first (it remembers the link), then the kiosk's QR address.
  const first = `Kiran${stamp % 100000}`;
  const memberPath = await member(`${first} Rao`, -5, 20);
  const phoneContext = await browser.newContext({
    viewport: { width: 375, height: 812 },
    reducedMotion: 'reduce',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(memberPath);
  await expect(phone.getByRole('heading', { name: `${first} Rao` })).toBeVisible();
  await phone.goto(await qrAddress(kiosk));
  const result = phone.getByTestId('check-in-result');
  await expect(result).toHaveAttribute('data-result', 'in');
  await expect(result).toContainText(`Welcome, ${first}`);
  const checkedInAt = Date.now();
  await expect(kiosk.getByTestId('kiosk-result')).toContainText(`Welcome, ${first}`, { timeout: 1000 });
  await expect(kiosk.getByTestId('kiosk-result')).toHaveAttribute('data-result', 'in');

  // An expired member's phone: red, with the reason.
  const expiredPath = await member(`Expired${stamp % 100000} Shah`, -40, -3);
  const oldPhoneContext = await browser.newContext({
    viewport: { width: 375, height: 812 },
    reducedMotion: 'reduce',
  });
  const oldPhone = await oldPhoneContext.newPage();
  await oldPhone.goto(expiredPath);
  await expect(oldPhone.getByRole('heading', { name: `Expired${stamp % 100000} Shah` })).toBeVisible();
  await oldPhone.goto(await qrAddress(kiosk));
  const refused = oldPhone.getByTestId('check-in-result');
  await expect(refused).toHaveAttribute('data-result', 'refused');
  await expect(refused).toContainText('Your validity ended on');
  await expect(kiosk.getByTestId('kiosk-result')).toHaveAttribute('data-result', 'refused', {
    timeout: 1000,
  });

  // A scan within a minute of checking in is taken for a double scan: wait past it, then the
  // scanner (a keyboard) types the member's own check-in QR text into the kiosk.
  await kiosk.waitForTimeout(Math.max(0, checkedInAt + 61_000 - Date.now()));
  await phone.goto(memberPath);
  // The page drawn on the server has the code as an inline SVG; its script renews it (issue 45).
  const ownCode = phone.locator('[data-member-code]');
  await expect(ownCode).toBeVisible();
  const text = (await ownCode.getAttribute('data-member-code'))!;
  expect(text).toMatch(/^LM1\./);
  await kiosk.keyboard.type(text);
  await kiosk.keyboard.press('Enter');
  await expect(kiosk.getByTestId('kiosk-result')).toContainText(`Goodbye, ${first}`);
  await expect(kiosk.getByTestId('kiosk-result')).toHaveAttribute('data-result', 'out');

  // Attendance shows the visit, from the entrance screen.
  const visits = (await (
    await page.request.get(`/api/attendance/getVisits?q=${encodeURIComponent(first)}`, { headers })
  ).json()) as { items: { source: string; outAt: string | null }[] };
  expect(visits.items[0]).toMatchObject({ source: 'screen' });
  expect(visits.items[0]!.outAt).not.toBeNull();
  await Promise.all([kioskContext.close(), phoneContext.close(), oldPhoneContext.close()]);
});
