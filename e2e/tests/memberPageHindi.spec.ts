import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiSignIn, authHeaders } from '../fixtures/session.ts';

// A Hindi member's page (issue 48, points 3 and 4): on a 375 px phone it is in Hindi, <html lang="hi">,
// dates and money with Latin digits, and holds no English word outside an allowed list: the names
// it shows as they are written (organisation, branch, member, fee structure, room, UPI id, receipt
// numbers, references) and the codes and units the glossary keeps in Latin (docs/hindi-glossary.md).
// The screenshots docs/screenshots/member-page-375-hi-{light,dark}.png are taken here.

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Latin words a Hindi page may hold: codes and units. */
const allowedLatin = new Set(['UPI', 'UTR', 'QR', 'PDF', 'PIN', 'WiFi', 'ID', 'GB', 'MB']);
const shots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

test('a Hindi member reads their page in Hindi at 375 px, light and dark', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const session = await apiSignIn(page.request);
  const headers = authHeaders(session);
  const options = (await (await page.request.get('/api/payment/getPaymentOptions', { headers })).json()) as {
    feeStructures: { id: number; name: string }[];
  };
  const structureId = options.feeStructures[0]!.id;
  const name = `Sunita Rawat ${Date.now()}`;
  const created = await page.request.post('/api/user/createUser', {
    headers,
    data: {
      name,
      mobile: `68${String(Date.now()).slice(-8)}`,
      validFrom: addDays(today(), -20),
      validTill: addDays(today(), 10),
      feeStructureId: structureId,
      language: 'hi',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { userId: number }).userId;
  const quote = (await (
    await page.request.get(`/api/payment/getPaymentQuote?userId=${userId}&feeStructureId=${structureId}`, {
      headers,
    })
  ).json()) as { total: number };
  // Paid at the counter but for ₹250: a receipt, dues and both UPI offers on the page.
  const paid = await page.request.post('/api/payment/createPayment', {
    headers,
    data: { userId, feeStructureId: structureId, received: quote.total - 25_000, mode: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const link = await page.request.post(`/api/portal/createLink?userId=${userId}`, { headers });
  expect(link.status(), await link.text()).toBe(201);
  const path = new URL(((await link.json()) as { url: string }).url).pathname;
  const rooms = (await (await page.request.get('/api/room/getRooms?pageSize=100', { headers })).json()) as {
    items: { name: string }[];
  };

  // A phone that prefers English: the page follows the member's language, not the phone's.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: 'en-IN' });
  const member = await phone.newPage();
  const response = await member.goto(path);
  expect(response!.status()).toBe(200);
  await expect(member.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(member.getByRole('heading', { name })).toBeVisible();
  await expect(member.getByTestId('member-valid-till')).toHaveText(/^\d{2}\/\d{2}\/\d{4} तक वैध$/);
  await expect(member.getByTestId('member-days-left')).toHaveText(/^बाकी \d+ दिन$/);
  await expect(member.getByTestId('member-dues')).toHaveText('₹250.00');
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Open what opens (a QR code), so its texts are read too.
  await member.getByTestId('upi-offer-dues').getByText('QR कोड दिखाएँ').click();

  // Every word the member reads or hears: the text, the labels, the title.
  const read = await member.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[alt],[title],[placeholder]')].flatMap((e) =>
      ['aria-label', 'alt', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''),
    );
    const names = [
      ...[...document.querySelectorAll('.mp-org, .mp-header h1, .mp-branch, .mp-list strong')].map(
        (e) => e.textContent ?? '',
      ),
      ...[...document.querySelectorAll('[data-copy]')].map((e) => e.getAttribute('data-copy') ?? ''),
    ];
    return { text: [document.title, document.body.innerText, ...labels].join(' '), names };
  });
  const names = [
    ...read.names,
    ...options.feeStructures.map((f) => f.name),
    ...rooms.items.map((r) => r.name),
  ]
    .map((n) => n.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  let rest = names.reduce((text, n) => text.split(n).join(' '), read.text);
  // Payment references (16 hex digits) and UTRs are codes.
  rest = rest.replace(/\b[0-9A-F]{16}\b/g, ' ');
  const english = (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !allowedLatin.has(w));
  expect(english, `English words on the Hindi page:\n${rest}`).toEqual([]);
  expect(read.text).not.toMatch(/[०-९]/);

  mkdirSync(shots, { recursive: true });
  await member.screenshot({ path: `${shots}member-page-375-hi-light.png`, fullPage: true });
  await member.emulateMedia({ colorScheme: 'dark' });
  await member.screenshot({ path: `${shots}member-page-375-hi-dark.png`, fullPage: true });
  await phone.close();
});
