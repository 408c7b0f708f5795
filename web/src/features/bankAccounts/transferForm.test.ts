import { describe, expect, it } from 'vitest';
import type { BankAccount } from '@app/contract/bankAccounts';
import { accountsServing, emptyTransferForm, transferFormSchema } from './TransferDialog';

const account = (id: number, kind: 'bank' | 'cash', branchId: number | null) =>
  ({ id, kind, branchId, status: true }) as BankAccount;

describe('the transfer form', () => {
  const accounts = [account(1, 'cash', 2), account(2, 'cash', 3), account(5, 'bank', null)];

  it("proposes this branch's cash deposited in the first bank account, today", () => {
    expect(emptyTransferForm(accounts, 3, '2026-11-25')).toMatchObject({
      fromAccountId: 2,
      toAccountId: 5,
      transferredAt: '2026-11-25',
    });
  });

  it("offers only accounts that serve this branch: never another branch's cash or bank account", () => {
    const withTied = [...accounts, account(6, 'bank', 2), account(7, 'bank', 3)];
    expect(accountsServing(withTied, 3).map((a) => a.id)).toEqual([2, 5, 7]);
    expect(emptyTransferForm([account(6, 'bank', 2), ...withTied], 3, '2026-11-25').toAccountId).toBe(5);
  });

  it('refuses the same account twice, nothing to move and a later day', () => {
    const result = transferFormSchema.safeParse({
      ...emptyTransferForm(accounts, 3, '2026-11-25'),
      toAccountId: 2,
      transferredAt: '2026-11-26',
    });
    expect(
      result.success ? [] : result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`),
    ).toEqual([
      'toAccountId: transfer.errors.sameAccount',
      'amount: fieldErrors.moreThanZero',
      'transferredAt: transfer.errors.future',
    ]);
  });
});
