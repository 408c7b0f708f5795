import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  attendancePunches,
  bankAccounts,
  devices,
  packages,
  portalLinks,
  upiRequests,
  users,
} from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

// The member's own page (issue 37): links, the page's API and its safety.
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let branchId: number;
let structureId: number;
let mobile = 8_100_000_000;
const logLines: string[] = [];
const today = () => new Date().toISOString().slice(0, 10);
let address = 0;
/** Each test calls from its own address, so the page's per-address allowance is its own. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'info' });
  // Every log line the app writes (pino's stream), kept instead of printed.
  const streamSym = Object.getOwnPropertySymbols(t.app.log).find((s) => String(s) === 'Symbol(pino.stream)')!;
  const stream = (t.app.log as unknown as Record<symbol, { write: (s: string) => void }>)[streamSym]!;
  stream.write = (line: string) => void logLines.push(line);
  org = await createOrg(t, { branchCount: 2 });
  other = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const fee = (await post('/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id as number;
  structureId = (
    await post('/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 150000 }],
    })
  ).json().id;
  await post('/api/bankAccount/createBankAccount', {
    accountName: 'Current',
    bankName: 'HDFC',
    accountNumber: '5020001',
    upiId: 'demo.library@hdfc',
  });
});
afterAll(() => t?.close());

function post(url: string, payload: object, token = org.ownerToken, b = branchId) {
  return call(t, token, { method: 'POST', url, payload, branchId: b });
}
const staffCall = (method: 'GET' | 'POST' | 'PUT', url: string, token = org.ownerToken, payload?: object) =>
  call(t, token, { method, url, branchId, ...(payload && { payload }) });

async function member(over: Record<string, unknown> = {}, token = org.ownerToken, b = branchId) {
  const res = await post(
    '/api/user/createUser',
    {
      name: `Member ${++mobile}`,
      mobile: String(mobile),
      email: `m${mobile}@test.dev`,
      validFrom: addDays(today(), -20),
      validTill: addDays(today(), 9),
      feeStructureId: structureId,
      ...over,
    },
    token,
    b,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { userId: number; name: string };
}

const createLink = async (userId: number, token = org.ownerToken) =>
  staffCall('POST', `/api/portal/createLink?userId=${userId}`, token);
/** Every token made in this file: none may reach the log. */
const made: string[] = [];
const tokenOf = (url: string) => {
  const token = url.split('/m/')[1]!;
  made.push(token);
  return token;
};
async function linkFor(userId: number) {
  const res = await createLink(userId);
  expect(res.statusCode, res.body).toBe(201);
  return tokenOf(res.json().url);
}
const page = (token: string | undefined, url = '/api/portal/getSummary', remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: token ? { 'member-token': token } : {} });
/** A 404 that says nothing: the same body for every way a link can fail. */
function expectDead(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({
    statusCode: 404,
    reason: 'NOT_FOUND',
    message: 'The record was not found.',
    code: 'RECORD_NOT_FOUND',
    params: { what: 'RECORD' },
  });
}

