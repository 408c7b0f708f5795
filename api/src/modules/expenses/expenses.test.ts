import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, only, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';

// Expenses (issue 12): recorded once with an optional bill, voided with a reason, never edited.
let t: TestApp;
let m: MoneyBranch;

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
});
afterAll(() => t.close());

const expense = (over: object = {}, extra: Parameters<MoneyBranch['send']>[3] = {}) =>
  m.send(
    'POST',
    '/api/expense/createExpense',
    { categoryId: m.categoryId, amount: 45000, paidAt: isoToday(), mode: 'cash', payee: 'BESCOM', ...over },
    extra,
  );
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const upload = (body: Buffer, contentType: string, fileName = 'bill.png', token = m.org.ownerToken) =>
  t.app.inject({
    method: 'POST',
    url: `/api/expense/uploadBill?fileName=${encodeURIComponent(fileName)}`,
    payload: body,
    headers: { authorization: `Bearer ${token}`, branchid: String(m.branchId), 'content-type': contentType },
  });

describe('an expense', () => {
  it('is paid from the cash account (or a bank account) and moves its balance', async () => {
    const cash = await m.balance(m.cashAccountId);
    const res = await expense();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 45000,
      mode: 'cash',
      bankAccountId: m.cashAccountId,
      categoryName: 'Electricity',
      status: 'completed',
      bill: null,
    });
    expect(await m.balance(m.cashAccountId)).toBe(cash - 45000);
    const bank = await m.balance(m.bankAccountId);
    expect((await expense({ mode: 'bankTransfer', bankAccountId: m.bankAccountId })).statusCode).toBe(201);
    expect(await m.balance(m.bankAccountId)).toBe(bank - 45000);
  });

  it('refuses a date after today, an unknown category and a missing account', async () => {
    const res = await expense({ paidAt: shiftDays(isoToday(), 1), categoryId: 2_000_000_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.categoryId', message: 'Choose an active category', code: 'CATEGORY_INACTIVE' },
      { path: 'body.paidAt', message: 'An expense cannot be dated after today', code: 'EXPENSE_AFTER_TODAY' },
    ]);
    const noAccount = await expense({ mode: 'upi' });
    expect(noAccount.json().details).toEqual([
      { path: 'body.bankAccountId', message: 'Choose the account it was paid from' },
    ]);
  });

  it('keeps an attached bill and gives it back', async () => {
    const up = await upload(png, 'image/png', 'März bill.png');
    expect(up.statusCode, up.body).toBe(201);
    const { billId } = up.json();
    const res = await expense({ billId });
    expect(res.json().bill).toEqual({
      fileName: 'März bill.png',
      contentType: 'image/png',
      size: png.length,
    });
    const bill = await m.send('GET', `/api/expense/getBill?expenseId=${res.json().id}`);
    expect(bill.headers['content-type']).toBe('image/png');
    expect(bill.headers['content-disposition']).toBe("attachment; filename*=UTF-8''M%C3%A4rz%20bill.png");
    expect(Buffer.compare(bill.rawPayload, png)).toBe(0);
    const again = await expense({ billId });
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toEqual([
      { path: 'body.billId', message: 'Upload the bill again', code: 'BILL_UPLOAD_AGAIN' },
    ]);
  });

  it('refuses a bill over 3 MB or of another type, with a clear message', async () => {
    const large = await upload(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]), 'image/png');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      reason: 'PAYLOAD_TOO_LARGE',
      message: 'The bill is larger than 3 MB.',
    });
    const gif = await upload(Buffer.from('GIF89a....'), 'image/gif', 'a.gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({
      reason: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Attach a JPEG, PNG or PDF file.',
    });
    // Named a PNG, but not one.
    const renamed = await upload(Buffer.from('%PDF-1.4 not a png'), 'image/png');
    expect(renamed.statusCode).toBe(415);
    const pdf = await upload(Buffer.from('%PDF-1.4 a pdf'), 'application/pdf', 'bill.pdf');
    expect(pdf.statusCode).toBe(201);
    const json = await m.send('POST', '/api/expense/uploadBill?fileName=x.json', { a: 1 });
    expect(json.statusCode).toBe(415);
  });

  it('is voided with a reason, once, which gives the money back to the account', async () => {
    const e = (await expense({ amount: 1234 })).json();
    const cash = await m.balance(m.cashAccountId);
    const voidIt = (reason: string) =>
      m.send('PUT', `/api/expense/voidExpense?expenseId=${e.id}`, { reason });
    expect((await voidIt(' ')).statusCode).toBe(400);
    const res = await voidIt('Paid twice');
    expect(res.json()).toMatchObject({ status: 'voided', voidReason: 'Paid twice' });
    expect(await m.balance(m.cashAccountId)).toBe(cash + 1234);
    expect((await voidIt('Again')).statusCode).toBe(409);
  });
});

