import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { devices, messages, payments, upiClaims, upiRequests, users } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  testConfig,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';
import { withLiveLink } from './links.ts';

// UPI claims (issue 37): the member claims with the UTR, staff confirm exactly once or reject.
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let branchId: number;
let structureId: number;
let accountId: number;
let mobile = 8_200_000_000;
let utrCounter = 400_000_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);
const nextUtr = () => String(++utrCounter);

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 2 });
  other = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const fee = (await staff('POST', '/api/feeType/createFeeType', { name: 'Monthly Fee' })).json().id;
  structureId = (
    await staff('POST', '/api/feeStructure/createFeeStructure', {
      name: 'Monthly',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 150000 }],
    })
  ).json().id;
  accountId = (
    await staff('POST', '/api/bankAccount/createBankAccount', {
      accountName: 'Current',
      bankName: 'HDFC',
      accountNumber: '5020001',
      upiId: 'demo.library@hdfc',
    })
  ).json().id;
  // Receipts go out by e-mail (the default channel); the confirm must add one.
});
afterAll(() => t?.close());

function staff(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = org.ownerToken) {
  return call(t, token, { method, url, branchId, ...(payload && { payload }) });
}

/** A member with a live link, and their page's summary. */
async function memberWithLink(over: Record<string, unknown> = {}, who = org) {
  const b = who.branchIds[0]!;
  const res = await call(t, who.ownerToken, {
    method: 'POST',
    url: '/api/user/createUser',
    branchId: b,
    payload: {
      name: `Member ${++mobile}`,
      mobile: String(mobile),
      email: `m${mobile}@test.dev`,
      validFrom: addDays(today(), -25),
      validTill: addDays(today(), 4),
      feeStructureId: structureId,
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  const link = await call(t, who.ownerToken, {
    method: 'POST',
    url: `/api/portal/createLink?userId=${userId}`,
    branchId: b,
  });
  const token = link.json().url.split('/m/')[1] as string;
  return { userId, token, summary: (await page(token)).json() };
}

const page = async (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/portal/getSummary',
    remoteAddress: `10.2.0.${++address % 250}`,
    headers: { 'member-token': token },
  });
const claim = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal/claimUpiPayment',
    remoteAddress: `10.3.0.${++address % 250}`,
    headers: { 'member-token': token },
    payload,
  });
const renewalOf = (summary: { upi: { offers: { purpose: string; reference: string; amount: number }[] } }) =>
  summary.upi.offers.find((o) => o.purpose === 'renewal')!;

