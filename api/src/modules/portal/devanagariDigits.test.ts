import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, staff as staffTable, users } from '../../db/schema.ts';
import {
  call,
  createOrg,
  startTestApp,
  testPassword,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

// Issue 48, point 2: Devanagari digits for Hindi, an organisation setting (default off, kept when a
// save leaves it out), in the sign-in answer the web formats with, and on a Hindi member's page.
let t: TestApp;
let org: TestOrg;
let branchId: number;
let structureId: number;
let mobile = 8_480_100_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);
const devanagari = /[०-९]/;

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  await t.db.update(clients).set({ locale: 'hi-IN' }).where(eq(clients.id, org.clientId));
  const fee = (await staff('POST', '/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id;
  structureId = (
    await staff('POST', '/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 150000 }],
    })
  ).json().id;
});
afterAll(() => t?.close());

function staff(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return call(t, org.ownerToken, { method, url, branchId, ...(payload && { payload }) });
}

async function settingsInput() {
  const { currencyLocked: _locked, ...input } = (await staff('GET', '/api/settings/getSettings')).json();
  return input as Record<string, unknown>;
}

async function setDigits(devanagariDigits: boolean) {
  const saved = await staff('PUT', '/api/settings/updateSettings', {
    ...(await settingsInput()),
    devanagariDigits,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A member in `language` with dues of ₹1,234.50 and 4 days left; their page as the server draws it. */
async function memberPage(language: 'en' | 'hi') {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Asha Verma ${++mobile}`,
    mobile: String(mobile),
    validFrom: addDays(today(), -25),
    validTill: addDays(today(), 4),
    feeStructureId: structureId,
    language,
    entryTime: '08:00',
    exitTime: '14:00',
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  await t.db.update(users).set({ dues: 123450 }).where(eq(users.id, userId));
  const link = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  const token = link.json().url.split('/m/')[1] as string;
  const page = await t.app.inject({
    method: 'GET',
    url: `/m/${token}`,
    remoteAddress: `10.48.2.${++address}`,
  });
  expect(page.statusCode, page.body.slice(0, 3000)).toBe(200);
  return page.body;
}

describe('the devanagariDigits setting', () => {
  it('is off by default, saved, kept when a save leaves it out, and in the sign-in answer', async () => {
    const input = await settingsInput();
    expect(input.devanagariDigits).toBe(false);
    const on = await staff('PUT', '/api/settings/updateSettings', { ...input, devanagariDigits: true });
    expect(on.json().devanagariDigits).toBe(true);
    const { devanagariDigits: _left, ...without } = input;
    const kept = await staff('PUT', '/api/settings/updateSettings', without);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().devanagariDigits).toBe(true);
    expect((await staff('GET', '/api/settings/getSettings')).json().devanagariDigits).toBe(true);
    const notBoolean = await staff('PUT', '/api/settings/updateSettings', {
      ...input,
      devanagariDigits: 'yes',
    });
    expect(notBoolean.statusCode).toBe(400);

    // The web formats with the sign-in answer's clientDetails: no request more for the setting.
    const [owner] = await t.db
      .select({ email: staffTable.email })
      .from(staffTable)
      .where(eq(staffTable.id, org.ownerId));
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { email: owner!.email, password: testPassword },
      remoteAddress: '10.48.3.1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().clientDetails).toMatchObject({ locale: 'hi-IN', devanagariDigits: true });

    await setDigits(false);
    expect((await staff('GET', '/api/settings/getSettings')).json().devanagariDigits).toBe(false);
  });
});

describe("a Hindi member's page and the setting", () => {
  it('writes money, dates and counts in Devanagari digits with the setting on', async () => {
    await setDigits(true);
    const html = await memberPage('hi');
    const till = addDays(today(), 4).split('-').reverse().join('/');
    const deva = (latin: string) => latin.replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]!);
    expect(html).toContain(`data-testid="member-valid-till">${deva(till)} तक वैध</p>`);
    expect(html).toMatch(/data-testid="member-days-left"[^>]*>बाकी ४ दिन</);
    // The texts' own digits and the member's daily window too.
    expect(html).toContain('हाज़िरी, पिछले ३० दिन');
    expect(html).toContain('>०८:०० – १४:०० <');
    expect(html).toMatch(/data-testid="member-dues">₹१,२३४\.५०</);
    await setDigits(false);
  });

  it('keeps Latin digits with the setting off', async () => {
    await setDigits(false);
    const html = await memberPage('hi');
    expect(html).toMatch(/data-testid="member-days-left"[^>]*>बाकी 4 दिन</);
    expect(html).toMatch(/data-testid="member-dues">₹1,234\.50</);
    expect(devanagari.test(html)).toBe(false);
  });

  it("keeps an English member's page in Latin digits with the setting on", async () => {
    await setDigits(true);
    const html = await memberPage('en');
    expect(html).toMatch(/data-testid="member-dues">₹1,234\.50</);
    expect(devanagari.test(html)).toBe(false);
    await setDigits(false);
  });
});
