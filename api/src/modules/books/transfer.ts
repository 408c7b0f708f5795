// A transfer between two accounts of the organisation (cash deposited in the bank, cash brought to a
// branch): one row, two movements on its day.
import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedTransferInput } from '@app/contract/books';
import { accountTransfers, bankAccounts } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { fieldError, validationFailed, type CodedFieldError } from '../../platform/errors.ts';
import { moveMoney } from './movements.ts';

export type TransferRow = typeof accountTransfers.$inferSelect;

export async function recordTransfer(
  tx: Tx,
  ctx: StaffContext,
  input: ParsedTransferInput,
): Promise<TransferRow> {
  const accounts = await tx
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.clientId, ctx.clientId),
        inArray(bankAccounts.id, [input.fromAccountId, input.toAccountId]),
      ),
    );
  const details: CodedFieldError[] = [];
  for (const [field, id] of [
    ['fromAccountId', input.fromAccountId],
    ['toAccountId', input.toAccountId],
  ] as const) {
    const account = accounts.find((a) => a.id === id);
    if (!account?.status) details.push(fieldError(`body.${field}`, 'ACCOUNT_INACTIVE'));
    // A branch's cash is moved only by staff working on that branch.
    else if (account.kind === 'cash' && account.branchId !== ctx.branchId) {
      details.push(fieldError(`body.${field}`, 'BRANCH_CASH_ACCOUNT_ONLY'));
    }
    // A bank account tied to a branch serves that branch only, on either side (issue 34).
    else if (account.branchId !== null && account.branchId !== ctx.branchId) {
      details.push(fieldError(`body.${field}`, 'BANK_ACCOUNT_OTHER_BRANCH'));
    }
  }
  if (input.transferredAt > ctx.branchToday!) {
    details.push(fieldError('body.transferredAt', 'TRANSFER_AFTER_TODAY'));
  }
  if (details.length) throw validationFailed(details);
  const [row] = await tx
    .insert(accountTransfers)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      fromAccountId: input.fromAccountId,
      toAccountId: input.toAccountId,
      amount: input.amount,
      transferredOn: input.transferredAt,
      reference: input.reference,
      note: input.note,
      createdBy: ctx.staffId,
    })
    .returning();
  // In id order, so two opposite transfers at once take the rows' locks in the same order.
  const moves: [number, number][] = [
    [input.fromAccountId, -input.amount],
    [input.toAccountId, input.amount],
  ];
  moves.sort(([a], [b]) => a - b);
  for (const [accountId, delta] of moves) await moveMoney(tx, accountId, delta, input.transferredAt);
  await writeAudit(tx, auditOf(ctx, 'transfer', row!.id, 'create', null, row));
  return row!;
}

export const toTransfer = (row: TransferRow) => ({
  id: row.id,
  fromAccountId: row.fromAccountId,
  toAccountId: row.toAccountId,
  amount: row.amount,
  transferredAt: row.transferredOn,
  reference: row.reference,
  note: row.note,
  createdBy: row.createdBy,
  createdAt: new Date(row.createdAt).toISOString(),
});