describe('a claim', () => {
  it('is pending, never a payment by itself, and checks UTR, reference and amount', async () => {
    const m = await memberWithLink();
    const offer = renewalOf(m.summary);
    const utr = nextUtr();
    expect(
      (await claim(m.token, { amount: offer.amount, utr: '12345', reference: offer.reference })).json(),
    ).toMatchObject({ statusCode: 400, details: [expect.objectContaining({ path: 'body.utr' })] });
    const unknown = await claim(m.token, { amount: offer.amount, utr, reference: 'NOTAREFERENCE' });
    expect(unknown.json().details[0]).toMatchObject({
      path: 'body.reference',
      code: 'UPI_REFERENCE_UNKNOWN',
    });
    const tooMuch = await claim(m.token, { amount: offer.amount + 1, utr, reference: offer.reference });
    expect(tooMuch.json().details[0]).toMatchObject({
      path: 'body.amount',
      code: 'UPI_AMOUNT_ABOVE_REQUEST',
    });
    // Another member's reference is not this member's to claim.
    const neighbour = await memberWithLink();
    const foreignRef = await claim(m.token, {
      amount: 100,
      utr,
      reference: renewalOf(neighbour.summary).reference,
    });
    expect(foreignRef.statusCode).toBe(400);

    const ok = await claim(m.token, { amount: offer.amount, utr, reference: offer.reference });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      status: 'pending',
      utr,
      reference: offer.reference,
      rejectReason: null,
    });
    expect(await t.db.select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(0);
    expect((await page(m.token)).json().claims[0]).toMatchObject({ status: 'pending', utr });
  });

  it('takes a UTR once per organisation (another organisation may have the same number)', async () => {
    const a = await memberWithLink();
    const b = await memberWithLink();
    const utr = nextUtr();
    const first = await claim(a.token, { amount: 1000, utr, reference: renewalOf(a.summary).reference });
    expect(first.statusCode).toBe(201);
    const again = await claim(b.token, { amount: 1000, utr, reference: renewalOf(b.summary).reference });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('UTR_ALREADY_CLAIMED');
    const elsewhere = await memberWithLink({ feeStructureId: undefined }, other);
    expect(elsewhere.summary.upi).toBeNull();
  });

  it('is not possible with a dead link', async () => {
    const m = await memberWithLink();
    await staff('PUT', `/api/portal/revokeLink?userId=${m.userId}`);
    const res = await claim(m.token, {
      amount: 1000,
      utr: nextUtr(),
      reference: renewalOf(m.summary).reference,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('staff with payments add', () => {
  it('list the branch claims with the pending count; others may not', async () => {
    const m = await memberWithLink();
    const offer = renewalOf(m.summary);
    await claim(m.token, { amount: offer.amount, utr: nextUtr(), reference: offer.reference });
    const list = await staff('GET', '/api/payment/getUpiClaims');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().pending).toBeGreaterThanOrEqual(1);
    expect(list.json().items.find((c: { userId: number }) => c.userId === m.userId)).toMatchObject({
      purpose: 'renewal',
      requestedAmount: offer.amount,
      status: 'pending',
    });
    const viewer = await createStaff(t, org, only({ payments: 'v' }));
    expect((await staff('GET', '/api/payment/getUpiClaims', undefined, viewer.token)).statusCode).toBe(403);
    // The other branch sees none of this branch's claims.
    const there = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/payment/getUpiClaims',
      branchId: org.branchIds[1],
    });
    expect(there.json().items).toEqual([]);
  });

  it('an under-paid claim says before the confirm what it renews and what stays owing, as the confirm then records (issue 41, point 6)', async () => {
    const m = await memberWithLink();
    const offer = renewalOf(m.summary);
    expect(offer.amount).toBe(150000);
    const claimId = (
      await claim(m.token, { amount: 120000, utr: nextUtr(), reference: offer.reference })
    ).json().id;
    const listed = (await staff('GET', '/api/payment/getUpiClaims')).json();
    const item = listed.items.find((c: { id: number }) => c.id === claimId);
    expect(item).toMatchObject({
      amount: 120000,
      requestedAmount: 150000,
      onConfirm: {
        feeStructureName: 'Monthly',
        coversFrom: addDays(today(), 5),
        coversTill: addDays(today(), 34),
        total: 150000,
        owing: 30000,
      },
    });
    const res = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      coversFrom: item.onConfirm.coversFrom,
      coversTill: item.onConfirm.coversTill,
      total: item.onConfirm.total,
      received: 120000,
    });
    const [member] = await t.db.select().from(users).where(eq(users.id, m.userId));
    expect(member!.dues).toBe(item.onConfirm.owing);
    // Decided, it quotes nothing more.
    const confirmed = (await staff('GET', '/api/payment/getUpiClaims?status=confirmed')).json();
    expect(confirmed.items.find((c: { id: number }) => c.id === claimId).onConfirm).toBeNull();
  });

  it('an under-paid dues claim quotes no renewal and the rest owing', async () => {
    const m = await memberWithLink();
    await t.db.update(users).set({ dues: 50000, duesSince: today() }).where(eq(users.id, m.userId));
    const dues = (await page(m.token))
      .json()
      .upi.offers.find((o: { purpose: string }) => o.purpose === 'dues');
    const claimId = (
      await claim(m.token, { amount: 30000, utr: nextUtr(), reference: dues.reference })
    ).json().id;
    const item = (await staff('GET', '/api/payment/getUpiClaims'))
      .json()
      .items.find((c: { id: number }) => c.id === claimId);
    expect(item.onConfirm).toEqual({
      feeStructureName: null,
      coversFrom: null,
      coversTill: null,
      total: 50000,
      owing: 20000,
      seat: null,
    });
  });

  it('confirm: ten at once make exactly one payment, with renewal, receipt message and the claim confirmed', async () => {
    const m = await memberWithLink();
    const offer = renewalOf(m.summary);
    const utr = nextUtr();
    const claimId = (await claim(m.token, { amount: offer.amount, utr, reference: offer.reference })).json()
      .id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, ...Array(9).fill(409)]);
    const made = await t.db.select().from(payments).where(eq(payments.userId, m.userId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      mode: 'upi',
      reference: utr,
      received: offer.amount,
      bankAccountId: accountId,
      coversTill: addDays(today(), 34),
    });
    const [member] = await t.db.select().from(users).where(eq(users.id, m.userId));
    expect(member!.validTill).toBe(addDays(today(), 34));
    const [row] = await t.db.select().from(upiClaims).where(eq(upiClaims.id, claimId));
    expect(row).toMatchObject({ status: 'confirmed', paymentId: made[0]!.id });
    const receiptMail = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, m.userId), eq(messages.event, 'paymentReceipt')));
    expect(receiptMail).toHaveLength(1);
    // The member's page shows the new validity and the receipt.
    const after = (await page(m.token)).json();
    expect(after.member.validTill).toBe(addDays(today(), 34));
    expect(after.receipts[0].receiptNumber).toBe(made[0]!.receiptNumber);
    expect(after.claims[0].status).toBe('confirmed');
  });

  it('a confirmed renewal spends its reference: the next renewal on the page has a new one (issue 41, point 6)', async () => {
    const m = await memberWithLink();
    const offer = renewalOf(m.summary);
    const claimId = (
      await claim(m.token, { amount: offer.amount, utr: nextUtr(), reference: offer.reference })
    ).json().id;
    expect((await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`)).statusCode).toBe(201);
    const next = renewalOf((await page(m.token)).json());
    expect(next.amount).toBe(offer.amount);
    expect(next.reference).not.toBe(offer.reference);
    // Asked again, the same renewal keeps its reference.
    expect(renewalOf((await page(m.token)).json()).reference).toBe(next.reference);
  });

  it('confirm brings a lapsed member back: active again and the door unblocked', async () => {
    const [device] = await t.db
      .insert(devices)
      .values({ clientId: org.clientId, branchId, serialNumber: `CLM${mobile}`, status: 'accepted' })
      .returning();
    const m = await memberWithLink({
      validFrom: addDays(today(), -40),
      validTill: addDays(today(), -2),
      addedToBiometricMachine: true,
      biometricMachineId: device!.id,
    });
    expect(m.summary.member.active).toBe(false);
    const offer = renewalOf(m.summary);
    const claimId = (
      await claim(m.token, { amount: offer.amount, utr: nextUtr(), reference: offer.reference })
    ).json().id;
    // The device took the enrol and the block already (an open command is merged with the next).
    await t.db.execute(sql`update device_commands set confirmed_at = now() where device_id = ${device!.id}`);
    const res = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`);
    expect(res.statusCode, res.body).toBe(201);
    expect((await page(m.token)).json().member).toMatchObject({
      active: true,
      validTill: addDays(today(), 29),
    });
    const kinds = (
      await t.db.execute<{ kind: string }>(
        sql`select kind from device_commands where device_id = ${device!.id} and confirmed_at is null`,
      )
    ).rows.map((r) => r.kind);
    expect(kinds).toEqual(['unblock']);
  });

  it('confirm of a dues claim settles the dues; a part payment leaves the rest due', async () => {
    const m = await memberWithLink();
    await t.db.update(users).set({ dues: 50000, duesSince: today() }).where(eq(users.id, m.userId));
    const summary = (await page(m.token)).json();
    const dues = summary.upi.offers.find((o: { purpose: string }) => o.purpose === 'dues');
    expect(dues.amount).toBe(50000);
    const claimId = (
      await claim(m.token, { amount: 30000, utr: nextUtr(), reference: dues.reference })
    ).json().id;
    const res = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 50000, received: 30000, mode: 'upi' });
    const [member] = await t.db.select().from(users).where(eq(users.id, m.userId));
    expect(member!.dues).toBe(20000);
  });

  it('reject: needs a reason, the member reads it, and a decided claim stays decided', async () => {
    const m = await memberWithLink();
    const offer = renewalOf(m.summary);
    const claimId = (
      await claim(m.token, { amount: offer.amount, utr: nextUtr(), reference: offer.reference })
    ).json().id;
    const noReason = await staff('PUT', `/api/payment/rejectUpiClaim?claimId=${claimId}`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const res = await staff('PUT', `/api/payment/rejectUpiClaim?claimId=${claimId}`, {
      reason: 'No such payment on our statement',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such payment on our statement',
    });
    expect((await page(m.token)).json().claims[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such payment on our statement',
    });
    expect((await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`)).statusCode).toBe(409);
    expect(await t.db.select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(0);
    // Another organisation's staff do not find it.
    const foreign = await call(t, other.ownerToken, {
      method: 'PUT',
      url: `/api/payment/rejectUpiClaim?claimId=${claimId}`,
      branchId: other.branchIds[0],
      payload: { reason: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the link in messages', () => {
  const template = (event: string, body: string) =>
    staff('PUT', '/api/message/updateMessageTemplate', { event, language: 'en', subject: 'S', body });
  const bodiesOf = async (userId: number, event: 'memberLink' | 'paymentReceipt' | 'expiring') =>
    (
      await t.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.event, event)))
    ).map((m) => m.body);
  /** The message's body as the sender hands it on: the member's live link put in. */
  const sentBody = async (userId: number, event: 'memberLink' | 'paymentReceipt' | 'expiring') => {
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.event, event)));
    const secrets = { secret: testConfig().jwtSecret, publicUrl: testConfig().publicUrl };
    return (await withLiveLink(t.db, secrets, row!)).body;
  };

  it('goes to the member by the configured channel when staff create it with send', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/user/createUser',
      branchId,
      payload: {
        name: `Sent ${++mobile}`,
        mobile: String(mobile),
        email: `s${mobile}@test.dev`,
        validFrom: today(),
        validTill: addDays(today(), 20),
      },
    });
    const userId = res.json().userId as number;
    const link = await staff('POST', `/api/portal/createLink?userId=${userId}&send=true`);
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json().sent).toBe(1);
    // Kept masked; the live link goes in as it is sent (issue 45, point 7; linkSecrecy.test).
    const [body] = await bodiesOf(userId, 'memberLink');
    expect(body).toContain('http://localhost:3000/m/[link]');
    expect(body).not.toContain(link.json().url);
    expect(await sentBody(userId, 'memberLink')).toContain(link.json().url);
    // Without send nothing goes out.
    expect((await staff('POST', `/api/portal/createLink?userId=${userId}`)).json().sent).toBe(0);
    expect(await bodiesOf(userId, 'memberLink')).toHaveLength(1);
  });

  it('fills {{memberLink}} in the receipt message and the expiry reminder with the live link when sent', async () => {
    expect(
      (await template('paymentReceipt', 'Receipt {{receiptNumber}}. Your page: {{memberLink}}')).statusCode,
    ).toBe(200);
    expect((await template('expiring', 'Ends in {{daysLeft}} days. Renew: {{memberLink}}')).statusCode).toBe(
      200,
    );
    const m = await memberWithLink({ validTill: addDays(today(), 3) });
    const url = `http://localhost:3000/m/${m.token}`;
    const masked = 'http://localhost:3000/m/[link]';
    const offer = renewalOf(m.summary);
    await t.app.messageTick();
    expect(await bodiesOf(m.userId, 'expiring')).toEqual([`Ends in 3 days. Renew: ${masked}`]);
    expect(await sentBody(m.userId, 'expiring')).toBe(`Ends in 3 days. Renew: ${url}`);
    const claimId = (
      await claim(m.token, { amount: offer.amount, utr: nextUtr(), reference: offer.reference })
    ).json().id;
    const confirmed = await staff('POST', `/api/payment/confirmUpiClaim?claimId=${claimId}`);
    expect((await bodiesOf(m.userId, 'paymentReceipt'))[0]).toBe(
      `Receipt ${confirmed.json().receiptNumber}. Your page: ${masked}`,
    );
    expect(await sentBody(m.userId, 'paymentReceipt')).toBe(
      `Receipt ${confirmed.json().receiptNumber}. Your page: ${url}`,
    );
    // A counter payment of a member without a link leaves the variable empty.
    const plain = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/user/createUser',
      branchId,
      payload: {
        name: `Plain ${++mobile}`,
        mobile: String(mobile),
        email: `p${mobile}@test.dev`,
        validFrom: today(),
        validTill: addDays(today(), 20),
        feeStructureId: structureId,
      },
    });
    const userId = plain.json().userId as number;
    const paid = await staff('POST', '/api/payment/createPayment', {
      userId,
      feeStructureId: structureId,
      received: 150000,
      mode: 'cash',
    });
    expect((await bodiesOf(userId, 'paymentReceipt'))[0]).toBe(
      `Receipt ${paid.json().receiptNumber}. Your page: `,
    );
    await template('paymentReceipt', 'Receipt {{receiptNumber}}');
    await template('expiring', 'Ends {{validTill}}');
  });
});

