import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, clients, payments, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

// A new member's first period is charged (issue 41, point 2). Before, adding a member with a fee
// structure set a validity no payment covered, and the first payment bought the period after it.
let t: TestApp;
let org: TestOrg;
let branchId: number;
let structureId: number;
let mobile = 9_410_000_000;
const fee = 150000 + 30000;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const feeType = async (name: string) =>
    (await post('/api/feeType/createFeeType', { name })).json().id as number;
  const monthly = await feeType('Monthly Fee');
  const locker = await feeType('Locker');
  structureId = (
    await post('/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [
        { feeTypeId: monthly, amount: 150000 },
        { feeTypeId: locker, amount: 30000 },
      ],
    })
  ).json().id;
});
afterAll(() => t.close());

function post(url: string, payload: object) {
  return call(t, org.ownerToken, { method: 'POST', url, payload, branchId });
}
const get = (url: string) => call(t, org.ownerToken, { method: 'GET', url, branchId });
const put = (url: string, payload: object) =>
  call(t, org.ownerToken, { method: 'PUT', url, payload, branchId });

/** A member added today for 30 days with the Monthly structure, the first period as said. */
const body = (over: Record<string, unknown> = {}) => ({
  name: `New ${mobile}`,
  mobile: String(++mobile),
  validFrom: today(),
  validTill: addDays(today(), 29),
  feeStructureId: structureId,
  ...over,
});
async function add(over: Record<string, unknown> = {}) {
  const res = await post('/api/user/createUser', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { userId: number; dues: number; duesSince: string | null; firstPeriod: string | null };
}
const chargesOf = (userId: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.clientId, org.clientId), eq(payments.userId, userId)));
const figures = async (userId: number) => ({
  profile: (await get(`/api/user/getUser?userId=${userId}`)).json().dues as number,
  duesList: (
    (await get('/api/payment/getDues?pageSize=100')).json().items as { userId: number; dues: number }[]
  ).find((d) => d.userId === userId)?.dues,
  payments: (await get(`/api/payment/getPaymentSummary?userId=${userId}`)).json().due as number,
});

describe('a new member’s first period', () => {
  it('left owing: the fee is owed on the profile, the dues list, the payments and the dashboard', async () => {
    const before = (await get('/api/dashboard/getDashboard')).json().members;
    const m = await add({ firstPeriod: 'owing' });
    expect(m).toMatchObject({ firstPeriod: 'owing', dues: fee, duesSince: today() });
    expect(await figures(m.userId)).toEqual({ profile: fee, duesList: fee, payments: fee });
    const after = (await get('/api/dashboard/getDashboard')).json().members;
    expect(after.dues - before.dues).toBe(fee);
    expect(after.owing - before.owing).toBe(1);

    // The charge is a money row the dues machinery reads: nothing received, the period it set.
    const [charge] = await chargesOf(m.userId);
    expect(charge).toMatchObject({
      kind: 'openingCharge',
      total: fee,
      received: 0,
      bankAccountId: null,
      coversFrom: today(),
      coversTill: addDays(today(), 29),
      status: 'completed',
    });
    const listed = (await get(`/api/payment/getPayments?userId=${m.userId}`)).json().items;
    expect(listed).toMatchObject([{ kind: 'openingCharge', due: fee, leftOwing: fee }]);
  });

  it('the next payment covers that period first, and renews nothing', async () => {
    const m = await add({ firstPeriod: 'owing' });
    const quote = (await get(`/api/payment/getPaymentQuote?userId=${m.userId}`)).json();
    expect(quote).toMatchObject({
      dues: fee,
      openingCharge: { due: fee, coversFrom: today(), coversTill: addDays(today(), 29) },
    });
    const paid = await post('/api/payment/createPayment', {
      userId: m.userId,
      duesSettled: fee,
      received: fee,
      mode: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      kind: 'payment',
      duesSettled: fee,
      coversFrom: today(),
      coversTill: addDays(today(), 29),
      due: 0,
    });
    expect(await figures(m.userId)).toEqual({ profile: 0, duesList: undefined, payments: 0 });
    const [row] = await t.db.select().from(users).where(eq(users.id, m.userId));
    expect(row!.validTill).toBe(addDays(today(), 29));
    expect((await get(`/api/payment/getPaymentQuote?userId=${m.userId}`)).json().openingCharge).toBeNull();
    // The renewal after it buys the period after the first one.
    const next = (
      await get(`/api/payment/getPaymentQuote?userId=${m.userId}&feeStructureId=${structureId}`)
    ).json();
    expect(next).toMatchObject({ coversFrom: addDays(today(), 30), coversTill: addDays(today(), 59) });
  });

  it('pay at the desk: charged with the member, so a cancelled payment still leaves it owed', async () => {
    const m = await add({ firstPeriod: 'pay' });
    expect(m).toMatchObject({ firstPeriod: 'pay', dues: fee });
    const part = await post('/api/payment/createPayment', {
      userId: m.userId,
      duesSettled: fee,
      received: 100000,
      mode: 'cash',
    });
    expect(part.json()).toMatchObject({ coversFrom: today(), coversTill: addDays(today(), 29) });
    expect(await figures(m.userId)).toEqual({ profile: 80000, duesList: 80000, payments: 80000 });
  });

  it('paid before this product: no charge, kept on the member and in the audit with who said it', async () => {
    const m = await add({ firstPeriod: 'paidBefore' });
    expect(m).toMatchObject({ firstPeriod: 'paidBefore', dues: 0 });
    expect(await chargesOf(m.userId)).toEqual([]);
    const [created] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clientId, org.clientId),
          eq(auditLog.entity, 'user'),
          eq(auditLog.entityId, String(m.userId)),
          eq(auditLog.action, 'create'),
        ),
      );
    expect(created).toMatchObject({ staffId: org.ownerId, after: { firstPeriod: 'paidBefore' } });
    // An edit keeps what was said and charges nothing.
    const edited = await put(`/api/user/updateUser?userId=${m.userId}`, body({ firstPeriod: 'owing' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ firstPeriod: 'paidBefore', dues: 0 });
    expect(await chargesOf(m.userId)).toEqual([]);
  });

  it('a void of the charge (it was paid after all) leaves nothing owed and the validity as it was', async () => {
    const m = await add({ firstPeriod: 'owing' });
    const [charge] = await chargesOf(m.userId);
    const voided = await put(`/api/payment/voidPayment?paymentId=${charge!.id}`, {
      reason: 'Paid in cash before',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.userId));
    expect(row).toMatchObject({ dues: 0, duesSince: null, status: true, validTill: addDays(today(), 29) });
  });

  it('is refused without a fee structure, and where the organisation takes no payments', async () => {
    const none = await post('/api/user/createUser', body({ feeStructureId: null, firstPeriod: 'owing' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().details.map((d: { path: string }) => d.path)).toEqual(['body.firstPeriod']);

    await t.db.update(clients).set({ paymentDisabled: true }).where(eq(clients.id, org.clientId));
    try {
      const off = body({ firstPeriod: 'pay' });
      const res = await post('/api/user/createUser', off);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ reason: 'PAYMENTS_DISABLED' });
      const [stored] = await t.db.select().from(users).where(eq(users.mobile, off.mobile));
      expect(stored).toBeUndefined();
      // Paid before needs no payments.
      expect((await add({ firstPeriod: 'paidBefore' })).dues).toBe(0);
    } finally {
      await t.db.update(clients).set({ paymentDisabled: false }).where(eq(clients.id, org.clientId));
    }
  });
});
