import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createStaff, only, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';

// The books (issue 12): transfers, statements, the cash book and day close, branch payments, and
// balances that always equal the sum of the money rows.
let t: TestApp;
let m: MoneyBranch;
const today = isoToday();
/** A day as the organisation (en-IN) writes it in sentences: 27/12/2026 (issue 34). */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
});
afterAll(() => t.close());

const transfer = (b: MoneyBranch, over: object) =>
  b.send('POST', '/api/bankAccount/createTransfer', {
    fromAccountId: b.cashAccountId,
    toAccountId: b.bankAccountId,
    amount: 100000,
    transferredAt: today,
    ...over,
  });
const statement = (b: MoneyBranch, accountId: number, qs = '') =>
  b.send('GET', `/api/bankAccount/getStatement?bankAccountId=${accountId}&pageSize=100${qs}`);

describe('a transfer', () => {
  it('moves money between two accounts and shows on both statements with running balances', async () => {
    await m.payment('cash');
    await m.payment('cash');
    const cash = await m.balance(m.cashAccountId);
    const bank = await m.balance(m.bankAccountId);
    const res = await transfer(m, { amount: 300000, reference: 'Deposit slip 7' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await m.balance(m.cashAccountId)).toBe(cash - 300000);
    expect(await m.balance(m.bankAccountId)).toBe(bank + 300000);

    const cashBook = (await statement(m, m.cashAccountId)).json();
    expect(cashBook.items.map((i: { kind: string; amount: number }) => [i.kind, i.amount])).toEqual([
      ['payment', 200000],
      ['payment', 200000],
      ['transferOut', -300000],
    ]);
    expect(cashBook.items.map((i: { balance: number }) => i.balance)).toEqual([200000, 400000, 100000]);
    expect(cashBook).toMatchObject({ opening: 0, totalIn: 400000, totalOut: 300000, closing: 100000 });
    const bankBook = (await statement(m, m.bankAccountId)).json();
    expect(bankBook.opening).toBe(1_000_000);
    expect(bankBook.items.at(-1)).toMatchObject({
      kind: 'transferIn',
      number: 'Deposit slip 7',
      balance: 1_300_000,
    });

    // A range after today opens with everything before it and holds no movements.
    const later = (await statement(m, m.cashAccountId, `&from=${shiftDays(today, 1)}`)).json();
    expect(later).toMatchObject({ opening: 100000, items: [], closing: 100000, total: 0 });
    const paged = (
      await m.send('GET', `/api/bankAccount/getStatement?bankAccountId=${m.cashAccountId}&pageSize=5&page=0`)
    ).json();
    expect(paged.total).toBe(3);
    const csv = await m.send('GET', `/api/bankAccount/exportStatement?bankAccountId=${m.cashAccountId}`);
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFDate,Kind,Number,Description,In,Out,Balance',
      ',Opening balance,,,,,0.00',
    ]);
    expect(csv.body).toContain('Transfer out,Deposit slip 7,Current,,3000.00,1000.00');
    const de = await m.send(
      'GET',
      `/api/bankAccount/exportStatement?bankAccountId=${m.cashAccountId}`,
      undefined,
      { headers: { 'accept-language': 'de' } },
    );
    expect(de.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFDatum,Bewegung,Nummer,Beschreibung,Eingang,Ausgang,Saldo',
      ',Anfangssaldo,,,,,0.00',
    ]);
    expect(de.body).toContain('Umbuchung aus,Deposit slip 7,Current,,3000.00,1000.00');
  });

  it('refuses the same account twice, a future date, and another branch cash account', async () => {
    const same = await transfer(m, { toAccountId: m.cashAccountId });
    expect(same.json().details).toEqual([
      { path: 'body.toAccountId', message: 'Choose another account than the one it comes from' },
    ]);
    const future = await transfer(m, { transferredAt: shiftDays(today, 2) });
    expect(future.json().details).toEqual([
      {
        path: 'body.transferredAt',
        message: 'A transfer cannot be dated after today',
        code: 'TRANSFER_AFTER_TODAY',
      },
    ]);
    const foreignCash = await transfer(m, {}).then(() =>
      m.send(
        'POST',
        '/api/bankAccount/createTransfer',
        {
          fromAccountId: m.cashAccountId,
          toAccountId: m.bankAccountId,
          amount: 1,
          transferredAt: today,
        },
        { branchId: m.org.branchIds[1] },
      ),
    );
    expect(foreignCash.statusCode).toBe(400);
    expect(foreignCash.json().details).toEqual([
      {
        path: 'body.fromAccountId',
        message: "Choose this branch's cash account",
        code: 'BRANCH_CASH_ACCOUNT_ONLY',
      },
    ]);
  });
});