describe("the counter's UPI QR", () => {
  it('carries the amount and a stored reference, for staff with payments add', async () => {
    const m = await memberWithLink();
    const res = await staff(
      'GET',
      `/api/payment/getUpiQr?userId=${m.userId}&amount=180050&feeStructureId=${structureId}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { upi } = res.json();
    const uri = new URL(upi.uri);
    expect(uri.searchParams.get('am')).toBe('1800.50');
    expect(uri.searchParams.get('pa')).toBe('demo.library@hdfc');
    expect(uri.searchParams.get('tr')).toBe(upi.reference);
    expect(upi.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const [stored] = await t.db.select().from(upiRequests).where(eq(upiRequests.reference, upi.reference));
    expect(stored).toMatchObject({ userId: m.userId, amount: 180050, purpose: 'renewal' });
    // The same amount again keeps the reference.
    const again = await staff(
      'GET',
      `/api/payment/getUpiQr?userId=${m.userId}&amount=180050&feeStructureId=${structureId}`,
    );
    expect(again.json().upi.reference).toBe(upi.reference);
    const viewer = await createStaff(t, org, only({ payments: 'v' }));
    expect(
      (await staff('GET', `/api/payment/getUpiQr?userId=${m.userId}&amount=100`, undefined, viewer.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('the dues reminder', () => {
  it('carries the dues as a UPI link with a stored reference where its template asks for {{upiLink}}', async () => {
    const put = (body: string) =>
      staff('PUT', '/api/message/updateMessageTemplate', {
        event: 'dues',
        language: 'en',
        subject: 'Dues',
        body,
      });
    expect((await put('Due {{amountDue}}. Pay: {{upiLink}}')).statusCode).toBe(200);
    const m = await memberWithLink();
    await t.db.update(users).set({ dues: 12345, duesSince: today() }).where(eq(users.id, m.userId));
    await t.app.messageTick();
    const [mail] = await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.userId, m.userId), eq(messages.event, 'dues')));
    const uri = new URL(mail!.body.split('Pay: ')[1]!);
    expect(uri.protocol).toBe('upi:');
    expect(uri.searchParams.get('am')).toBe('123.45');
    const [stored] = await t.db
      .select()
      .from(upiRequests)
      .where(eq(upiRequests.reference, uri.searchParams.get('tr')!));
    expect(stored).toMatchObject({ userId: m.userId, purpose: 'dues', amount: 12345 });
    // The member can claim what they paid from the reminder with that reference.
    const claimed = await claim(m.token, { amount: 12345, utr: nextUtr(), reference: stored!.reference });
    expect(claimed.statusCode, claimed.body).toBe(201);
    await put('Hello {{name}}, {{amountDue}} is still due.');
  });
});
