import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  csvOf,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;

type Account = { id: number; accountName: string; accountNumber: string; [k: string]: unknown };

const create = (token: string, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/bankAccount/createBankAccount', payload });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'PUT', url: `/api/bankAccount/updateBankAccount?bankAccountId=${id}`, payload });
const get = (token: string, id: number) =>
  call(t, token, { method: 'GET', url: `/api/bankAccount/getBankAccount?bankAccountId=${id}` });
const remove = (token: string, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/bankAccount/deleteBankAccount?bankAccountId=${id}` });
// The accounts these tests make; every branch's own cash account is tested apart.
const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/bankAccount/getBankAccounts${qs || '?'}&kind=bank` });
const names = (res: { json: () => { items: Account[] } }) => res.json().items.map((x) => x.accountName);

const hdfc = {
  accountName: 'Current account',
  bankName: 'HDFC Bank',
  accountNumber: '5020 0012 3456 789',
  ifsc: 'hdfc0001234',
  upiId: 'demolibrary@hdfcbank',
  openingBalance: 25000000,
};

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  const seed = [
    hdfc,
    {
      accountName: 'Savings',
      bankName: 'State Bank of India',
      accountNumber: '30012345678',
      ifsc: 'SBIN0000813',
      openingBalance: 5000000,
      branchId: a.branchIds[0],
    },
    { accountName: 'Petty cash float', bankName: 'ICICI Bank', accountNumber: '111122223333', status: false },
    {
      accountName: 'Axis collections',
      bankName: 'Axis Bank',
      accountNumber: '917020012345678',
      openingBalance: 0,
    },
    { accountName: 'Kotak reserve', bankName: 'Kotak', accountNumber: '4411223344', openingBalance: 100 },
    {
      accountName: 'Branch 2 takings',
      bankName: 'Canara Bank',
      accountNumber: '0112233445',
      branchId: a.branchIds[1],
      openingBalance: 99,
    },
  ];
  for (const s of seed) {
    const res = await create(a.ownerToken, s);
    expect(res.statusCode, res.body).toBe(201);
  }
  expect((await create(b.ownerToken, { ...hdfc, accountName: 'B account' })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('bank accounts', () => {
  it('normalises what a person types and answers the balance as the opening balance', async () => {
    const [account] = (await list(a.ownerToken, '?q=Current')).json().items;
    expect(account).toMatchObject({
      accountName: 'Current account',
      bankName: 'HDFC Bank',
      accountNumber: '502000123456789',
      ifsc: 'HDFC0001234',
      upiId: 'demolibrary@hdfcbank',
      openingBalance: 25000000,
      balance: 25000000,
      branchId: null,
      status: true,
    });
  });

  it('pages, sorts by opening balance and name, searches and filters', async () => {
    expect((await list(a.ownerToken)).json()).toMatchObject({ total: 6, pageSize: 5 });
    const balances = (await list(a.ownerToken, '?sort=-openingBalance&pageSize=10'))
      .json()
      .items.map((x: Account) => x.openingBalance);
    expect(balances).toEqual([25000000, 5000000, 100, 99, 0, 0]);
    const asc = names(await list(a.ownerToken, '?sort=bankName&pageSize=10'));
    expect(asc[0]).toBe('Axis collections');
    expect(names(await list(a.ownerToken, '?q=sbin'))).toEqual(['Savings']);
    expect(names(await list(a.ownerToken, '?q=@hdfc'))).toEqual(['Current account']);
    expect(names(await list(a.ownerToken, '?status=false'))).toEqual(['Petty cash float']);
    expect(names(await list(a.ownerToken, `?branchId=${a.branchIds[1]}`))).toEqual(['Branch 2 takings']);
  });

  it('does not search by account number (a viewer could read it digit by digit)', async () => {
    expect((await list(a.ownerToken, '?q=3456789')).json().total).toBe(0);
  });

  it('masks the account number for a view-only staff member and shows it to an editor', async () => {
    const viewer = await createStaff(t, a, only({ bankAccounts: 'v' }));
    const editor = await createStaff(t, a, only({ bankAccounts: 've' }));
    const masked = (await list(viewer.token, '?sort=accountName&pageSize=10')).json().items as Account[];
    const plain = (await list(editor.token, '?sort=accountName&pageSize=10')).json().items as Account[];
    expect(masked).toHaveLength(6);
    const savingsMasked = masked.find((x) => x.accountName === 'Savings')!;
    expect(savingsMasked.accountNumber).toBe('•••• 5678');
    expect(plain.find((x) => x.accountName === 'Savings')!.accountNumber).toBe('30012345678');
    for (const x of masked) expect(x.accountNumber).toMatch(/^•••• \w{4}$/);
    expect((await get(viewer.token, savingsMasked.id)).json().accountNumber).toBe('•••• 5678');
    expect((await get(editor.token, savingsMasked.id)).json().accountNumber).toBe('30012345678');
    expect((await get(a.ownerToken, savingsMasked.id)).json().accountNumber).toBe('30012345678');
    // The export follows the same rule.
    const csv = await call(t, viewer.token, { method: 'GET', url: '/api/bankAccount/exportBankAccounts' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('•••• 5678');
    expect(csv.body).not.toContain('30012345678');
    expect(csv.body).not.toContain('502000123456789');
    const editorCsv = await call(t, editor.token, {
      method: 'GET',
      url: '/api/bankAccount/exportBankAccounts',
    });
    expect(editorCsv.body).toContain('30012345678');
    // Branch by name, money in decimals of the currency.
    const { rows } = csvOf(editorCsv);
    expect(rows.find((r) => r['Account name'] === 'Branch 2 takings')!.Branch).toMatch(/^Branch \d+-2$/);
    expect(rows.map((r) => r['Opening balance'])).toContain('250000.00');
    expect(rows.map((r) => r['Opening balance'])).toContain('0.99');
  });

  it('masks the answer to a creator who may add but not edit; the audit log keeps the number', async () => {
    const adder = await createStaff(t, a, only({ bankAccounts: 'a' }));
    const res = await create(adder.token, {
      accountName: 'Added',
      bankName: 'Yes Bank',
      accountNumber: '987654321',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().accountNumber).toBe('•••• 4321');
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bankAccount'), eq(auditLog.entityId, String(res.json().id))));
    expect(row!.after).toMatchObject({ accountNumber: '987654321' });
    expect((await remove(a.ownerToken, res.json().id)).statusCode).toBe(204);
  });

  it('updates and deletes', async () => {
    const created = (
      await create(a.ownerToken, {
        accountName: 'Temp',
        bankName: 'Bank',
        accountNumber: 'GB33BUKB20201555555555',
      })
    ).json();
    expect(created.accountNumber).toBe('GB33BUKB20201555555555');
    const updated = await update(a.ownerToken, created.id, {
      accountName: 'Temp 2',
      bankName: 'Bank',
      accountNumber: 'GB33BUKB20201555555555',
      openingBalance: 12345,
      branchId: a.branchIds[0],
      status: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      accountName: 'Temp 2',
      openingBalance: 12345,
      balance: 12345,
      branchId: a.branchIds[0],
      status: false,
    });
    expect((await remove(a.ownerToken, created.id)).statusCode).toBe(204);
    expect((await get(a.ownerToken, created.id)).statusCode).toBe(404);
  });

  it('answers a duplicate account number with 409; another organisation may hold the same number', async () => {
    const res = await create(a.ownerToken, {
      accountName: 'Dup',
      bankName: 'HDFC',
      accountNumber: '502000123456789',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A bank account with this account number already exists.',
    });
    // The same digits typed with spaces are the same number.
    const spaced = await create(a.ownerToken, {
      accountName: 'Dup',
      bankName: 'SBI',
      accountNumber: '300 123 456 78',
    });
    expect(spaced.statusCode).toBe(409);
  });

  it('refuses invalid fields with a detail per field', async () => {
    const res = await create(a.ownerToken, {
      accountName: '',
      bankName: '',
      accountNumber: '12',
      ifsc: 'not valid!',
      upiId: 'no-at-sign',
      openingBalance: 10.5,
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual([
      'body.accountName',
      'body.accountNumber',
      'body.bankName',
      'body.ifsc',
      'body.openingBalance',
      'body.upiId',
    ]);
    const negative = await create(a.ownerToken, { ...hdfc, accountNumber: '777777777', openingBalance: -1 });
    expect(negative.json().details.map((d: { path: string }) => d.path)).toEqual(['body.openingBalance']);
  });

  it('refuses a branch of another organisation', async () => {
    const res = await create(a.ownerToken, {
      accountName: 'Foreign branch',
      bankName: 'Bank',
      accountNumber: '55555555',
      branchId: b.branchIds[0],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.branchId', message: 'Unknown branch', code: 'UNKNOWN_BRANCH' },
    ]);
  });

  it('is organisation-wide: the branchId header does not narrow the list', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/bankAccount/getBankAccounts?kind=bank',
      branchId: a.branchIds[1],
    });
    expect(res.json().total).toBe(6);
  });

  it('gives every branch a cash account that keeps its number and branch and cannot be deleted', async () => {
    const cash = (
      await call(t, a.ownerToken, { method: 'GET', url: '/api/bankAccount/getBankAccounts?kind=cash' })
    ).json().items as (Account & { branchId: number; kind: string; balance: number })[];
    expect(cash.map((c) => c.branchId).sort()).toEqual([...a.branchIds].sort());
    expect(cash.every((c) => c.kind === 'cash' && c.balance === 0)).toBe(true);
    const [first] = cash;
    const renamed = await update(a.ownerToken, first!.id, {
      accountName: 'Front desk cash',
      bankName: 'Cash in hand',
      accountNumber: '99999999',
      openingBalance: 5000,
      branchId: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      accountName: 'Front desk cash',
      accountNumber: first!.accountNumber,
      branchId: first!.branchId,
      balance: 5000,
      kind: 'cash',
    });
    const refused = await remove(a.ownerToken, first!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "A branch's cash account cannot be deleted; it goes with its branch.",
    );
  });

  it('refuses each action without its permission', async () => {
    const nobody = await createStaff(t, a, only({ payments: 'va' }));
    const viewer = await createStaff(t, a, only({ bankAccounts: 'v' }));
    const [savings] = (await list(a.ownerToken, '?q=Savings')).json().items;
    const body = { accountName: 'X', bankName: 'Y', accountNumber: '12345678' };
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await get(nobody.token, savings.id)).statusCode).toBe(403);
    expect((await create(viewer.token, body)).statusCode).toBe(403);
    expect((await update(viewer.token, savings.id, body)).statusCode).toBe(403);
    expect((await remove(viewer.token, savings.id)).statusCode).toBe(403);
    expect((await get(a.ownerToken, savings.id)).json().accountName).toBe('Savings');
  });

  it('keeps organisations apart', async () => {
    const [savings] = (await list(a.ownerToken, '?q=Savings')).json().items;
    expect(names(await list(b.ownerToken))).toEqual(['B account']);
    expect((await get(b.ownerToken, savings.id)).statusCode).toBe(404);
    expect((await update(b.ownerToken, savings.id, { ...hdfc, accountNumber: '1234567' })).statusCode).toBe(
      404,
    );
    expect((await remove(b.ownerToken, savings.id)).statusCode).toBe(404);
  });
});
