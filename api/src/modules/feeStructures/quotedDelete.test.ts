// A fee structure the member page once quoted (a UPI request) can be deleted while nobody claimed
// that quote; a claimed quote still holds it (issue 45, point 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { upiClaims, upiRequests, users } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';

let t: TestApp;
let m: MoneyBranch;
let mobile = 7_320_000_000;
let feeTypeId: number;

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
  feeTypeId = (await m.send('POST', '/api/feeType/createFeeType', { name: 'Seat Fee' })).json().id;
  const upi = await m.send('POST', '/api/bankAccount/createBankAccount', {
    accountName: 'UPI',
    bankName: 'HDFC',
    accountNumber: `99${mobile}`,
    upiId: 'library@hdfc',
  });
  expect(upi.statusCode, upi.body).toBe(201);
});
afterAll(() => t.close());

/** A structure, a member on it whose page quotes its renewal, then the member moved to another. */
async function quotedStructure(name: string) {
  const structure = await m.send('POST', '/api/feeStructure/createFeeStructure', {
    name,
    durationDays: 30,
    lines: [{ feeTypeId, amount: 90000 }],
  });
  expect(structure.statusCode, structure.body).toBe(201);
  const id = structure.json().id as number;
  const user = await m.send('POST', '/api/user/createUser', {
    name: `Reader ${++mobile}`,
    mobile: String(mobile),
    validFrom: shiftDays(isoToday(), -20),
    validTill: shiftDays(isoToday(), 9),
    feeStructureId: id,
  });
  expect(user.statusCode, user.body).toBe(201);
  const userId = user.json().userId as number;
  const link = (await m.send('POST', `/api/portal/createLink?userId=${userId}`)).json().url as string;
  const page = await t.app.inject({
    method: 'GET',
    url: '/api/portal/getSummary',
    headers: { 'member-token': link.split('/m/')[1]! },
  });
  const renewal = page.json().upi.offers.find((o: { purpose: string }) => o.purpose === 'renewal');
  expect(renewal.reference).toMatch(/^[0-9A-F]{16}$/);
  await t.db.update(users).set({ feeStructureId: m.structureId }).where(eq(users.id, userId));
  return { id, userId, reference: renewal.reference as string };
}

describe('deleting a fee structure quoted on a member page', () => {
  it('deletes it, with the quote, when nobody claimed the quote', async () => {
    const q = await quotedStructure('Quoted once');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/feeStructure/deleteFeeStructure?feeStructureId=${q.id}`,
      headers: { authorization: `Bearer ${m.org.ownerToken}` },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(upiRequests).where(eq(upiRequests.reference, q.reference))).toEqual([]);
  });

  it('keeps it (409) while a claim names the quote, and keeps the claim', async () => {
    const q = await quotedStructure('Quoted and claimed');
    const [request] = await t.db.select().from(upiRequests).where(eq(upiRequests.reference, q.reference));
    await t.db.insert(upiClaims).values({
      clientId: m.org.clientId,
      branchId: m.branchId,
      userId: q.userId,
      requestId: request!.id,
      amount: request!.amount,
      utr: `4${String(mobile).padStart(11, '0')}`,
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/feeStructure/deleteFeeStructure?feeStructureId=${q.id}`,
      headers: { authorization: `Bearer ${m.org.ownerToken}` },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('STILL_IN_USE');
    expect(await t.db.select().from(upiClaims).where(eq(upiClaims.requestId, request!.id))).toHaveLength(1);
  });
});
