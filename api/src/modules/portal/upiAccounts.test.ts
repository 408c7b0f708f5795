// UPI that banks can match (issue 45, point 3): the reference in the note as well as tr, mc for a
// merchant account, and a reference that belongs to the account it was quoted with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankAccounts, payments, upiRequests } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

let t: TestApp;
let org: TestOrg;
let branchId: number;
let structureId: number;
let mobile = 8_300_000_000;
let utr = 500_000_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(t, org.ownerToken, { method, url, branchId, ...(payload && { payload }) });
const page = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/portal/getSummary',
    remoteAddress: `10.7.0.${++address % 250}`,
    headers: { 'member-token': token },
  });
type Offer = { purpose: string; reference: string; amount: number; uri: string };
const offersOf = async (token: string) => (await page(token)).json().upi?.offers as Offer[] | undefined;

async function account(upiId: string, over: Record<string, unknown> = {}) {
  const res = await staff('POST', '/api/bankAccount/createBankAccount', {
    accountName: `UPI ${upiId}`,
    bankName: 'HDFC',
    accountNumber: `77${++mobile}`,
    upiId,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; upiMerchantCode: string };
}
const update = (id: number, body: Record<string, unknown>) =>
  staff('PUT', `/api/bankAccount/updateBankAccount?bankAccountId=${id}`, body);

async function memberWithLink() {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Member ${++mobile}`,
    mobile: String(mobile),
    validFrom: addDays(today(), -25),
    validTill: addDays(today(), 4),
    feeStructureId: structureId,
  });
  expect(res.statusCode, res.body).toBe(201);
  const link = await staff('POST', `/api/portal/createLink?userId=${res.json().userId}`);
  return { userId: res.json().userId as number, token: link.json().url.split('/m/')[1] as string };
}

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
});
afterAll(() => t?.close());

describe('a UPI link', () => {
  it('carries the reference in tn as well as tr, and mc only for a merchant account', async () => {
    const acc = await account('first.library@hdfc');
    expect(acc.upiMerchantCode).toBe('');
    const m = await memberWithLink();
    const [renewal] = (await offersOf(m.token))!;
    const uri = new URL(renewal!.uri);
    expect(uri.searchParams.get('tr')).toBe(renewal!.reference);
    expect(uri.searchParams.get('tn')).toBe(`Renewal Member ${mobile} ${renewal!.reference}`);
    expect(uri.searchParams.has('mc')).toBe(false);

    const marked = await update(acc.id, {
      accountName: 'UPI first',
      bankName: 'HDFC',
      accountNumber: `77${mobile}`,
      upiId: 'first.library@hdfc',
      upiMerchantCode: '7997',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().upiMerchantCode).toBe('7997');
    const [again] = (await offersOf(m.token))!;
    expect(new URL(again!.uri).searchParams.get('mc')).toBe('7997');
    expect(again!.reference).toBe(renewal!.reference);
    // The counter's QR too.
    const counter = await staff(
      'GET',
      `/api/payment/getUpiQr?userId=${m.userId}&amount=150000&feeStructureId=${structureId}`,
    );
    expect(counter.statusCode, counter.body).toBe(200);
    const counterUri = new URL(counter.json().upi.uri);
    expect(counterUri.searchParams.get('mc')).toBe('7997');
    expect(counterUri.searchParams.get('tn')).toContain(counter.json().upi.reference);

    const bad = await update(acc.id, {
      accountName: 'UPI first',
      bankName: 'HDFC',
      accountNumber: `77${mobile}`,
      upiId: 'first.library@hdfc',
      upiMerchantCode: '79',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.upiMerchantCode');
    await t.db.update(bankAccounts).set({ status: false }).where(eq(bankAccounts.id, acc.id));
  });
});

describe('a reference', () => {
  it('belongs to its account: a new account gets a new reference; a claim on the old one books to the old account, even switched off', async () => {
    const old = await account('old.library@hdfc');
    const m = await memberWithLink();
    const [before] = (await offersOf(m.token))!;
    expect(new URL(before!.uri).searchParams.get('pa')).toBe('old.library@hdfc');

    // The branch's UPI moves to another account; the old one is switched off.
    await update(old.id, {
      accountName: 'UPI old',
      bankName: 'HDFC',
      accountNumber: `77${mobile + 1000}`,
      upiId: 'old.library@hdfc',
      status: false,
    });
    const fresh = await account('new.library@icici');
    const [after] = (await offersOf(m.token))!;
    expect(new URL(after!.uri).searchParams.get('pa')).toBe('new.library@icici');
    expect(after!.reference).not.toBe(before!.reference);
    const requests = await t.db.select().from(upiRequests).where(eq(upiRequests.userId, m.userId));
    expect(requests.map((r) => [r.reference, r.bankAccountId]).sort()).toEqual(
      [
        [before!.reference, old.id],
        [after!.reference, fresh.id],
      ].sort(),
    );

    // The member paid the old account, as first shown, and claims that reference.
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/portal/claimUpiPayment',
      remoteAddress: `10.8.0.${++address % 250}`,
      headers: { 'member-token': m.token },
      payload: { amount: before!.amount, utr: String(++utr), reference: before!.reference },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const confirmed = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimed.json().id}`);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, m.userId), eq(payments.id, confirmed.json().id)));
    expect(payment!.bankAccountId).toBe(old.id);
    const [oldRow] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, old.id));
    expect(Number(oldRow!.movementsTotal)).toBe(before!.amount);
  });
});