describe('the expenses list', () => {
  it('filters by category, dates, mode, account and status, sums and exports', async () => {
    const rent = (await m.send('POST', '/api/category/createCategory', { name: 'Rent' })).json().id;
    await expense({
      categoryId: rent,
      amount: 2500000,
      paidAt: shiftDays(isoToday(), -40),
      payee: 'Landlord',
    });
    await expense({
      categoryId: rent,
      amount: 100,
      mode: 'upi',
      bankAccountId: m.bankAccountId,
      reference: 'UTR9',
    });
    const list = (qs: string) => m.send('GET', `/api/expense/getExpenses?pageSize=100&${qs}`);
    expect((await list(`categoryId=${rent}`)).json().total).toBe(2);
    expect((await list(`categoryId=${rent}&mode=upi`)).json().items[0].reference).toBe('UTR9');
    expect((await list(`categoryId=${rent}&bankAccountId=${m.cashAccountId}`)).json().total).toBe(1);
    expect((await list(`categoryId=${rent}&to=${shiftDays(isoToday(), -1)}`)).json().items[0].payee).toBe(
      'Landlord',
    );
    expect((await list('q=landlord')).json().total).toBe(1);
    const summary = (await m.send('GET', `/api/expense/getExpenseSummary?categoryId=${rent}`)).json();
    expect(summary).toEqual({ count: 2, amount: 2500100, voidedCount: 0 });
    const voided = (await list('status=voided')).json();
    expect(voided.items.every((e: { status: string }) => e.status === 'voided')).toBe(true);
    const all = (await m.send('GET', '/api/expense/getExpenseSummary')).json();
    expect(all.voidedCount).toBe(voided.total);
    const csv = await m.send('GET', `/api/expense/exportExpenses?categoryId=${rent}&sort=amount`);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFDate,Category,Payee,Amount,Mode,Account,Reference,Note,Bill,Status,Void reason,Recorded by',
    );
    expect(csv.body).toContain(',Rent,Landlord,25000.00,Cash,');
    const de = await m.send('GET', `/api/expense/exportExpenses?categoryId=${rent}&sort=amount`, undefined, {
      headers: { 'accept-language': 'de-AT,de;q=0.9' },
    });
    expect(de.body.split('\r\n')[0]).toBe(
      '\uFEFFDatum,Kategorie,Bezahlt an,Betrag,Zahlungsart,Konto,Referenz,Notiz,Beleg,Status,Stornogrund,Erfasst von',
    );
    expect(de.body).toContain(',Rent,Landlord,25000.00,Bar,');
  });

  it('needs the expenses permissions', async () => {
    const viewer = await createStaff(t, m.org, only({ expenses: 'va' }));
    const e = (await expense({}, { token: viewer.token })).json();
    expect(e.status).toBe('completed');
    const refused = await m.send(
      'PUT',
      `/api/expense/voidExpense?expenseId=${e.id}`,
      { reason: 'x' },
      { token: viewer.token },
    );
    expect(refused.statusCode).toBe(403);
    const nobody = await createStaff(t, m.org, only({ payments: 'v' }));
    expect(
      (await m.send('GET', '/api/expense/getExpenses', undefined, { token: nobody.token })).statusCode,
    ).toBe(403);
    expect((await upload(png, 'image/png', 'a.png', nobody.token)).statusCode).toBe(403);
  });
});
