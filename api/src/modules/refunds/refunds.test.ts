import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refunds, users } from '../../db/schema.ts';
import { createStaff, csvOf, only, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, type MoneyBranch } from '../../test/money.ts';

// Refunds (issue 12): bounded by what was received, under concurrency; own series; receipts.
let t: TestApp;
let m: MoneyBranch;

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
});
afterAll(() => t.close());

const refund = (payload: object, extra: Parameters<MoneyBranch['send']>[3] = {}) =>
  m.send('POST', '/api/refund/createRefund', payload, extra);
const cashRefund = (paymentId: number, amount: number, over: object = {}) =>
  refund({ paymentId, amount, reason: 'Left early', mode: 'cash', ...over });

describe('a refund', () => {
  it('gives back part of a payment from the cash account, numbered in its own series', async () => {
    const p = await m.payment('cash');
    const cashBefore = await m.balance(m.cashAccountId);
    const res = await cashRefund(p.id, 50000);
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      paymentId: p.id,
      receiptNumber: p.receiptNumber,
      userId: p.userId,
      amount: 50000,
      mode: 'cash',
      bankAccountId: m.cashAccountId,
      refundedAt: isoToday(),
      endedMembership: false,
    });
    expect(r.refundNumber).toMatch(new RegExp(`^RCP-B${m.branchId}-\\d{4}(-\\d{2})?-R\\d+$`));
    expect(await m.balance(m.cashAccountId)).toBe(cashBefore - 50000);
    const left = (
      await m.send('GET', `/api/refund/getRefundable?receiptNumber=${p.receiptNumber.toLowerCase()}`)
    ).json();
    expect(left).toMatchObject({ paymentId: p.id, received: 200000, refunded: 50000, refundable: 150000 });
  });

  it('refuses more than is left, naming what is left, and then anything once refunded in full', async () => {
    const p = await m.payment('cash');
    expect((await cashRefund(p.id, 120000)).statusCode).toBe(201);
    const over = await cashRefund(p.id, 90000);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Only ₹800.00 of receipt ${p.receiptNumber} can still be refunded.`);
    expect((await cashRefund(p.id, 80000)).statusCode).toBe(201);
    const none = await cashRefund(p.id, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`Receipt ${p.receiptNumber} is already refunded in full.`);
  });

  it('never exceeds the payment under 50 concurrent refunds, and numbers stay gapless', async () => {
    const p = await m.payment('upi');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        refund({
          paymentId: p.id,
          amount: 7000,
          reason: 'Split',
          mode: 'upi',
          bankAccountId: m.bankAccountId,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    // 200000 / 7000 = 28 refunds fit (196000); the other 22 are refused.
    expect(codes.filter((c) => c === 201)).toHaveLength(28);
    expect(codes.filter((c) => c === 409)).toHaveLength(22);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, p.id));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(196000);
    const all = (
      await t.db.select({ seq: refunds.seq }).from(refunds).where(eq(refunds.branchId, m.branchId))
    )
      .map((r) => r.seq)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('may end the membership: valid till today, deactivated', async () => {
    const p = await m.payment('cash');
    const res = await cashRefund(p.id, 200000, { endMembership: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().endedMembership).toBe(true);
    const [member] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(member).toMatchObject({ validTill: isoToday(), status: false, inactiveReason: 'deactivated' });
  });

  it('is refused for a void payment, and a refunded payment cannot be voided', async () => {
    const voided = await m.payment('cash');
    await m.send('PUT', `/api/payment/voidPayment?paymentId=${voided.id}`, { reason: 'Mistake' });
    const res = await cashRefund(voided.id, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Receipt ${voided.receiptNumber} is void: there is nothing to refund.`);
    const refunded = await m.payment('cash');
    await cashRefund(refunded.id, 100);
    const voidIt = await m.send('PUT', `/api/payment/voidPayment?paymentId=${refunded.id}`, {
      reason: 'Mistake',
    });
    expect(voidIt.statusCode).toBe(409);
    expect(voidIt.json().message).toBe(
      `Receipt ${refunded.receiptNumber} has refunds: a refunded payment cannot be voided.`,
    );
  });

  it('checks the account: required unless cash, and a bank account for other modes', async () => {
    const p = await m.payment('cash');
    const missing = await refund({ paymentId: p.id, amount: 100, reason: 'x', mode: 'upi' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      { path: 'body.bankAccountId', message: 'Choose the account it is paid from' },
    ]);
    const cashForUpi = await refund({
      paymentId: p.id,
      amount: 100,
      reason: 'x',
      mode: 'upi',
      bankAccountId: m.cashAccountId,
    });
    expect(cashForUpi.statusCode).toBe(400);
    expect(cashForUpi.json().details).toEqual([
      { path: 'body.bankAccountId', message: 'Choose an active bank account', code: 'BANK_ACCOUNT_INACTIVE' },
    ]);
    const noReason = await refund({ paymentId: p.id, amount: 100, reason: ' ', mode: 'cash' });
    expect(noReason.json().details[0].path).toBe('body.reason');
  });

  it('answers the same key once', async () => {
    const p = await m.payment('cash');
    const headers = { 'idempotency-key': `refund-${p.id}` };
    const [a, b] = await Promise.all(
      [1, 2].map(() => refund({ paymentId: p.id, amount: 1000, reason: 'Once', mode: 'cash' }, { headers })),
    );
    expect(a!.json().id).toBe(b!.json().id);
    expect((await m.send('GET', `/api/refund/getRefundable?paymentId=${p.id}`)).json().refunded).toBe(1000);
  });
});

