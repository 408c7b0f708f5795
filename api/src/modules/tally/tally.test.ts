import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { fullPermissions } from '@app/contract/modules';
import { call, createStaff, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { Ledgers } from './routes.ts';
import { escapeXml, rupees } from './xml.ts';

// The Tally export (issue 44, point 5): the file parsed back as Tally would read it.

type Entry = { LEDGERNAME: string; ISDEEMEDPOSITIVE: 'Yes' | 'No'; AMOUNT: string };
type Voucher = {
  '@_VCHTYPE': string;
  DATE: string;
  VOUCHERTYPENAME: string;
  VOUCHERNUMBER: string;
  PARTYLEDGERNAME: string;
  NARRATION: string;
  ISCANCELLED: 'Yes' | 'No';
  'ALLLEDGERENTRIES.LIST': Entry[];
};
type Message = { LEDGER?: { '@_NAME': string; PARENT: string }; VOUCHER?: Voucher };

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'TALLYMESSAGE' || name === 'ALLLEDGERENTRIES.LIST',
});

function parse(xml: string) {
  const doc = parser.parse(xml);
  expect(doc.ENVELOPE.HEADER.TALLYREQUEST).toBe('Import Data');
  const data = doc.ENVELOPE.BODY.IMPORTDATA;
  expect(data.REQUESTDESC.REPORTNAME).toBe('Vouchers');
  const messages = data.REQUESTDATA.TALLYMESSAGE as Message[];
  const firstVoucher = messages.findIndex((m) => m.VOUCHER);
  // Masters first, then vouchers.
  expect(messages.slice(firstVoucher).every((m) => m.VOUCHER)).toBe(true);
  return {
    ledgers: messages.flatMap((m) => (m.LEDGER ? [m.LEDGER] : [])),
    vouchers: messages.flatMap((m) => (m.VOUCHER ? [m.VOUCHER] : [])),
  };
}

/** An entry in paise, + for a debit: checks Tally's sign convention on the way. */
function paise(e: Entry): number {
  expect(e.AMOUNT).toMatch(/^-?\d+\.\d{2}$/);
  const [r, p] = e.AMOUNT.replace('-', '').split('.') as [string, string];
  const abs = Number(r) * 100 + Number(p);
  const negative = e.AMOUNT.startsWith('-');
  expect(negative, `${e.LEDGERNAME} ${e.ISDEEMEDPOSITIVE} ${e.AMOUNT}`).toBe(e.ISDEEMEDPOSITIVE === 'Yes');
  return negative ? abs : -abs;
}

describe('formatting', () => {
  it('writes rupees with two decimals by integer arithmetic and escapes XML', () => {
    expect(rupees(123456)).toBe('1234.56');
    expect(rupees(-5)).toBe('-0.05');
    expect(rupees(0)).toBe('0.00');
    expect(escapeXml(`A & B <"C'>`)).toBe('A &amp; B &lt;&quot;C&apos;&gt;');
  });
});

describe('ledger names', () => {
  it('are unique regardless of case, as Tally needs: a clash gets its kind, then a number', () => {
    const l = new Ledgers();
    expect(l.name('account:1', 'Rent', 'Bank Accounts', 'Account')).toBe('Rent');
    expect(l.name('category:1', 'rent', 'Indirect Expenses', 'Expense')).toBe('rent (Expense)');
    expect(l.name('category:2', 'RENT (expense)', 'Indirect Expenses', 'Expense')).toBe(
      'RENT (expense) (Expense)',
    );
    expect(l.name('category:3', 'Rent', 'Indirect Expenses', 'Expense')).toBe('Rent (Expense 2)');
    expect(l.name('category:1', 'whatever', 'Indirect Expenses', 'Expense')).toBe('rent (Expense)');
    expect(l.name('category:4', '  ', 'Indirect Expenses', 'Expense')).toBe('Expense');
    // By parent, then name in code-unit order (the same bytes on every runtime).
    expect(l.list().map((x) => x.name)).toEqual([
      'Rent',
      'Expense',
      'RENT (expense) (Expense)',
      'Rent (Expense 2)',
      'rent (Expense)',
    ]);
  });
});

