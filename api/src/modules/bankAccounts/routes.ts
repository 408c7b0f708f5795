import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  bankAccountInputSchema,
  bankAccountListQuerySchema,
  bankAccountSchema,
  maskAccountNumber,
  type BankAccount,
} from '@app/contract/bankAccounts';
import { bankAccounts, branches } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { registerCrud } from '../../platform/crud.ts';
import { conflict, fieldError, said, validationFailed } from '../../platform/errors.ts';
import { bankAccountCsv } from './exportColumns.ts';

type BankAccountRow = typeof bankAccounts.$inferSelect;

/**
 * The number is masked for a caller who may not edit bank accounts; without a caller (the audit
 * log) the record is whole. The balance is the opening balance plus every movement, kept on the row
 * by the money writes (modules/books/movements.ts).
 */
export const toBankAccount = (row: BankAccountRow, ctx?: StaffContext): BankAccount => ({
  id: row.id,
  accountName: row.accountName,
  bankName: row.bankName,
  accountNumber:
    ctx && !can(ctx, 'bankAccounts', 'edit') ? maskAccountNumber(row.accountNumber) : row.accountNumber,
  ifsc: row.ifsc,
  upiId: row.upiId,
  upiMerchantCode: row.upiMerchantCode,
  openingBalance: Number(row.openingBalance),
  balance: Number(row.openingBalance) + Number(row.movementsTotal),
  kind: row.kind,
  branchId: row.branchId,
  status: row.status,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

export function bankAccountRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'bankAccount',
    label: 'BankAccount',
    plural: 'BankAccounts',
    recordName: 'BANK_ACCOUNT',
    module: 'bankAccounts',
    table: bankAccounts,
    // The account belongs to the organisation; branchId only says which branch it mainly serves.
    branchScoped: false,
    record: bankAccountSchema,
    input: bankAccountInputSchema,
    listQuery: bankAccountListQuerySchema,
    sortColumns: {
      accountName: bankAccounts.accountName,
      bankName: bankAccounts.bankName,
      openingBalance: bankAccounts.openingBalance,
      createdAt: bankAccounts.createdAt,
    },
    defaultSort: 'accountName',
    // Not the account number: a view-only caller could otherwise read it digit by digit by searching.
    searchColumns: [bankAccounts.accountName, bankAccounts.bankName, bankAccounts.ifsc, bankAccounts.upiId],
    filters: (q) => [
      q.status === undefined ? undefined : eq(bankAccounts.status, q.status),
      q.branchId === undefined ? undefined : eq(bankAccounts.branchId, q.branchId),
      q.kind === undefined ? undefined : eq(bankAccounts.kind, q.kind),
    ],
    toRecord: (row, ctx) => toBankAccount(row as BankAccountRow, ctx),
    csv: bankAccountCsv,
    toValues: async (body, ctx, tx, existing) => {
      const input = bankAccountInputSchema.parse(body);
      // A branch's cash account keeps what makes it one: its number and branch.
      if ((existing as BankAccountRow | undefined)?.kind === 'cash') {
        const cash = existing as BankAccountRow;
        return { ...input, accountNumber: cash.accountNumber, branchId: cash.branchId, status: true };
      }
      if (input.branchId !== null) {
        const [branch] = await tx
          .select({ id: branches.id })
          .from(branches)
          .where(and(eq(branches.clientId, ctx.clientId), eq(branches.id, input.branchId)));
        if (!branch) throw validationFailed([fieldError('body.branchId', 'UNKNOWN_BRANCH')]);
      }
      return input;
    },
    beforeDelete: async (_tx, row) => {
      if ((row as BankAccountRow).kind === 'cash') {
        throw conflict(said('CASH_ACCOUNT_WITH_BRANCH'));
      }
    },
    uniqueMessages: {
      bank_accounts_client_number_uq: said('BANK_ACCOUNT_NUMBER_TAKEN'),
    },
  });
}
