// A branch that takes money, for the money-out tests (refunds, expenses, books): an organisation with
// a fee structure, a bank account and a category, and helpers that make members and payments.
import { expect } from 'vitest';
import { call, createOrg, type TestApp, type TestOrg } from './harness.ts';

let mobileCounter = 8_000_000_000;

export type MoneyBranch = Awaited<ReturnType<typeof moneyBranch>>;

export const isoToday = () => new Date().toISOString().slice(0, 10);
export function shiftDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function moneyBranch(t: TestApp, opts: { branchCount?: number } = {}) {
  const org: TestOrg = await createOrg(t, { branchCount: opts.branchCount ?? 2 });
  const branchId = org.branchIds[0]!;
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    extra: { token?: string; branchId?: number; headers?: Record<string, string> } = {},
  ) =>
    call(t, extra.token ?? org.ownerToken, {
      method,
      url,
      ...(payload && { payload }),
      branchId: extra.branchId ?? branchId,
      headers: extra.headers,
    });
  const created = async (url: string, payload: object) => {
    const res = await send('POST', url, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const feeTypeId = await created('/api/feeType/createFeeType', { name: 'Monthly Fee' });
  const structureId = await created('/api/feeStructure/createFeeStructure', {
    name: 'Monthly',
    durationDays: 30,
    lines: [{ feeTypeId, amount: 200000 }],
  });
  const bankAccountId = await created('/api/bankAccount/createBankAccount', {
    accountName: 'Current',
    bankName: 'HDFC',
    accountNumber: `50${mobileCounter}`,
    openingBalance: 1_000_000,
  });
  const categoryId = await created('/api/category/createCategory', { name: 'Electricity' });
  const accounts = async () =>
    (await send('GET', '/api/bankAccount/getBankAccounts?pageSize=100')).json().items as {
      id: number;
      kind: string;
      branchId: number | null;
      balance: number;
    }[];
  const cashAccountId = (await accounts()).find((a) => a.kind === 'cash' && a.branchId === branchId)!.id;
  const balance = async (id: number) => (await accounts()).find((a) => a.id === id)!.balance;

  async function member() {
    const today = isoToday();
    const res = await send('POST', '/api/user/createUser', {
      name: `Member ${mobileCounter}`,
      mobile: String(++mobileCounter),
      validFrom: shiftDays(today, -20),
      validTill: shiftDays(today, 10),
      feeStructureId: structureId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().userId as number;
  }
  /** A renewal of a new member paid in full (₹2,000) in cash, or into the bank account. */
  async function payment(mode: 'cash' | 'upi' = 'cash', received = 200000) {
    const userId = await member();
    const res = await send('POST', '/api/payment/createPayment', {
      userId,
      feeStructureId: structureId,
      received,
      mode,
      bankAccountId: mode === 'cash' ? null : bankAccountId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; receiptNumber: string; userId: number; received: number };
  }
  return {
    org,
    branchId,
    send,
    structureId,
    bankAccountId,
    cashAccountId,
    categoryId,
    balance,
    member,
    payment,
  };
}