describe('GET /api/tally/exportVouchers', () => {
  let t: TestApp;
  let m: MoneyBranch;
  let other: MoneyBranch;
  let secondBranch: number;
  const from = shiftDays(isoToday(), -1);
  const to = shiftDays(isoToday(), 1);
  const expected: { type: string; number: string }[] = [];
  let voided: string;
  let otherMember: string;
  const exportOf = (token: string, qs = '') =>
    call(t, token, { method: 'GET', url: `/api/tally/exportVouchers?from=${from}&to=${to}${qs}` });

  beforeAll(async () => {
    t = await startTestApp();
    m = await moneyBranch(t, { branchCount: 2 });
    secondBranch = m.org.branchIds[1]!;
    const ok = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBeLessThan(300);
      return JSON.parse(res.body);
    };
    ok(
      await m.send('PUT', `/api/branch/updateGst?branchId=${m.branchId}`, {
        registered: true,
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Reading Room LLP',
        stateCode: '27',
        scheme: 'regular',
      }),
    );
    const invoiced = await m.payment('upi');
    const cash = await m.payment('cash');
    const toVoid = await m.payment('cash');
    ok(await m.send('PUT', `/api/payment/voidPayment?paymentId=${toVoid.id}`, { reason: 'Wrong member' }));
    voided = toVoid.receiptNumber;
    const refund = ok(
      await m.send('POST', '/api/refund/createRefund', {
        paymentId: invoiced.id,
        amount: 50000,
        reason: 'Left early',
        mode: 'cash',
      }),
    );
    const categoryId = ok(
      await m.send('POST', '/api/category/createCategory', { name: 'Power & <Light> "A"' }),
    ).id as number;
    const expense = { categoryId, amount: 12345, paidAt: isoToday(), mode: 'cash', payee: 'MSEB' };
    ok(await m.send('POST', '/api/expense/createExpense', expense));
    ok(await m.send('POST', '/api/expense/createExpense', expense, { branchId: secondBranch }));
    ok(
      await m.send('POST', '/api/bankAccount/createTransfer', {
        fromAccountId: m.cashAccountId,
        toAccountId: m.bankAccountId,
        amount: 100000,
        transferredAt: isoToday(),
      }),
    );
    expected.push(...[invoiced, cash, toVoid].map((p) => ({ type: 'Receipt', number: p.receiptNumber })), {
      type: 'Credit Note',
      number: refund.refundNumber,
    });
    other = await moneyBranch(t);
    const theirs = await other.payment('cash');
    otherMember = (await other.send('GET', `/api/user/getUser?userId=${theirs.userId}`)).json().name;
  }, 120_000);
  afterAll(() => t.close());

  it('one voucher per document, debits equal credits in each, every ledger among the masters', async () => {
    const res = await exportOf(m.org.ownerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toContain(`tally-${from}-${to}.xml`);
    const { ledgers, vouchers } = parse(res.body);
    // 3 receipts, 1 credit note, 2 expenses (both branches), 1 contra.
    expect(vouchers).toHaveLength(7);
    for (const e of expected) {
      expect(
        vouchers.filter((v) => v.VOUCHERNUMBER === e.number && v.VOUCHERTYPENAME === e.type),
      ).toHaveLength(1);
    }
    expect(vouchers.filter((v) => v.VOUCHERTYPENAME === 'Payment')).toHaveLength(2);
    expect(vouchers.filter((v) => v.VOUCHERTYPENAME === 'Contra')).toHaveLength(1);
    const names = new Set(ledgers.map((l) => l['@_NAME']));
    expect(names.size).toBe(ledgers.length);
    for (const v of vouchers) {
      expect(v['@_VCHTYPE']).toBe(v.VOUCHERTYPENAME);
      expect(v.DATE).toMatch(/^\d{8}$/);
      const entries = v['ALLLEDGERENTRIES.LIST'];
      expect(entries.length).toBeGreaterThanOrEqual(2);
      expect(
        entries.reduce((s, e) => s + paise(e), 0),
        v.VOUCHERNUMBER,
      ).toBe(0);
      for (const e of entries) expect(names, e.LEDGERNAME).toContain(e.LEDGERNAME);
      expect(names).toContain(v.PARTYLEDGERNAME);
    }
    // Stable order: by date, then type and number.
    const keys = vouchers.map((v) => `${v.DATE}|${v.VOUCHERTYPENAME}`);
    expect(keys).toEqual([...keys].sort());
    const parents = Object.fromEntries(ledgers.map((l) => [l['@_NAME'], l.PARENT]));
    expect(parents['Current']).toBe('Bank Accounts');
    expect(parents['Monthly Fee']).toBe('Sales Accounts');
    expect(parents['Output CGST']).toBe('Duties & Taxes');
    expect(parents['Output SGST']).toBe('Duties & Taxes');
    // The name with &, < and quotes survives the round trip (escaped in the file).
    expect(parents['Power & <Light> "A"']).toBe('Indirect Expenses');
    expect(res.body).toContain('Power &amp; &lt;Light&gt; &quot;A&quot;');
    expect(Object.values(parents).filter((p) => p === 'Cash-in-Hand').length).toBeGreaterThanOrEqual(1);
  });

  it('the invoiced receipt credits income and output tax; the UPI one debits the bank', async () => {
    const { vouchers } = parse((await exportOf(m.org.ownerToken)).body);
    const invoiced = vouchers.find((v) => v.VOUCHERNUMBER === expected[0]!.number)!;
    const byLedger = Object.fromEntries(
      invoiced['ALLLEDGERENTRIES.LIST'].map((e) => [e.LEDGERNAME, paise(e)]),
    );
    // ₹2,000 at 18 % within the state: taxable 1694.92, CGST = SGST 152.54.
    expect(byLedger).toEqual({
      Current: 200000,
      'Monthly Fee': -169492,
      'Output CGST': -15254,
      'Output SGST': -15254,
    });
    expect(invoiced.NARRATION).toMatch(/Tax invoice/);
    const note = vouchers.find((v) => v.VOUCHERTYPENAME === 'Credit Note')!;
    const noted = note['ALLLEDGERENTRIES.LIST'];
    expect(
      noted
        .filter((e) => e.ISDEEMEDPOSITIVE === 'Yes')
        .map((e) => e.LEDGERNAME)
        .sort(),
    ).toEqual(['Monthly Fee', 'Output CGST', 'Output SGST']);
    expect(noted.filter((e) => e.ISDEEMEDPOSITIVE === 'No').map(paise)).toEqual([-50000]);
  });

  it('a voided payment is exported cancelled, the others not', async () => {
    const { vouchers } = parse((await exportOf(m.org.ownerToken)).body);
    const cancelled = vouchers.filter((v) => v.ISCANCELLED === 'Yes').map((v) => v.VOUCHERNUMBER);
    expect(cancelled).toEqual([voided]);
  });

  it('the same period twice gives the same bytes', async () => {
    const a = await exportOf(m.org.ownerToken);
    const b = await exportOf(m.org.ownerToken);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it("another organisation's documents are absent", async () => {
    const body = (await exportOf(m.org.ownerToken)).body;
    expect(otherMember).toBeTruthy();
    expect(body).not.toContain(otherMember);
    const theirs = parse((await exportOf(other.org.ownerToken)).body).vouchers;
    expect(theirs).toHaveLength(1);
    // Asking for a branch of another organisation is refused.
    expect((await exportOf(other.org.ownerToken, `&branchId=${m.branchId}`)).statusCode).toBe(403);
  });

  it('a branch the caller may not read is absent, and asking for it is refused', async () => {
    const only = await createStaff(
      t,
      m.org,
      fullPermissions().map((p) => ({
        ...p,
        view: p.moduleUniqueName === 'payments',
        add: false,
        edit: false,
        delete: false,
      })),
      { branchIds: [m.branchId] },
    );
    const res = await exportOf(only.token);
    expect(res.statusCode, res.body).toBe(200);
    const { vouchers } = parse(res.body);
    // The second branch's expense is not there.
    expect(vouchers).toHaveLength(6);
    expect(vouchers.filter((v) => v.VOUCHERTYPENAME === 'Payment')).toHaveLength(1);
    expect((await exportOf(only.token, `&branchId=${secondBranch}`)).statusCode).toBe(403);
    const own = parse((await exportOf(m.org.ownerToken, `&branchId=${secondBranch}`)).body).vouchers;
    expect(own.map((v) => v.VOUCHERTYPENAME)).toEqual(['Payment']);
  });

  it('needs payments view or settings view', async () => {
    const grant = (module: string | null) =>
      fullPermissions().map((p) => ({
        ...p,
        view: p.moduleUniqueName === module,
        add: false,
        edit: false,
        delete: false,
      }));
    const settings = await createStaff(t, m.org, grant('settings'));
    expect((await exportOf(settings.token)).statusCode).toBe(200);
    const neither = await createStaff(t, m.org, grant('expenses'));
    const refused = await exportOf(neither.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'FORBIDDEN' });
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await call(t, m.org.ownerToken, {
      method: 'GET',
      url: `/api/tally/exportVouchers?from=${to}&to=${from}`,
    });
    expect(res.statusCode).toBe(400);
  });
});
