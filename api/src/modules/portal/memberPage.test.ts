import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { upiClaims, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

// The member's page drawn on the server (issue 45, point 1): HTML with the member's data, a QR as
// inline SVG, forms that post and come back to the page with the result.
let t: TestApp;
let org: TestOrg;
let branchId: number;
let structureId: number;
let mobile = 8_300_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<');

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const fee = (await staff('POST', '/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id;
  structureId = (
    await staff('POST', '/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 150000 }],
    })
  ).json().id;
  await staff('POST', '/api/bankAccount/createBankAccount', {
    accountName: 'Current',
    bankName: 'HDFC',
    accountNumber: '5020002',
    upiId: 'page.library@hdfc',
  });
});
afterAll(() => t?.close());

function staff(method: 'GET' | 'POST', url: string, payload?: object) {
  return call(t, org.ownerToken, { method, url, branchId, ...(payload && { payload }) });
}

async function memberWithLink(over: Record<string, unknown> = {}) {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Page Member ${++mobile}`,
    mobile: String(mobile),
    email: `p${mobile}@test.dev`,
    validFrom: addDays(today(), -25),
    validTill: addDays(today(), 4),
    feeStructureId: structureId,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  const link = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  return { userId, token: link.json().url.split('/m/')[1] as string };
}

const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: `10.7.0.${++address % 250}` });
const post = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: `10.8.0.${++address % 250}`,
  });

describe('the member page drawn on the server', () => {
  it('holds the dues, each offer with its amount, the reference in tn and tr, and an SVG QR', async () => {
    const m = await memberWithLink();
    await t.db.update(users).set({ dues: 12345 }).where(eq(users.id, m.userId));
    const res = await open(`/m/${m.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The one inline script is allowed by its hash, nothing else inline.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const html = decode(res.body);
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain(`Page Member ${mobile}`);
    expect(html).toMatch(/data-testid="member-dues">₹123\.45</);
    const links = [...html.matchAll(/href="(upi:\/\/pay\?[^"]+)"/g)].map((match) => new URL(match[1]!));
    expect(links.map((u) => u.searchParams.get('am')).sort()).toEqual(['123.45', '1623.45']);
    for (const uri of links) {
      const reference = uri.searchParams.get('tr')!;
      expect(reference).toMatch(/^[0-9A-F]{16}$/);
      expect(uri.searchParams.get('tn')).toContain(reference);
      expect(html).toContain(`Reference ${reference}`);
    }
    // Each offer's QR, the check-in code's too, as inline SVG (no image to fetch, no script).
    expect(
      html.match(/<div class="mp-qr" role="img" aria-label="UPI QR code for ₹[^"]+"><svg /g),
    ).toHaveLength(2);
    expect(html).toMatch(
      /role="img" aria-label="My check-in code" data-member-code="[^"]+" data-expires="[^"]+"><svg /,
    );
    // The claim is a form that posts; the PIN and the QR open with <details>.
    expect(html).toContain(`<form class="mp-form" id="mp-claim" action="/m/${m.token}/claim" method="post">`);
    expect(html).toContain(`<form class="mp-form" action="/m/${m.token}/pause" method="post">`);
    expect(html).toMatch(/<details class="mp-qr-box"><summary class="mp-button mp-outlined">/);
    expect(html).toContain('<link rel="manifest" href="/m/');
    // Within the page's weight: 20 KB gzip for everything it needs.
    expect(gzipSync(res.body, { level: 9 }).length / 1024).toBeLessThan(20);
  });

  it('is in the member’s language', async () => {
    const m = await memberWithLink();
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, m.userId));
    const html = decode((await open(`/m/${m.token}`)).body);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Gültig bis');
    expect(html).toContain('Mit UPI zahlen');
  });

  it('takes a claim posted as a form, and comes back to the page with it pending', async () => {
    const m = await memberWithLink();
    const first = decode((await open(`/m/${m.token}`)).body);
    const reference = /name="reference" value="([0-9A-F]{16})"/.exec(first)![1]!;
    const sent = await post(`/m/${m.token}/claim`, { reference, amount: '1500.00', utr: '512345678901' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/m/${m.token}?claim=sent#mp-pay`);
    const [row] = await t.db.select().from(upiClaims).where(eq(upiClaims.userId, m.userId));
    expect(row).toMatchObject({ amount: 150000, utr: '512345678901', status: 'pending' });

    const back = decode((await open(sent.headers.location as string)).body);
    expect(back).toContain(
      '<p class="mp-ok" role="status">Thank you: the desk will confirm your payment.</p>',
    );
    expect(back).toMatch(
      /data-testid="member-claim" data-claim-status="pending"><span>₹1,500\.00 · UTR 512345678901/,
    );
    expect(back).toContain('Waiting for the desk');

    // The same UTR again: the JSON route's refusal, said on the page.
    const again = await post(`/m/${m.token}/claim`, { reference, amount: '1500', utr: '512345678901' });
    expect(again.headers.location).toBe(`/m/${m.token}?claim=UTR_ALREADY_CLAIMED#mp-pay`);
    expect(decode((await open(again.headers.location as string)).body)).toContain(
      '<p class="mp-alert" role="alert">This UTR has been claimed already.</p>',
    );
    // More than asked, an unknown reference, a malformed UTR.
    const above = await post(`/m/${m.token}/claim`, { reference, amount: '99999', utr: '512345678902' });
    expect(above.headers.location).toContain('?claim=UPI_AMOUNT_ABOVE_REQUEST');
    const unknown = await post(`/m/${m.token}/claim`, {
      reference: 'FFFF',
      amount: '10',
      utr: '512345678903',
    });
    expect(unknown.headers.location).toContain('?claim=UPI_REFERENCE_UNKNOWN');
    const short = await post(`/m/${m.token}/claim`, { reference, amount: '10', utr: '123' });
    expect(short.headers.location).toContain('?claim=utr');
    expect(decode((await open(short.headers.location as string)).body)).toContain(
      'enter the 12-digit UTR (UPI transaction reference)',
    );
    expect(await t.db.select().from(upiClaims).where(eq(upiClaims.userId, m.userId))).toHaveLength(1);
  });

  it('names a window of the whole day as such, not as 00:00 – 00:00', async () => {
    const m = await memberWithLink({ entryTime: '00:00', exitTime: '00:00' });
    const html = decode((await open(`/m/${m.token}`)).body);
    expect(html).toContain('<p class="mp-big">All day <');
    expect(html).not.toContain('00:00 – 00:00');
  });

  it('takes a pause asked with a form, and shows the member what the library decided', async () => {
    const m = await memberWithLink();
    // Fewer days than the policy's fewest (7): the reason, on the page.
    const short = await post(`/m/${m.token}/pause`, {
      from: addDays(today(), 1),
      days: '2',
      reason: 'Exams',
    });
    expect(short.statusCode).toBe(303);
    expect(short.headers.location).toBe(`/m/${m.token}?pause=PAUSE_TOO_SHORT#mp-pause`);
    expect(decode((await open(short.headers.location as string)).body)).toContain(
      `<p class="mp-alert" role="alert">This pause is too short for the library's rules.</p>`,
    );
    const asked = await post(`/m/${m.token}/pause`, {
      from: addDays(today(), 1),
      days: '7',
      reason: 'Exams',
    });
    expect(asked.headers.location).toBe(`/m/${m.token}?pause=asked#mp-pause`);
    const back = decode((await open(asked.headers.location as string)).body);
    expect(back).toContain('data-testid="pause-asked"');
    // The history: the days asked (the last paused day is the 7th), waiting for the library.
    const [y, mo, d] = addDays(today(), 1).split('-');
    const [y2, mo2, d2] = addDays(today(), 7).split('-');
    expect(back).toMatch(
      new RegExp(
        `data-pause-status="requested"><span>${d}/${mo}/${y} to ${d2}/${mo2}/${y2}</span><span class="mp-chip mp-chip-wait">Waiting for the library</span>`,
      ),
    );
    const requests = (await staff('GET', '/api/user/getPauseRequests')).json() as {
      id: number;
      userId: number;
    }[];
    const pause = requests.find((p) => p.userId === m.userId);
    const refused = await call(t, org.ownerToken, {
      method: 'PUT',
      url: `/api/user/rejectPause?pauseId=${pause!.id}`,
      branchId,
      payload: { reason: 'Exam week is busy' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const later = decode((await open(`/m/${m.token}`)).body);
    expect(later).toContain('data-pause-status="rejected"');
    expect(later).toContain('Reason: Exam week is busy');
    expect(later).toContain('<span class="mp-chip mp-chip-bad">Not approved</span>');
    const noDays = await post(`/m/${m.token}/pause`, { from: today(), days: 'x' });
    expect(noDays.headers.location).toContain('?pause=days');
  });

  it('answers an unknown link with the dead-link page, in the phone’s language', async () => {
    const res = await open(`/m/${'x'.repeat(32)}`);
    expect(res.statusCode).toBe(200);
    expect(decode(res.body)).toContain(
      '<p class="mp-alert" role="alert">This link does not work (any more). Ask at the desk for a new one.</p>',
    );
    // Its one script makes a phone that remembered the link forget it, allowed by its hash.
    expect(res.body).toContain("localStorage.removeItem('memberLink')");
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-\S+' 'sha256-\S+'/);
    const de = await open(`/m/${'y'.repeat(32)}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(decode(de.body)).toContain('Dieser Link funktioniert nicht (mehr).');
    const claim = await post(`/m/${'x'.repeat(32)}/claim`, {
      reference: 'A',
      amount: '1',
      utr: '512345678909',
    });
    expect(claim.statusCode).toBe(303);
    expect(claim.headers.location).toBe(`/m/${'x'.repeat(32)}`);
  });
});

describe('choosing a seat on the page (issue 45, point 5)', () => {
  it('shows the room as a grid of seats; a chosen one comes back kept, and taken for another member', async () => {
    const room = await staff('POST', '/api/room/createRoom', { name: 'Quiet Hall', capacity: 3 });
    expect(room.statusCode, room.body).toBe(201);
    const roomId = room.json().id as number;
    const chooser = await memberWithLink({ entryTime: '08:00', exitTime: '14:00' });
    const other = await memberWithLink({ entryTime: '09:00', exitTime: '12:00' });
    const page = decode((await open(`/m/${chooser.token}`)).body);
    expect(page).toContain('Choose your seat');
    expect(page).toMatch(/data-testid="seats-help">Renewing\? Choose a free seat for 08:00–14:00:/);
    const allDay = await memberWithLink();
    expect(decode((await open(`/m/${allDay.token}`)).body)).toMatch(
      /data-testid="seats-help">Renewing\? Choose a free seat: it is kept/,
    );
    expect(page).toContain(`<legend>Quiet Hall</legend>`);
    /** The seat's button as the page draws it. */
    const seatButton = (html: string, n: number) =>
      new RegExp(`<button[^>]*value="${roomId}-${n}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(seatButton(page, 2)).toContain('aria-label="Seat 2, free"');
    expect(seatButton(page, 2)).toContain('name="seatId"');
    expect(seatButton(page, 2)).not.toContain('disabled');
    const chosen = await post(`/m/${chooser.token}/seat`, { seatId: `${roomId}-2` });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(`/m/${chooser.token}?seat=kept#mp-seats`);
    const kept = decode((await open(`/m/${chooser.token}?seat=kept`)).body);
    expect(kept).toMatch(/data-testid="seat-kept">Seat 2 of Quiet Hall is kept for you till \d\d:\d\d/);
    expect(kept).toContain('aria-label="Seat 2, kept for you"');
    const theirs = decode((await open(`/m/${other.token}`)).body);
    expect(seatButton(theirs, 2)).toContain('aria-label="Seat 2, taken"');
    expect(seatButton(theirs, 2)).toContain('disabled');
    const refused = await post(`/m/${other.token}/seat`, { seatId: `${roomId}-2` });
    expect(refused.headers.location).toBe(`/m/${other.token}?seat=SEAT_JUST_TAKEN#mp-seats`);
    expect(decode((await open(`/m/${other.token}?seat=SEAT_JUST_TAKEN`)).body)).toContain(
      'Someone chose that seat a moment ago; please choose another.',
    );
  });
});