describe('the refunds list', () => {
  it('filters, searches, sums and exports', async () => {
    const p = await m.payment('upi');
    await refund({
      paymentId: p.id,
      amount: 3300,
      reason: 'Fan broken',
      mode: 'upi',
      bankAccountId: m.bankAccountId,
    });
    const list = (qs: string) => m.send('GET', `/api/refund/getRefunds?${qs}`);
    const byReceipt = (await list(`q=${p.receiptNumber}`)).json();
    expect(byReceipt.items.map((r: { amount: number }) => r.amount)).toEqual([3300]);
    expect((await list(`paymentId=${p.id}`)).json().total).toBe(1);
    const upi = (await list('mode=upi&pageSize=100')).json();
    expect(upi.items.every((r: { mode: string }) => r.mode === 'upi')).toBe(true);
    const summary = (await m.send('GET', '/api/refund/getRefundSummary?mode=upi')).json();
    expect(summary).toEqual({
      count: upi.total,
      amount: upi.items.reduce((s: number, r: { amount: number }) => s + r.amount, 0),
    });
    expect((await list(`from=${isoToday()}&to=${isoToday()}`)).json().total).toBeGreaterThan(0);
    expect((await list('from=2000-01-01&to=2000-12-31')).json().total).toBe(0);
    const csv = await m.send('GET', `/api/refund/exportRefunds?paymentId=${p.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Refund,Date,Receipt,Member,Mobile,Amount,Reason');
    expect(csv.body).toContain('33.00,Fan broken,UPI,Current');
    const de = csvOf(
      await m.send('GET', `/api/refund/exportRefunds?paymentId=${p.id}`, undefined, {
        headers: { 'accept-language': 'de' },
      }),
    );
    expect(de.header.slice(0, 6)).toEqual([
      'Erstattung',
      'Datum',
      'Quittung',
      'Mitglied',
      'Mobilnummer',
      'Betrag',
    ]);
    expect(de.rows[0]).toMatchObject({
      Datum: isoToday(),
      Quittung: p.receiptNumber,
      Betrag: '33.00',
      'Mitgliedschaft beendet': 'nein',
    });
  });

  it('prints a receipt and a PDF', async () => {
    const p = await m.payment('cash');
    const r = (await cashRefund(p.id, 12345)).json();
    const receipt = (await m.send('GET', `/api/refund/getRefundReceipt?refundId=${r.id}`)).json();
    expect(receipt.refund.refundNumber).toBe(r.refundNumber);
    expect(receipt.payment).toMatchObject({ receiptNumber: p.receiptNumber, received: 200000 });
    const pdf = await m.send(
      'GET',
      `/api/refund/getRefundReceiptPdf?refundId=${r.id}&format=thermal&lang=de`,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('needs the refunds permissions and keeps branches and organisations apart', async () => {
    const p = await m.payment('cash');
    const viewer = await createStaff(t, m.org, only({ refunds: 'v' }));
    expect(
      (await m.send('GET', '/api/refund/getRefunds', undefined, { token: viewer.token })).statusCode,
    ).toBe(200);
    const refused = await refund(
      { paymentId: p.id, amount: 1, reason: 'x', mode: 'cash' },
      { token: viewer.token },
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await m.send('GET', `/api/refund/getRefundable?paymentId=${p.id}`, undefined, { token: viewer.token }))
        .statusCode,
    ).toBe(403);
    const otherBranch = await refund(
      { paymentId: p.id, amount: 1, reason: 'x', mode: 'cash' },
      { branchId: m.org.branchIds[1] },
    );
    expect(otherBranch.statusCode).toBe(404);
    const stranger = await moneyBranch(t, { branchCount: 1 });
    const foreign = await stranger.send('POST', '/api/refund/createRefund', {
      paymentId: p.id,
      amount: 1,
      reason: 'x',
      mode: 'cash',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
