import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';
import { texts } from './page/texts.ts';
import { devanagariFontPath } from './page/fontRoute.ts';

// Issue 48, points 3 and 4: a Hindi member's page drawn on the server is in Hindi (texts, <html
// lang>, dates and numbers with hi-IN and Latin digits), and holds no English text of the English page.
let t: TestApp;
let org: TestOrg;
let branchId: number;
let structureId: number;
let mobile = 8_480_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** What a reader meets: the text between tags and the labels a screen reader says, no style, script or SVG. */
function readable(html: string): string {
  const body = html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ');
  const labels = [...body.matchAll(/\s(?:aria-label|alt|title|placeholder|data-copied)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  return decode([title, body.replace(/<[^>]+>/g, ' '), ...labels].join(' ')).replace(/\s+/g, ' ');
}

/** Latin words a Hindi page may hold: codes and units (docs/hindi-glossary.md). */
const allowedLatin = new Set(['UPI', 'UTR', 'QR', 'PDF', 'PIN', 'WiFi', 'ID', 'GB', 'MB']);

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
  await staff('POST', '/api/bankAccount/createBankAccount', {
    accountName: 'Current',
    bankName: 'HDFC',
    accountNumber: '5020048',
    upiId: 'hindi.library@hdfc',
  });
});
afterAll(() => t?.close());

function staff(method: 'GET' | 'POST', url: string, payload?: object) {
  return call(t, org.ownerToken, { method, url, branchId, ...(payload && { payload }) });
}

async function memberPage(language?: 'en' | 'hi') {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Asha Verma ${++mobile}`,
    mobile: String(mobile),
    validFrom: addDays(today(), -25),
    validTill: addDays(today(), 4),
    feeStructureId: structureId,
    ...(language && { language }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const user = res.json() as { userId: number; name: string; language: string };
  await t.db.update(users).set({ dues: 123450 }).where(eq(users.id, user.userId));
  const paid = await staff('POST', '/api/payment/createPayment', {
    userId: user.userId,
    feeStructureId: structureId,
    received: 150000,
    mode: 'cash',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const link = await staff('POST', `/api/portal/createLink?userId=${user.userId}`);
  const token = link.json().url.split('/m/')[1] as string;
  const page = await t.app.inject({
    method: 'GET',
    url: `/m/${token}`,
    remoteAddress: `10.48.0.${++address}`,
  });
  expect(page.statusCode).toBe(200);
  const [client] = await t.db
    .select({ name: clients.name })
    .from(clients)
    .where(eq(clients.id, org.clientId));
  return {
    user,
    html: decode(page.body),
    receiptNumber: paid.json().receiptNumber as string,
    orgName: client!.name,
  };
}

describe("a Hindi member's page", () => {
  it('is the organisation’s language (hi-IN) for a member added without one', async () => {
    const { user, html } = await memberPage();
    expect(user.language).toBe('hi');
    expect(html.startsWith('<!doctype html><html lang="hi">')).toBe(true);
  });

  it('is in Hindi: texts, dates and money with Latin digits, and no English word but names and codes', async () => {
    const { user, html, receiptNumber, orgName } = await memberPage('hi');
    expect(html.startsWith('<!doctype html><html lang="hi">')).toBe(true);
    // Renewed by the payment: valid 34 days more, written dd/mm/yyyy as hi-IN writes it.
    const till = addDays(today(), 34).split('-').reverse().join('/');
    expect(html.includes(`data-testid="member-valid-till">${till} तक वैध</p>`), 'valid till').toBe(true);
    expect(html.includes('data-testid="member-days-left">बाकी 34 दिन<'), 'days left').toBe(true);
    expect(/data-testid="member-dues">₹1,234\.50</.test(html), 'dues').toBe(true);
    for (const key of ['validity', 'dues', 'pay', 'receipts', 'attendance', 'pause', 'myCode'] as const) {
      expect(html.includes(texts.hi[key]), key).toBe(true);
    }
    // Devanagari digits only where an organisation asks for them (not yet a setting): none here.
    expect(/[०-९]/.test(html), 'Devanagari digits').toBe(false);

    const text = readable(html);
    // The names the page shows as they are written: the member's, the organisation's, the branch's,
    // the fee structure's, the UPI id, a receipt's number and the payment references.
    const branchName = /<p class="mp-branch">([^<]*)<\/p>/.exec(html)![1]!;
    let rest = [user.name, orgName, branchName, 'Monthly', 'hindi.library@hdfc', receiptNumber].reduce(
      (s, name) => s.split(name).join(' '),
      text,
    );
    rest = rest.replace(/\b[0-9A-F]{16}\b/g, ' ');
    const english = (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !allowedLatin.has(w));
    expect(english, rest).toEqual([]);
    // No sentence of the English page: each English text's words outside its placeholders.
    for (const [key, en] of Object.entries(texts.en)) {
      for (const piece of en.split(/\{\{\w+\}\}/)) {
        const words = piece.trim();
        if (/[A-Za-z]{3,}/.test(words) && !allowedLatin.has(words)) {
          expect(text.includes(words), `${key}: "${words}"`).toBe(false);
        }
      }
    }
  });

  it('names a Devanagari font: the phone’s own, else the page’s, fetched once', async () => {
    const { html } = await memberPage('hi');
    expect(html).toContain("font-family:'Roboto','Helvetica','Arial','Noto Sans Devanagari',sans-serif");
    expect(html).toContain("src:local('Noto Sans Devanagari')");
    expect(html).toContain(`url(${devanagariFontPath}) format('truetype')`);
    const font = await t.app.inject({ method: 'GET', url: devanagariFontPath });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/ttf');
    expect(font.headers['cache-control']).toContain('immutable');
    // A TrueType file: version 1.0 in its first four bytes.
    expect(font.rawPayload.subarray(0, 4).toString('hex')).toBe('00010000');
  });

  it('links the receipt in Hindi: the PDF embeds the Devanagari font, the English one does not', async () => {
    const { html } = await memberPage('hi');
    const href = /href="(\/m\/[^"]+\/receipt\/\d+\?lang=hi)"/.exec(html)![1]!;
    const pdf = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: `10.48.2.${++address}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return res.rawPayload.toString('latin1');
    };
    expect(await pdf(href)).toContain('NotoSansDevanagari');
    expect(await pdf(href.replace('lang=hi', 'lang=en'))).not.toContain('NotoSansDevanagari');
  });

  it('is English for an English member of the same organisation', async () => {
    const { html } = await memberPage('en');
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html.includes('Valid till'), 'Valid till').toBe(true);
  });

  it('says a dead link in Hindi to a phone that prefers Hindi', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/m/not-a-live-link-0000000000000000',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
      remoteAddress: `10.48.1.${++address}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="hi">');
    expect(decode(res.body)).toContain(texts.hi.dead);
  });
});