describe('a member link', () => {
  it("shows the organisation's palette, the one its settings name (issue 37)", async () => {
    const token = await linkFor((await member()).userId);
    expect((await page(token)).json().organisation.palette).toBe('purpleTheme');
    // The settings as a client that does not know the palette sends them: without it.
    const {
      currencyLocked: _locked,
      memberPalette: _palette,
      ...settings
    } = (await staffCall('GET', '/api/settings/getSettings')).json();
    const saved = await staffCall('PUT', '/api/settings/updateSettings', org.ownerToken, {
      ...settings,
      memberPalette: 'goldTheme',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page(token)).json().organisation.palette).toBe('goldTheme');
    await staffCall('PUT', '/api/settings/updateSettings', org.ownerToken, settings);
    expect((await page(token)).json().organisation.palette).toBe('goldTheme');
    await staffCall('PUT', '/api/settings/updateSettings', org.ownerToken, {
      ...settings,
      memberPalette: 'purpleTheme',
    });
  });

  it('is at least 128 random bits, stored only as a hash, and opens that member', async () => {
    const m = await member();
    const res = await createLink(m.userId);
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/m\/[A-Za-z0-9_-]{32}$/);
    const token = tokenOf(url);
    const [row] = await t.db.select().from(portalLinks).where(eq(portalLinks.userId, m.userId));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const summary = await page(token);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().member.name).toBe(m.name);
  });

  it('sent with no mail server: the answer says the e-mail is only logged (issue 41, point 6)', async () => {
    const m = await member();
    const res = await staffCall('POST', `/api/portal/createLink?userId=${m.userId}&send=true`);
    expect(res.statusCode, res.body).toBe(201);
    tokenOf(res.json().url);
    expect(res.json()).toMatchObject({ sent: 1, logged: 1 });
    const quiet = await createLink(m.userId);
    tokenOf(quiet.json().url);
    expect(quiet.json()).toMatchObject({ sent: 0, logged: 0 });
  });

  it('is replaced by a new one: the old token stops working at once', async () => {
    const m = await member();
    const first = await linkFor(m.userId);
    const second = await linkFor(m.userId);
    expect(second).not.toBe(first);
    expectDead(await page(first));
    expect((await page(second)).statusCode).toBe(200);
  });

  it('is dead after revoke, for a deleted member, and for unknown or malformed tokens', async () => {
    const m = await member();
    const token = await linkFor(m.userId);
    const revoked = await staffCall('PUT', `/api/portal/revokeLink?userId=${m.userId}`);
    expect(revoked.json()).toEqual({ revoked: true });
    expectDead(await page(token));
    expect((await staffCall('PUT', `/api/portal/revokeLink?userId=${m.userId}`)).json()).toEqual({
      revoked: false,
    });

    const gone = await member();
    const goneToken = await linkFor(gone.userId);
    const del = await call(t, org.ownerToken, {
      method: 'DELETE',
      url: `/api/user/deleteUser?userId=${gone.userId}`,
      branchId,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expectDead(await page(goneToken));

    expectDead(await page('A'.repeat(32)));
    expectDead(await page('short'));
    expectDead(await page(undefined));
    // The token in a query string is not read: only the header counts.
    const live = await linkFor((await member()).userId);
    expectDead(await page(undefined, `/api/portal/getSummary?member-token=${live}`));
  });

  it('needs users edit in the member branch to create or revoke', async () => {
    const m = await member();
    const viewer = await createStaff(t, org, only({ users: 'v' }));
    expect((await createLink(m.userId, viewer.token)).statusCode).toBe(403);
    const editor = await createStaff(t, org, only({ users: 've' }));
    expect((await createLink(m.userId, editor.token)).statusCode).toBe(201);
    // Another branch's member, and another organisation's, are not found from here.
    const elsewhere = await member({}, org.ownerToken, org.branchIds[1]);
    expect((await createLink(elsewhere.userId)).statusCode).toBe(404);
    const foreign = await call(t, other.ownerToken, {
      method: 'POST',
      url: `/api/portal/createLink?userId=${m.userId}`,
      branchId: other.branchIds[0],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the page API', () => {
  it('shows only the one member: validity, seat window, receipts, attendance, WiFi, UPI', async () => {
    const [pkg] = await t.db
      .insert(packages)
      .values({
        clientId: org.clientId,
        packageName: 'Basic',
        uniqueName: `basic-${mobile}`,
        adminId: org.ownerId,
        downloadKbps: 1024,
        uploadKbps: 512,
      })
      .returning();
    const m = await member({ entryTime: '08:00:00', exitTime: '14:00:00', packageId: pkg!.id });
    const neighbour = await member();
    // A receipt each, so the member's list could show the neighbour's if it were not scoped.
    for (const who of [m, neighbour]) {
      const paid = await post('/api/payment/createPayment', {
        userId: who.userId,
        feeStructureId: structureId,
        received: 100000,
        mode: 'cash',
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    const [device] = await t.db
      .insert(devices)
      .values({ clientId: org.clientId, branchId, serialNumber: `SER${mobile}`, status: 'accepted' })
      .returning();
    const punch = (userId: number, day: string, time: string) => ({
      clientId: org.clientId,
      branchId,
      deviceId: device!.id,
      pin: userId,
      userId,
      deviceTime: `${day} ${time}`,
      punchedAt: `${day}T${time}Z`,
      day,
      cutoffAt: `${day}T23:59:59Z`,
    });
    await t.db
      .insert(attendancePunches)
      .values([
        punch(m.userId, addDays(today(), -1), '08:05:00'),
        punch(m.userId, addDays(today(), -1), '13:55:00'),
        punch(m.userId, addDays(today(), -40), '08:05:00'),
        punch(neighbour.userId, today(), '09:00:00'),
      ]);

    const token = await linkFor(m.userId);
    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const s = res.json();
    expect(s.member).toMatchObject({
      name: m.name,
      entryTime: '08:00',
      exitTime: '14:00',
      active: true,
      dues: 50000,
    });
    expect(s.member.daysLeft).toBe(39);
    expect(s.receipts).toHaveLength(1);
    expect(s.attendance).toEqual([
      { day: addDays(today(), -1), firstIn: '08:05', lastOut: '13:55', punches: 2 },
    ]);
    expect(s.wifi).toEqual({
      username: String(mobile - 1),
      pin: expect.stringMatching(/^\d{6}$/),
      usage: { usedBytes: 0, allowedBytes: null, secondsLeft: expect.any(Number) },
    });
    expect(res.body).not.toContain(neighbour.name);
    // Of the organisation's accounts only the UPI id: no account number, no bank.
    expect(res.body).not.toContain('5020001');
    expect(res.body).not.toContain('HDFC');
    expect(s.upi.upiId).toBe('demo.library@hdfc');

    // Its receipt opens as a PDF; the neighbour's payment is not found with this link.
    const own = await page(token, `/api/portal/getReceiptPdf?paymentId=${s.receipts[0].paymentId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // In the member's language, Hindi too (issue 48).
    const hindi = await page(token, `/api/portal/getReceiptPdf?paymentId=${s.receipts[0].paymentId}&lang=hi`);
    expect(hindi.statusCode).toBe(200);
    expect(execFileSync('pdftotext', ['-', '-'], { input: hindi.rawPayload }).toString()).toContain('सदस्य:');
    const theirs = await call(t, org.ownerToken, {
      method: 'GET',
      url: `/api/payment/getPayments?userId=${neighbour.userId}`,
      branchId,
    });
    expectDead(await page(token, `/api/portal/getReceiptPdf?paymentId=${theirs.json().items[0].id}`));
  });

  it('offers Pay dues and Renew as upi:// links quoted exactly as the counter quotes', async () => {
    const m = await member({ validTill: addDays(today(), -6) });
    // A late fine makes the quote more than the structure's lines.
    await t.db.execute(
      `update fee_structures set grace_days = 1, fine_per_day = 1000, fine_cap = 0 where id = ${structureId}` as never,
    );
    await t.db.update(users).set({ dues: 12345 }).where(eq(users.id, m.userId));
    const token = await linkFor(m.userId);
    const s = (await page(token)).json();
    const counter = (
      await staffCall('GET', `/api/payment/getPaymentQuote?userId=${m.userId}&feeStructureId=${structureId}`)
    ).json();
    const renewal = s.upi.offers.find((o: { purpose: string }) => o.purpose === 'renewal');
    const dues = s.upi.offers.find((o: { purpose: string }) => o.purpose === 'dues');
    expect(renewal.amount).toBe(counter.total);
    expect(renewal.lateFine).toBe(counter.lateFine);
    expect(renewal.lateFine).toBeGreaterThan(0);
    expect(dues.amount).toBe(12345);
    const uri = new URL(renewal.uri);
    expect(uri.protocol).toBe('upi:');
    expect(renewal.uri).toContain('pa=demo.library%40hdfc');
    expect(uri.searchParams.get('am')).toBe((counter.total / 100).toFixed(2));
    expect(uri.searchParams.get('cu')).toBe('INR');
    expect(uri.searchParams.get('tr')).toBe(renewal.reference);
    expect(uri.searchParams.get('pn')).toBe(s.organisation.name);
    expect(dues.uri).toContain('am=123.45&');
    expect(renewal.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Reloading keeps the references; they are stored, so a claim can be matched.
    const again = (await page(token)).json();
    expect(again.upi.offers.map((o: { reference: string }) => o.reference)).toEqual(
      s.upi.offers.map((o: { reference: string }) => o.reference),
    );
    const stored = await t.db.select().from(upiRequests).where(eq(upiRequests.userId, m.userId));
    expect(stored.map((r) => r.reference).sort()).toEqual([dues.reference, renewal.reference].sort());
    await t.db.execute(
      `update fee_structures set grace_days = 0, fine_per_day = 0 where id = ${structureId}` as never,
    );
  });

  it('offers no UPI where the branch has no account with a UPI id', async () => {
    const m = await member({}, org.ownerToken, org.branchIds[1]);
    // The organisation-wide account serves every branch; tied to the first branch it serves only that.
    await t.db.update(bankAccounts).set({ branchId }).where(eq(bankAccounts.accountNumber, '5020001'));
    const link = await call(t, org.ownerToken, {
      method: 'POST',
      url: `/api/portal/createLink?userId=${m.userId}`,
      branchId: org.branchIds[1],
    });
    const s = (await page(tokenOf(link.json().url))).json();
    expect(s.upi).toBeNull();
    await t.db.update(bankAccounts).set({ branchId: null }).where(eq(bankAccounts.accountNumber, '5020001'));
  });

  it("counts an address's failed look-ups and a member's own reads, each apart (issue 45, point 7)", async () => {
    const m = await member();
    const token = await linkFor(m.userId);
    const from = '10.9.9.9';
    // A member's own reads: 60 a minute, however many callers share the address.
    const answers: number[] = [];
    for (let i = 0; i < 62; i++) answers.push((await page(token, undefined, from)).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(answers.slice(60)).toEqual([429, 429]);
    // They used up nothing of the address: another member reads from it.
    const other = await linkFor((await member()).userId);
    expect((await page(other, undefined, from)).statusCode).toBe(200);
    // 150 wrong tokens from another address: 60 are looked up (404), the rest refused unread.
    const guesser = '10.9.9.10';
    const guesses: number[] = [];
    for (let i = 0; i < 150; i++)
      guesses.push((await page(`${'B'.repeat(31)}${i % 10}`, undefined, guesser)).statusCode);
    expect(guesses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(guesses.slice(60).every((s) => s === 429)).toBe(true);
    // From that address even a right token is refused (its answer would tell a guesser something);
    // from any other address the right tokens answer.
    expect((await page(other, undefined, guesser)).statusCode).toBe(429);
    expect((await page(other)).statusCode).toBe(200);
    expect((await page(other, undefined, from)).statusCode).toBe(200);
  });

  it('never writes a token into the log, and the page is sent with no-store and no-referrer', async () => {
    const m = await member();
    const token = await linkFor(m.userId);
    await page(token);
    const pageRes = await t.app.inject({ method: 'GET', url: `/m/${token}` });
    expect(pageRes.headers['referrer-policy']).toBe('no-referrer');
    expect(pageRes.headers['cache-control']).toBe('no-store');
    await page(token, `/api/portal/getSummary?x=1`);
    const log = logLines.join('');
    expect(log).toContain('/api/portal/getSummary');
    expect(log).toContain('/m/[link]');
    // Not this one, nor any other of the file, even the one a test sent in a query string.
    expect(made.length).toBeGreaterThan(10);
    for (const any of made) expect(log).not.toContain(any);
    expect(log).toContain('member-token=[link]');
  });
});
