import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDay } from '@app/contract/dayFormat';
import { clients, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

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
