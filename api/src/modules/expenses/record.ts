// Expenses (DOMAIN.md, Expense): recorded once, voided with a reason, never edited. A bill is uploaded
// first (bills.ts) and named by the expense in the same transaction that records it.
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedExpenseInput } from '@app/contract/expenses';
import { categories, expenseBills, expenses } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import {
  conflict,
  fieldError,
  notFound,
  said,
  validationFailed,
  type CodedFieldError,
} from '../../platform/errors.ts';
import { accountFor, moveMoney } from '../books/movements.ts';
import { expenseTallies, tally } from '../books/tallies.ts';

export type ExpenseRow = typeof expenses.$inferSelect;

export async function recordExpense(
  tx: Tx,
  ctx: StaffContext,
  input: ParsedExpenseInput,
): Promise<ExpenseRow> {
  const details: CodedFieldError[] = [];
  const [category] = await tx
    .select({ id: categories.id, status: categories.status })
    .from(categories)
    .where(and(eq(categories.clientId, ctx.clientId), eq(categories.id, input.categoryId)));
  if (!category?.status) details.push(fieldError('body.categoryId', 'CATEGORY_INACTIVE'));
  if (input.paidAt > ctx.branchToday!) {
    details.push(fieldError('body.paidAt', 'EXPENSE_AFTER_TODAY'));
  }
  if (input.billId !== null) {
    // Locked: two expenses cannot claim one bill.
    const [bill] = await tx
      .select({ id: expenseBills.id })
      .from(expenseBills)
      .where(
        and(
          eq(expenseBills.clientId, ctx.clientId),
          eq(expenseBills.branchId, ctx.branchId!),
          eq(expenseBills.id, input.billId),
        ),
      )
      .for('update');
    const [used] = bill
      ? await tx.select({ id: expenses.id }).from(expenses).where(eq(expenses.billId, bill.id))
      : [];
    if (!bill || used) details.push(fieldError('body.billId', 'BILL_UPLOAD_AGAIN'));
  }
  if (details.length) throw validationFailed(details);
  const bankAccountId = await accountFor(tx, ctx, input.mode, input.bankAccountId);
  const [row] = await tx
    .insert(expenses)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      categoryId: input.categoryId,
      amount: input.amount,
      paidOn: input.paidAt,
      mode: input.mode,
      bankAccountId,
      payee: input.payee,
      reference: input.reference,
      note: input.note,
      billId: input.billId,
      createdBy: ctx.staffId,
    })
    .returning();
  await moveMoney(tx, bankAccountId, -input.amount, input.paidAt);
  await tally(
    tx,
    { clientId: ctx.clientId, branchId: ctx.branchId!, day: input.paidAt },
    expenseTallies(row!, 1),
  );
  await writeAudit(tx, auditOf(ctx, 'expense', row!.id, 'create', null, row));
  return row!;
}

export async function expenseRow(tx: Db | Tx, ctx: StaffContext, id: number, lock = false) {
  const q = tx
    .select()
    .from(expenses)
    .where(
      and(eq(expenses.clientId, ctx.clientId), eq(expenses.branchId, ctx.branchId!), eq(expenses.id, id)),
    );
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('EXPENSE');
  return row;
}

/** Void: the expense leaves every total and its money returns to the account, on the expense's own day. */
export async function voidExpense(
  tx: Tx,
  ctx: StaffContext,
  id: number,
  reason: string,
): Promise<ExpenseRow> {
  const expense = await expenseRow(tx, ctx, id, true);
  if (expense.status === 'voided') throw conflict(said('EXPENSE_ALREADY_VOID'));
  const [voided] = await tx
    .update(expenses)
    .set({ status: 'voided', voidReason: reason, voidedAt: sql`now()`, voidedBy: ctx.staffId })
    .where(eq(expenses.id, expense.id))
    .returning();
  await moveMoney(tx, expense.bankAccountId, expense.amount, expense.paidOn);
  await tally(
    tx,
    { clientId: ctx.clientId, branchId: expense.branchId, day: expense.paidOn },
    expenseTallies(expense, -1),
  );
  await writeAudit(
    tx,
    auditOf(ctx, 'expense', expense.id, 'void', { status: expense.status }, { status: 'voided', reason }),
  );
  return voided!;
}