describe('the cash book', () => {
  it('adds up the day and closes it; a closed day refuses back-dated cash', async () => {
    const b = await moneyBranch(t, { branchCount: 1 });
    await b.payment('cash');
    await b.payment('upi');
    const p = await b.payment('cash', 150000);
    await b.send('POST', '/api/refund/createRefund', {
      paymentId: p.id,
      amount: 20000,
      reason: 'Overpaid',
      mode: 'cash',
    });
    const category = b.categoryId;
    await b.send('POST', '/api/expense/createExpense', {
      categoryId: category,
      amount: 5000,
      paidAt: today,
      mode: 'cash',
    });
    await transfer(b, { amount: 100000 });
    const book = (await b.send('GET', '/api/cashBook/getCashBook')).json();
    expect(book).toMatchObject({
      day: today,
      opening: 0,
      cashIn: 350000,
      cashRefunds: 20000,
      cashExpenses: 5000,
      deposits: 100000,
      transfersIn: 0,
      expected: 225000,
      lockedThrough: null,
      close: null,
    });
    expect(book.collectionsByMode).toEqual([
      { mode: 'cash', count: 2, amount: 350000 },
      { mode: 'upi', count: 1, amount: 200000 },
    ]);
    expect(book.cashByStaff).toEqual([{ staffId: b.org.ownerId, name: expect.any(String), amount: 350000 }]);
    // Yesterday closed before any of it: an earlier day's book opens at nothing.
    const yesterday = (await b.send('GET', `/api/cashBook/getCashBook?day=${shiftDays(today, -1)}`)).json();
    expect(yesterday).toMatchObject({ opening: 0, expected: 0 });

    const closed = await b.send('POST', '/api/cashBook/closeDay', {
      day: today,
      counted: 224000,
      note: 'Short by 10',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      lockedThrough: today,
      close: { counted: 224000, expected: 225000, difference: -1000 },
    });
    // The next day opens with what was counted.
    expect(await b.balance(b.cashAccountId)).toBe(224000);
    expect((await b.send('GET', `/api/cashBook/getCashBook?day=${shiftDays(today, 1)}`)).json().opening).toBe(
      224000,
    );

    const backDated = await b.send('POST', '/api/expense/createExpense', {
      categoryId: category,
      amount: 700,
      paidAt: shiftDays(today, -3),
      mode: 'cash',
    });
    expect(backDated.statusCode).toBe(409);
    expect(backDated.json().message).toBe(
      `The cash book is closed up to ${dmy(today)}: a cash entry dated ${dmy(shiftDays(today, -3))} cannot be added or changed.`,
    );
    const cashPayment = await b.send('POST', '/api/payment/createPayment', {
      userId: await b.member(),
      feeStructureId: b.structureId,
      received: 1000,
      mode: 'cash',
    });
    expect(cashPayment.statusCode).toBe(409);
    // Money through the bank is not in the drawer: still accepted.
    const bank = await b.send('POST', '/api/expense/createExpense', {
      categoryId: category,
      amount: 700,
      paidAt: shiftDays(today, -3),
      mode: 'upi',
      bankAccountId: b.bankAccountId,
    });
    expect(bank.statusCode).toBe(201);
    const again = await b.send('POST', '/api/cashBook/closeDay', { day: today, counted: 1 });
    expect(again.json().message).toBe(`The cash book of ${dmy(today)} is already closed.`);
    const earlier = await b.send('POST', '/api/cashBook/closeDay', { day: shiftDays(today, -1), counted: 0 });
    expect(earlier.statusCode).toBe(409);
    const future = await b.send('POST', '/api/cashBook/closeDay', { day: shiftDays(today, 1), counted: 0 });
    expect(future.json().details).toEqual([
      { path: 'body.day', message: 'A day can be closed once it has begun', code: 'DAY_NOT_BEGUN' },
    ]);
  });

  it('needs payments permissions: view to read, edit to close, delete to reopen', async () => {
    const b = await moneyBranch(t, { branchCount: 1 });
    const asClerk = { token: (await createStaff(t, b.org, only({ payments: 'va' }))).token };
    const asCashier = { token: (await createStaff(t, b.org, only({ payments: 'vae' }))).token };
    const asManager = { token: (await createStaff(t, b.org, only({ payments: 'vaed' }))).token };
    expect((await b.send('GET', '/api/cashBook/getCashBook', undefined, asClerk)).statusCode).toBe(200);
    // A receptionist takes payments (view, add) but does not close the drawer.
    const byClerk = await b.send('POST', '/api/cashBook/closeDay', { day: today, counted: 0 }, asClerk);
    expect(byClerk.statusCode).toBe(403);
    expect((await b.send('GET', '/api/cashBook/getCashBook')).json().close).toBeNull();
    const closed = await b.send('POST', '/api/cashBook/closeDay', { day: today, counted: 0 }, asCashier);
    expect(closed.statusCode, closed.body).toBe(200);
    const reopen = { day: today, reason: 'Counted again' };
    expect((await b.send('POST', '/api/cashBook/reopenDay', reopen, asCashier)).statusCode).toBe(403);
    expect((await b.send('POST', '/api/cashBook/reopenDay', reopen, asManager)).statusCode).toBe(200);
  });

  it('asks a reason for a difference, names it and who closed, and a reopen takes it back', async () => {
    const b = await moneyBranch(t, { branchCount: 1 });
    await b.payment('cash'); // ₹2,000 in the drawer
    const cashStatement = async () => (await statement(b, b.cashAccountId)).json();

    // A typo in the count (₹1,000 for ₹2,000) is refused without a word, and nothing moves.
    const silent = await b.send('POST', '/api/cashBook/closeDay', { day: today, counted: 100000 });
    expect(silent.statusCode).toBe(400);
    expect(silent.json().details).toEqual([
      {
        path: 'body.reason',
        message: 'Give a reason: the counted cash differs from the books',
        code: 'CLOSE_REASON_REQUIRED',
      },
    ]);
    expect(await b.balance(b.cashAccountId)).toBe(200000);
    expect((await b.send('GET', '/api/cashBook/getCashBook')).json().close).toBeNull();

    const closed = await b.send('POST', '/api/cashBook/closeDay', {
      day: today,
      counted: 100000,
      reason: 'Short after the evening count',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().close).toMatchObject({ difference: -100000, note: 'Short after the evening count' });
    expect(await b.balance(b.cashAccountId)).toBe(100000);
    expect((await cashStatement()).items.at(-1)).toMatchObject({
      kind: 'dayClose',
      amount: -100000,
      balance: 100000,
      description: `Short after the evening count · ${b.org.ownerName}`,
    });
    const locked = await b.send('POST', '/api/payment/createPayment', {
      userId: await b.member(),
      feeStructureId: b.structureId,
      received: 1000,
      mode: 'cash',
    });
    expect(locked.statusCode).toBe(409);

    // Reopening needs a reason, finds only a closed day, and puts the difference back.
    const noReason = await b.send('POST', '/api/cashBook/reopenDay', { day: today, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details[0].path).toBe('body.reason');
    const notClosed = await b.send('POST', '/api/cashBook/reopenDay', {
      day: shiftDays(today, -1),
      reason: 'x',
    });
    expect(notClosed.statusCode).toBe(404);
    const reopened = await b.send('POST', '/api/cashBook/reopenDay', {
      day: today,
      reason: 'The count was a typo',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ close: null, lockedThrough: null, expected: 200000 });
    expect(await b.balance(b.cashAccountId)).toBe(200000);
    expect((await cashStatement()).items.at(-1)).toMatchObject({
      kind: 'dayReopen',
      amount: 100000,
      balance: 200000,
      description: `The count was a typo · ${b.org.ownerName}`,
    });
    const { rows: audit } = await t.db.execute<{ action: string }>(
      sql`select action from audit_log where client_id = ${b.org.clientId} and entity = 'dayClose' order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['create', 'reopen']);
    const again = await b.send('POST', '/api/cashBook/reopenDay', { day: today, reason: 'Twice' });
    expect(again.statusCode).toBe(404);

    // The day takes cash again, and closes again, now with the right count.
    await b.payment('cash');
    const recount = await b.send('POST', '/api/cashBook/closeDay', { day: today, counted: 400000 });
    expect(recount.statusCode, recount.body).toBe(200);
    expect(recount.json()).toMatchObject({
      lockedThrough: today,
      close: { difference: 0, expected: 400000 },
    });
    expect(await b.balance(b.cashAccountId)).toBe(400000);
  });

  it('reopens only the latest closed day', async () => {
    const b = await moneyBranch(t, { branchCount: 1 });
    const yesterday = shiftDays(today, -1);
    expect((await b.send('POST', '/api/cashBook/closeDay', { day: yesterday, counted: 0 })).statusCode).toBe(
      200,
    );
    expect((await b.send('POST', '/api/cashBook/closeDay', { day: today, counted: 0 })).statusCode).toBe(200);
    const early = await b.send('POST', '/api/cashBook/reopenDay', { day: yesterday, reason: 'Recount' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `The cash book is closed up to ${dmy(today)}: reopen that day before ${dmy(yesterday)}.`,
    );
    // Five reopens at once: one reopens, the others find no close in force.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        b.send('POST', '/api/cashBook/reopenDay', { day: today, reason: 'Recount' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    expect((await b.send('GET', '/api/cashBook/getCashBook')).json().lockedThrough).toBe(yesterday);
  });
});

describe('balances', () => {
  it('equal the opening balance plus a direct sum of every money row, for every account', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const { rows } = await t.db.execute<{ id: number; kept: string; summed: string }>(sql`
      select a.id, a.opening_balance + a.movements_total as kept,
             a.opening_balance
             + coalesce((select sum(received) from payments where bank_account_id = a.id and status = 'completed'), 0)
             - coalesce((select sum(amount) from refunds where bank_account_id = a.id), 0)
             - coalesce((select sum(amount) from expenses where bank_account_id = a.id and status = 'completed'), 0)
             - coalesce((select sum(amount) from account_transfers where from_account_id = a.id), 0)
             + coalesce((select sum(amount) from account_transfers where to_account_id = a.id), 0)
             + coalesce((select sum(difference) from day_closes where cash_account_id = a.id), 0)
             + coalesce((select sum(amount) from day_reopens where cash_account_id = a.id), 0) as summed
        from bank_accounts a`);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.kept !== r.summed)).toEqual([]);
  });
});

describe('branch payments', () => {
  it('sums each branch the caller may use, with totals and the rows behind them', async () => {
    const b = await moneyBranch(t, { branchCount: 2 });
    await b.payment('cash');
    const p = await b.payment('upi');
    await b.send('POST', '/api/refund/createRefund', {
      paymentId: p.id,
      amount: 30000,
      reason: 'Part',
      mode: 'upi',
      bankAccountId: b.bankAccountId,
    });
    await b.send('POST', '/api/expense/createExpense', {
      categoryId: b.categoryId,
      amount: 12500,
      paidAt: today,
      mode: 'cash',
    });
    const second = b.org.branchIds[1]!;
    const res = await b.send(
      'GET',
      `/api/branchPayment/getBranchPayments?from=${shiftDays(today, -30)}&to=${today}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [first, other] = [b.branchId, second].map((id) =>
      res.json().branches.find((x: { branchId: number }) => x.branchId === id),
    );
    expect(first).toMatchObject({
      collections: 400000,
      refunds: 30000,
      net: 370000,
      expenses: 12500,
      netAfterExpenses: 357500,
      paymentCount: 2,
    });
    expect(other).toMatchObject({ collections: 0, refunds: 0, net: 0, expenses: 0, netAfterExpenses: 0 });
    expect(res.json().totals).toMatchObject({ collections: 400000, netAfterExpenses: 357500 });
    const rows = (kind: string, token?: string, branchId?: number) =>
      b.send(
        'GET',
        `/api/branchPayment/getBranchRows?branchId=${b.branchId}&kind=${kind}&from=${today}&to=${today}`,
        undefined,
        { token, branchId },
      );
    expect((await rows('payments')).json()).toMatchObject({ total: 2 });
    expect((await rows('refunds')).json().items).toEqual([
      expect.objectContaining({ amount: 30000, mode: 'upi', description: expect.stringContaining('Part') }),
    ]);
    expect((await rows('expenses')).json().items[0]).toMatchObject({
      amount: 12500,
      description: 'Electricity',
    });
    const csv = await b.send('GET', `/api/branchPayment/exportBranchPayments?from=${today}&to=${today}`);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFBranch,From,To,Collections,Refunds,Net,Expenses,Net after expenses',
    );
    expect(csv.body).toContain(`Total,${today},${today},4000.00,300.00,3700.00,125.00,3575.00`);
    const de = await b.send(
      'GET',
      `/api/branchPayment/exportBranchPayments?from=${today}&to=${today}`,
      undefined,
      {
        headers: { 'accept-language': 'de' },
      },
    );
    expect(de.body.split('\r\n')[0]).toBe(
      '\uFEFFFiliale,Von,Bis,Einnahmen,Erstattungen,Netto,Ausgaben,Netto nach Ausgaben',
    );
    expect(de.body).toContain(`Summe,${today},${today},4000.00,300.00,3700.00,125.00,3575.00`);

    const limited = await createStaff(t, b.org, only({ branchPayments: 'v' }), { branchIds: [second] });
    const seen = (
      await b.send('GET', `/api/branchPayment/getBranchPayments?from=${today}&to=${today}`, undefined, {
        token: limited.token,
        branchId: second,
      })
    ).json();
    expect(seen.branches.map((x: { branchId: number }) => x.branchId)).toEqual([second]);
    // The header names a branch they may use; the rows asked for are of another.
    expect((await rows('payments', limited.token, second)).statusCode).toBe(403);
    const stranger = await moneyBranch(t, { branchCount: 1 });
    const foreign = await stranger.send(
      'GET',
      `/api/branchPayment/getBranchRows?branchId=${b.branchId}&kind=payments&from=${today}&to=${today}`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe("a branch's own bank account", () => {
  it('serves its branch only: not offered elsewhere, and refused for payments, refunds, expenses and transfers', async () => {
    const b = await moneyBranch(t, { branchCount: 2 });
    const [here, there] = b.org.branchIds as [number, number];
    const created = await b.send('POST', '/api/bankAccount/createBankAccount', {
      accountName: 'Other Branch Savings',
      bankName: 'SBI',
      accountNumber: '300123',
      branchId: there,
    });
    expect(created.statusCode, created.body).toBe(201);
    const theirs = created.json().id as number;
    const offered = async (url: string, branchId: number) =>
      ((await b.send('GET', url, undefined, { branchId })).json().bankAccounts as { id: number }[]).map(
        (a) => a.id,
      );
    for (const url of [
      '/api/payment/getPaymentOptions',
      '/api/expense/getExpenseOptions',
      '/api/refund/getRefundOptions',
    ]) {
      expect(await offered(url, here), url).not.toContain(theirs);
      expect(await offered(url, here), url).toContain(b.bankAccountId);
      expect(await offered(url, there), url).toContain(theirs);
    }
    const refusal = (path: string) => [
      {
        path,
        message: "This account serves another branch; choose one of this branch's accounts",
        code: 'BANK_ACCOUNT_OTHER_BRANCH',
      },
    ];
    const paid = await b.payment('cash');
    const payment = await b.send('POST', '/api/payment/createPayment', {
      userId: await b.member(),
      feeStructureId: b.structureId,
      received: 200000,
      mode: 'upi',
      bankAccountId: theirs,
    });
    expect(payment.statusCode).toBe(400);
    expect(payment.json().details).toEqual(refusal('body.bankAccountId'));
    const refund = await b.send('POST', '/api/refund/createRefund', {
      paymentId: paid.id,
      amount: 100,
      reason: 'Overpaid',
      mode: 'upi',
      bankAccountId: theirs,
    });
    expect(refund.statusCode).toBe(400);
    expect(refund.json().details).toEqual(refusal('body.bankAccountId'));
    const expense = await b.send('POST', '/api/expense/createExpense', {
      categoryId: b.categoryId,
      amount: 700,
      paidAt: today,
      mode: 'upi',
      bankAccountId: theirs,
    });
    expect(expense.statusCode).toBe(400);
    expect(expense.json().details).toEqual(refusal('body.bankAccountId'));
    const into = await transfer(b, { toAccountId: theirs, amount: 100 });
    expect(into.statusCode).toBe(400);
    expect(into.json().details).toEqual(refusal('body.toAccountId'));
    const outOf = await transfer(b, { fromAccountId: theirs, toAccountId: b.bankAccountId, amount: 100 });
    expect(outOf.json().details).toEqual(refusal('body.fromAccountId'));
    expect(await b.balance(theirs)).toBe(0);

    // Its own branch uses it.
    const member = await b.send(
      'POST',
      '/api/user/createUser',
      {
        name: 'There',
        mobile: '9811100001',
        validFrom: shiftDays(today, -5),
        validTill: shiftDays(today, 5),
      },
      { branchId: there },
    );
    expect(member.statusCode, member.body).toBe(201);
    const own = await b.send(
      'POST',
      '/api/payment/createPayment',
      {
        userId: member.json().userId,
        feeStructureId: b.structureId,
        received: 200000,
        mode: 'upi',
        bankAccountId: theirs,
      },
      { branchId: there },
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(await b.balance(theirs)).toBe(200000);
  });
});

describe("another branch's cash account", () => {
  it('is refused for cash payments, refunds and expenses, not booked to this branch (issue 41, point 3)', async () => {
    const b = await moneyBranch(t, { branchCount: 2 });
    const [here, there] = b.org.branchIds as [number, number];
    const accounts = (await b.send('GET', '/api/bankAccount/getBankAccounts?pageSize=100')).json().items as {
      id: number;
      kind: string;
      branchId: number | null;
    }[];
    const theirCash = accounts.find((a) => a.kind === 'cash' && a.branchId === there)!.id;
    const paid = await b.payment('cash');
    const cashBefore = await b.balance(b.cashAccountId);
    const refusal = [
      {
        path: 'body.bankAccountId',
        message: "This account serves another branch; choose one of this branch's accounts",
        code: 'BANK_ACCOUNT_OTHER_BRANCH',
      },
    ];
    const payment = await b.send('POST', '/api/payment/createPayment', {
      userId: await b.member(),
      feeStructureId: b.structureId,
      received: 200000,
      mode: 'cash',
      bankAccountId: theirCash,
    });
    expect(payment.statusCode, payment.body).toBe(400);
    expect(payment.json().details).toEqual(refusal);
    const refund = await b.send('POST', '/api/refund/createRefund', {
      paymentId: paid.id,
      amount: 100,
      reason: 'Overpaid',
      mode: 'cash',
      bankAccountId: theirCash,
    });
    expect(refund.statusCode, refund.body).toBe(400);
    expect(refund.json().details).toEqual(refusal);
    const expense = await b.send('POST', '/api/expense/createExpense', {
      categoryId: b.categoryId,
      amount: 700,
      paidAt: today,
      mode: 'cash',
      bankAccountId: theirCash,
    });
    expect(expense.statusCode, expense.body).toBe(400);
    expect(expense.json().details).toEqual(refusal);
    expect(await b.balance(b.cashAccountId)).toBe(cashBefore);
    expect(await b.balance(theirCash)).toBe(0);

    // Cash is not booked into a bank account either: it names this branch's cash account or none.
    const intoBank = await b.send('POST', '/api/expense/createExpense', {
      categoryId: b.categoryId,
      amount: 700,
      paidAt: today,
      mode: 'cash',
      bankAccountId: b.bankAccountId,
    });
    expect(intoBank.statusCode, intoBank.body).toBe(400);
    expect(intoBank.json().details).toEqual([
      {
        path: 'body.bankAccountId',
        message: "Choose this branch's cash account",
        code: 'BRANCH_CASH_ACCOUNT_ONLY',
      },
    ]);

    // This branch's own cash account, named or left out, takes it.
    for (const bankAccountId of [b.cashAccountId, null]) {
      const own = await b.send('POST', '/api/expense/createExpense', {
        categoryId: b.categoryId,
        amount: 700,
        paidAt: today,
        mode: 'cash',
        bankAccountId,
      });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json().bankAccountId).toBe(b.cashAccountId);
    }
    expect(await b.balance(b.cashAccountId)).toBe(cashBefore - 1400);
    expect(here).toBe(b.branchId);
  });
});
