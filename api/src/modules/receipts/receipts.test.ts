import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { amountInWords } from '@app/contract/amountInWords';
import { formatDay } from '@app/contract/dayFormat';
import { bankAccounts, branches, clients, staff, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { receiptLabels } from './labels.ts';

// Receipts (issue 11, point 4): the data, the PDF and the public verification.
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let branchId: number;
let paymentId: number;
let receiptNumber: string;
let verifyPath: string;

/** The PDF's text as poppler's pdftotext reads it (the fonts are embedded, so the bytes are not text). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

beforeAll(async () => {
  t = await startTestApp({ publicUrl: 'https://library.example' });
  org = await createOrg(t, { branchCount: 1, name: 'Reading Room Co' });
  other = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  await t.db
    .update(clients)
    .set({
      receiptAddress: '80 Feet Road, Bengaluru',
      taxId: '29ABCDE1234F1Z5',
      currency: 'INR',
      locale: 'en-IN',
    })
    .where(eq(clients.id, org.clientId));
  const post = (url: string, payload: object) =>
    call(t, org.ownerToken, { method: 'POST', url, payload, branchId });
  const fee = (await post('/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id;
  const structure = (
    await post('/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 180000 }],
    })
  ).json().id;
  const today = new Date().toISOString().slice(0, 10);
  const member = (
    await post('/api/user/createUser', {
      name: 'Asha Rao',
      mobile: '9876500099',
      validFrom: today,
      validTill: today,
    })
  ).json().userId;
  const payment = (
    await post('/api/payment/createPayment', {
      userId: member,
      feeStructureId: structure,
      received: 150000,
      mode: 'cash',
    })
  ).json();
  paymentId = payment.id;
  receiptNumber = payment.receiptNumber;
  verifyPath = payment.verifyPath;
});
afterAll(() => t.close());

const get = (url: string, token = org.ownerToken, b: number | undefined = branchId) =>
  call(t, token, { method: 'GET', url, branchId: b });

describe('receipt', () => {
  it('carries the organisation, branch, payment and an absolute verification link with its QR code', async () => {
    const res = await get(`/api/payment/getReceipt?paymentId=${paymentId}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.organisation).toMatchObject({
      name: 'Reading Room Co',
      address: '80 Feet Road, Bengaluru',
      taxId: '29ABCDE1234F1Z5',
    });
    expect(r.payment).toMatchObject({
      receiptNumber,
      total: 180000,
      received: 150000,
      due: 30000,
      leftOwing: 30000,
    });
    expect(r.verifyUrl).toBe(`https://library.example${verifyPath}`);
    expect(r.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(
      (await get(`/api/payment/getReceipt?paymentId=${paymentId}`, other.ownerToken, other.branchIds[0]))
        .statusCode,
    ).toBe(404);
  });

  it('prints every element as a PDF, A4 and thermal, in English and German', async () => {
    const a4 = await get(`/api/payment/getReceiptPdf?paymentId=${paymentId}`);
    expect(a4.statusCode).toBe(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.headers['content-disposition']).toBe(`inline; filename="receipt-${receiptNumber}.pdf"`);
    expect(a4.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(a4.rawPayload);
    if (process.env.RECEIPT_SHOTS) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync('/tmp/receipt-a4.pdf', a4.rawPayload);
      const th = await get(`/api/payment/getReceiptPdf?paymentId=${paymentId}&format=thermal&lang=de`);
      writeFileSync('/tmp/receipt-thermal.pdf', th.rawPayload);
    }
    for (const expected of [
      'Reading Room Co',
      '80 Feet Road, Bengaluru',
      '29ABCDE1234F1Z5',
      receiptNumber,
      'Asha Rao',
      'Monthly Fee',
      '₹1,800.00',
      '₹1,500.00',
      '₹300.00',
      'Rupees One Thousand Five Hundred Only',
      'Cash',
      `https://library.example${verifyPath}`,
    ]) {
      expect(text).toContain(expected);
    }
    const thermal = await get(`/api/payment/getReceiptPdf?paymentId=${paymentId}&format=thermal&lang=de`);
    const de = pdfText(thermal.rawPayload);
    expect(de).toContain('QUITTUNG');
    expect(de).toContain('eintausendfünfhundert Rupien');
    expect(de).toContain('Bar');
  });

  it("writes the PDF's dates in the organisation's format, as its screens do (issue 41, point 8)", async () => {
    const p = (await get(`/api/payment/getReceipt?paymentId=${paymentId}`)).json().payment;
    const days = [p.paidAt, p.coversFrom, p.coversTill].filter((d): d is string => typeof d === 'string');
    expect(days.length).toBeGreaterThan(1);
    const text = pdfText((await get(`/api/payment/getReceiptPdf?paymentId=${paymentId}`)).rawPayload);
    for (const day of days) expect(text).toContain(formatDay(day.slice(0, 10), 'en-IN'));
    // Not '7 Dec 2026': a month's name is the form no screen of the organisation writes.
    expect(text).not.toMatch(/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \d{4}\b/);
  });

  it('prints the WiFi sign-in (mobile and PIN) for a member with a package, and none without', async () => {
    const before = (await get(`/api/payment/getReceipt?paymentId=${paymentId}`)).json();
    expect(before.wifi).toBeNull();
    const pkg = (
      await call(t, org.ownerToken, {
        method: 'POST',
        url: '/api/package/createPackage',
        payload: { packageName: 'Receipt WiFi', downloadSpeed: 5, uploadSpeed: 1 },
      })
    ).json().id;
    const userId = before.payment.userId as number;
    const [member] = await t.db
      .update(users)
      .set({ packageId: pkg })
      .where(eq(users.id, userId))
      .returning({ pin: users.wifiPin });
    const after = (await get(`/api/payment/getReceipt?paymentId=${paymentId}`)).json();
    expect(after.wifi).toEqual({ username: '9876500099', pin: member!.pin });
    const text = pdfText((await get(`/api/payment/getReceiptPdf?paymentId=${paymentId}`)).rawPayload);
    expect(text).toContain(`WiFi sign-in: 9876500099 · PIN ${member!.pin}`);
    await t.db.update(users).set({ packageId: null }).where(eq(users.id, userId));
  });

  it('prints VOID on a voided receipt, and the verification page says so', async () => {
    const voided = await call(t, org.ownerToken, {
      method: 'PUT',
      url: `/api/payment/voidPayment?paymentId=${paymentId}`,
      payload: { reason: 'Wrong member' },
      branchId,
    });
    expect(voided.statusCode).toBe(200);
    const voidedPdf = (await get(`/api/payment/getReceiptPdf?paymentId=${paymentId}`)).rawPayload;
    if (process.env.RECEIPT_SHOTS)
      (await import('node:fs')).writeFileSync('/tmp/receipt-void.pdf', voidedPdf);
    const text = pdfText(voidedPdf);
    expect(text).toContain('VOID');
    expect(text).toContain('Wrong member');
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/receipt/verifyReceipt?token=${verifyPath.slice(3)}`,
    });
    expect(check.json().status).toBe('voided');
  });
});

describe('public verification', () => {
  it('answers without a session, with number, amount, date, status and organisation only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/receipt/verifyReceipt?token=${verifyPath.slice(3)}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'amount',
      'branch',
      'currency',
      'due',
      'locale',
      'organisation',
      'paidAt',
      'receiptNumber',
      'received',
      'status',
      'total',
    ]);
    expect(body).toMatchObject({
      receiptNumber,
      // A part payment: what was paid, and beside it what the payment came to (issue 34).
      amount: 150000,
      received: 150000,
      total: 180000,
      organisation: 'Reading Room Co',
    });
    expect(JSON.stringify(body)).not.toContain('Asha');
  });

  it('says what a part payment still leaves due, as the dues are counted (issue 41, point 6)', async () => {
    const post = (url: string, payload: object) =>
      call(t, org.ownerToken, { method: 'POST', url, payload, branchId });
    const check = async (path: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/receipt/verifyReceipt?token=${path.slice(3)}` })
      ).json();
    const fee = (await post('/api/feeType/createFeeType', { name: 'Quarterly Fee' })).json().id;
    const structure = (
      await post('/api/feeStructure/createFeeStructure', {
        name: 'Quarterly',
        durationDays: 90,
        lines: [{ feeTypeId: fee, amount: 180000 }],
      })
    ).json().id;
    const today = new Date().toISOString().slice(0, 10);
    const member = (
      await post('/api/user/createUser', {
        name: 'Ravi Kumar',
        mobile: '9876500098',
        validFrom: today,
        validTill: today,
      })
    ).json().userId;
    const part = (
      await post('/api/payment/createPayment', {
        userId: member,
        feeStructureId: structure,
        received: 100000,
        mode: 'cash',
      })
    ).json();
    expect(await check(part.verifyPath)).toMatchObject({ received: 100000, total: 180000, due: 80000 });
    // A later payment of 300.00 of the dues: the part payment leaves 500.00 due, the new one nothing.
    const settle = await post('/api/payment/createPayment', {
      userId: member,
      feeStructureId: null,
      duesSettled: 30000,
      received: 30000,
      mode: 'cash',
    });
    expect(settle.statusCode, settle.body).toBe(201);
    expect((await check(part.verifyPath)).due).toBe(50000);
    expect((await check(settle.json().verifyPath)).due).toBe(0);
    const [owed] = await t.db.select({ dues: users.dues }).from(users).where(eq(users.id, member));
    expect(owed!.dues).toBe(50000);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/receipt/verifyReceipt?token=AAAAAAAAAAAAAAAAAAAAAAAA',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: "/api/receipt/verifyReceipt?token=x'or'1" })).statusCode,
    ).toBe(400);
  });
});

// Receipts, refund notes and tax invoices in Hindi (issue 48, points 1, 2 and 4): every label in
// Hindi, Devanagari shaped by pdfkit in Noto Sans Devanagari (embedded, a subset), and the text in
// reading order for pdftotext (and copying).
describe('in Hindi', () => {
  let hi: TestOrg;
  let hiBranch: number;
  let paid: { id: number; receiptNumber: string };
  let longPaid: { id: number };
  let monthly: number;
  const memberName = 'अक्षिता श्रीवास्तव';
  const feeName = 'मासिक शुल्क (सीट और लॉकर)';
  // Longer than a line of the 80 mm slip, and of A4's label column: they wrap, none is cut.
  const longName = 'श्रीमती क्षमा ज्ञानेश्वरी त्रिपाठी-श्रीवास्तव परमेश्वरन कृष्णमूर्ति अय्यर';
  const longFee = 'पुस्तकालय की सीट सुबह छह से रात ग्यारह बजे तक, लॉकर और वाई-फ़ाई सहित';
  const dir = mkdtempSync(join(tmpdir(), 'receipts-hi-'));

  /** pdftotext in reading order, its runs of white space as one space (a wrapped line joins up). */
  const words = (pdf: Buffer) =>
    execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');

  /** The English label words a Hindi document must not hold (those Hindi keeps as they are: PIN, GSTIN, SAC, CGST…, not). */
  const englishLabels = (): string[] => {
    const out: string[] = [];
    const walk = (en: unknown, h: unknown) => {
      if (typeof en === 'function') return walk(en(''), (h as (n: string) => string)(''));
      if (typeof en === 'string') {
        if (en.trim() !== (h as string).trim()) out.push(en.trim());
        return;
      }
      for (const [k, v] of Object.entries(en as object)) walk(v, (h as Record<string, unknown>)[k]);
    };
    walk(receiptLabels.en, receiptLabels.hi);
    return out;
  };
  const expectNoEnglishLabel = (text: string) => {
    for (const label of englishLabels()) {
      const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(text, label).not.toMatch(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu'));
    }
    // Nor the English amount in words.
    expect(text).not.toMatch(/Rupees|Only/);
  };
  /** pdffonts' lines of the fonts: name, type, encoding, embedded, subset, ToUnicode. */
  const fonts = (pdf: Buffer, name: string) => {
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdffonts', [file]).toString();
  };
  const pages = (pdf: Buffer) => {
    const file = join(dir, 'pages.pdf');
    writeFileSync(file, pdf);
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);
  };
  /** Every word pdftotext finds lies inside the page, within its side margins (nothing runs off it). */
  const expectInsidePage = (pdf: Buffer, margin: number) => {
    const html = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).toString();
    for (const page of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
      const [width, height] = [Number(page[1]), Number(page[2])];
      for (const w of page[3]!.matchAll(
        /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
      )) {
        expect(Number(w[1]), w[5]).toBeGreaterThanOrEqual(margin - 1);
        expect(Number(w[3]), w[5]).toBeLessThanOrEqual(width - margin + 1);
        expect(Number(w[4]), w[5]).toBeLessThanOrEqual(height);
      }
    }
  };
  const shot = (name: string, pdf: Buffer) => {
    if (process.env.RECEIPT_SHOTS) writeFileSync(`/tmp/${name}.pdf`, pdf);
  };

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call(t, hi.ownerToken, { method, url, ...(payload && { payload }), branchId: hiBranch });
  const pdf = async (url: string) => {
    const res = await send('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };

  beforeAll(async () => {
    hi = await createOrg(t, { branchCount: 1, name: 'ज्ञान दीप लाइब्रेरी' });
    hiBranch = hi.branchIds[0]!;
    await t.db
      .update(clients)
      .set({
        receiptAddress: 'दूसरी मंज़िल, 14 एफ़सी रोड, पुणे',
        taxId: '27ABCDE1234F1Z5',
        currency: 'INR',
        locale: 'en-IN',
      })
      .where(eq(clients.id, hi.clientId));
    await t.db
      .update(branches)
      .set({ name: 'डेक्कन शाखा', phone: '020 2553 1234' })
      .where(eq(branches.id, hiBranch));
    await t.db.update(staff).set({ staffName: 'रमेश कुमार' }).where(eq(staff.id, hi.ownerId));
    const today = new Date().toISOString().slice(0, 10);
    const structure = async (name: string, lineName: string) => {
      const fee = await send('POST', '/api/feeType/createFeeType', { name: lineName });
      expect(fee.statusCode, fee.body).toBe(201);
      const created = await send('POST', '/api/feeStructure/createFeeStructure', {
        name,
        durationDays: 30,
        lines: [{ feeTypeId: fee.json().id, amount: 180000 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };
    const payFor = async (name: string, mobile: string, structureId: number) => {
      const member = await send('POST', '/api/user/createUser', {
        name,
        mobile,
        validFrom: today,
        validTill: today,
      });
      expect(member.statusCode, member.body).toBe(201);
      const res = await send('POST', '/api/payment/createPayment', {
        userId: member.json().userId,
        feeStructureId: structureId,
        received: 150000,
        mode: 'cash',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    monthly = await structure('मासिक', feeName);
    paid = await payFor(memberName, '9876500111', monthly);
    longPaid = await payFor(longName, '9876500112', await structure('पूरा दिन', longFee));
    // The branch's cash account, named by the desk (the product names it 'Cash – {branch}').
    await t.db
      .update(bankAccounts)
      .set({ accountName: 'गल्ला' })
      .where(eq(bankAccounts.clientId, hi.clientId));
  });

  it('prints a receipt with every label in Hindi and the amount in Hindi words, A4 and 80 mm', async () => {
    for (const format of ['a4', 'thermal'] as const) {
      const file = await pdf(`/api/payment/getReceiptPdf?paymentId=${paid.id}&format=${format}&lang=hi`);
      shot(`receipt-hi-${format}`, file);
      const text = words(file);
      const L = receiptLabels.hi;
      for (const expected of [
        'ज्ञान दीप लाइब्रेरी',
        'दूसरी मंज़िल, 14 एफ़सी रोड, पुणे',
        `${L.taxId}: 27ABCDE1234F1Z5`,
        L.receipt,
        `${L.number}: ${paid.receiptNumber}`,
        `${L.member}: ${memberName} · 9876500111`,
        `${L.feeStructure}: मासिक`,
        `${L.period}:`,
        feeName,
        L.total,
        L.received,
        L.due,
        '₹1,800.00',
        '₹1,500.00',
        '₹300.00',
        `${L.inWords}: ${amountInWords(150000, 'INR', 'hi')}`,
        `${L.mode}: ${L.modes.cash} · गल्ला`,
        `${L.recordedBy}: रमेश कुमार`,
        `${L.verify}:`,
      ]) {
        expect(text, format).toContain(expected);
      }
      expect(amountInWords(150000, 'INR', 'hi')).toBe('एक हज़ार पाँच सौ रुपये मात्र');
      expectNoEnglishLabel(text.replace(/https:\/\/\S+/g, ''));
    }
  });

  it('writes money and dates in Devanagari digits when the organisation chose them (issue 48)', async () => {
    await t.db.update(clients).set({ devanagariDigits: true }).where(eq(clients.id, hi.clientId));
    try {
      const text = words(await pdf(`/api/payment/getReceiptPdf?paymentId=${paid.id}&format=a4&lang=hi`));
      expect(text).toContain('₹१,८००.००');
      expect(text).toContain('₹१,५००.००');
      // The receipt number and the GSTIN are codes: they keep their Latin digits.
      expect(text).toContain(paid.receiptNumber);
      expect(text).toContain('27ABCDE1234F1Z5');
    } finally {
      await t.db.update(clients).set({ devanagariDigits: false }).where(eq(clients.id, hi.clientId));
    }
    const latin = words(await pdf(`/api/payment/getReceiptPdf?paymentId=${paid.id}&format=a4&lang=hi`));
    expect(latin).toContain('₹1,800.00');
  });

  it('embeds Noto Sans Devanagari as a subset, and no other font in a Hindi document', async () => {
    const list = fonts(await pdf(`/api/payment/getReceiptPdf?paymentId=${paid.id}&lang=hi`), 'receipt');
    expect(list).toMatch(
      /^[A-Z]{6}\+NotoSansDevanagari-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/m,
    );
    expect(list).toMatch(/^[A-Z]{6}\+NotoSansDevanagari-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/m);
    expect(list).not.toContain('DejaVu');
  });

  it('prints a Devanagari name on an English receipt in the Devanagari font, in reading order', async () => {
    const file = await pdf(`/api/payment/getReceiptPdf?paymentId=${paid.id}&lang=en`);
    const text = words(file);
    expect(text).toContain(`Member: ${memberName} · 9876500111`);
    expect(text).toContain('RECEIPT');
    const list = fonts(file, 'english');
    expect(list).toContain('NotoSansDevanagari-Regular');
    expect(list).toContain('DejaVuSans');
  });

  it('wraps a long name and a long fee onto more lines, on the 80 mm strip and A4, none cut', async () => {
    for (const format of ['thermal', 'a4'] as const) {
      const file = await pdf(`/api/payment/getReceiptPdf?paymentId=${longPaid.id}&format=${format}&lang=hi`);
      shot(`receipt-hi-long-${format}`, file);
      expect(pages(file), format).toBe(1);
      const text = words(file);
      expect(text, format).toContain(longName);
      expect(text, format).toContain(longFee);
      expectInsidePage(file, format === 'a4' ? 50 : 8);
    }
  });

  it('stamps a voided receipt रद्द, sized to the page, and keeps the strip as long as its content', async () => {
    const voided = await send('PUT', `/api/payment/voidPayment?paymentId=${longPaid.id}`, {
      reason: 'गलत सदस्य चुना गया',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    for (const format of ['a4', 'thermal'] as const) {
      const file = await pdf(`/api/payment/getReceiptPdf?paymentId=${longPaid.id}&format=${format}&lang=hi`);
      shot(`receipt-hi-void-${format}`, file);
      expect(pages(file), format).toBe(1);
      const text = words(file);
      expect(text).toContain(`${receiptLabels.hi.void}: गलत सदस्य चुना गया`);
      expect(text.split(receiptLabels.hi.void).length - 1, format).toBe(2);
      expect(text).not.toContain('VOID');
    }
  });

  it('prints a refund note in Hindi', async () => {
    const res = await send('POST', '/api/refund/createRefund', {
      paymentId: paid.id,
      amount: 50000,
      reason: 'परीक्षा के कारण जल्दी छोड़ा',
      mode: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json();
    for (const format of ['a4', 'thermal'] as const) {
      const file = await pdf(
        `/api/refund/getRefundReceiptPdf?refundId=${refund.id}&format=${format}&lang=hi`,
      );
      shot(`refund-hi-${format}`, file);
      const text = words(file);
      const L = receiptLabels.hi;
      for (const expected of [
        L.refundReceipt,
        `${L.number}: ${refund.refundNumber}`,
        `${L.member}: ${memberName}`,
        `${L.againstReceipt}: ${paid.receiptNumber}`,
        L.refunded,
        '₹500.00',
        `${L.refundedInWords}: ${amountInWords(50000, 'INR', 'hi')}`,
        `${L.reason}: परीक्षा के कारण जल्दी छोड़ा`,
        `${L.paidOutBy}: ${L.modes.cash} · गल्ला`,
      ]) {
        expect(text, format).toContain(expected);
      }
      expectNoEnglishLabel(text);
    }
  });

  it('prints a tax invoice in Hindi, as the receipt and on a page of its own', async () => {
    const gst = await send('PUT', `/api/branch/updateGst?branchId=${hiBranch}`, {
      registered: true,
      stateCode: '27',
      scheme: 'regular',
      gstin: '27AAPFU0939F1ZV',
      legalName: 'ज्ञान दीप लाइब्रेरी एलएलपी',
    });
    expect(gst.statusCode, gst.body).toBe(200);
    const member = await send('POST', '/api/user/createUser', {
      name: 'राहुल वर्मा',
      mobile: '9876500113',
      validFrom: new Date().toISOString().slice(0, 10),
      validTill: new Date().toISOString().slice(0, 10),
    });
    const paying = await send('POST', '/api/payment/createPayment', {
      userId: member.json().userId,
      feeStructureId: monthly,
      received: 180000,
      mode: 'cash',
    });
    expect(paying.statusCode, paying.body).toBe(201);
    const payment = paying.json();
    const invoice = (await send('GET', `/api/payment/getReceipt?paymentId=${payment.id}`)).json().taxDocument;
    expect(invoice.kind).toBe('invoice');
    const G = receiptLabels.hi.gst;
    for (const url of [
      `/api/payment/getReceiptPdf?paymentId=${payment.id}&format=a4&lang=hi`,
      `/api/payment/getReceiptPdf?paymentId=${payment.id}&format=thermal&lang=hi`,
      `/api/gst/getTaxDocumentPdf?taxDocumentId=${invoice.id}&format=a4&lang=hi`,
    ]) {
      const file = await pdf(url);
      shot(`invoice-hi-${url.includes('thermal') ? 'thermal' : url.includes('gst') ? 'page' : 'a4'}`, file);
      const text = words(file);
      for (const expected of [
        G.titles.invoice,
        invoice.number,
        `${G.supplier}: ज्ञान दीप लाइब्रेरी एलएलपी`,
        'GSTIN: 27AAPFU0939F1ZV',
        G.recipient,
        `GSTIN: 27AAPFU0939F1ZV · ${G.state}: महाराष्ट्र (27)`,
        `${G.placeOfSupply}: महाराष्ट्र (27)`,
        G.taxable,
        G.cgst,
        G.sgst,
        `${G.totalInWords}: ${amountInWords(invoice.total, 'INR', 'hi')}`,
        G.reverseCharge,
        G.forSupplier('ज्ञान दीप लाइब्रेरी एलएलपी'),
        G.signatory,
      ]) {
        expect(text, url).toContain(expected);
      }
      expectNoEnglishLabel(text.replace(/https:\/\/\S+/g, ''));
    }
  });
});
