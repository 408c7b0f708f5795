// The cash book of a branch and day, and the day close (DOMAIN.md, Cash book and day close).
import { and, eq, sql } from 'drizzle-orm';
import type { CashBook } from '@app/contract/books';
import { paymentModes } from '@app/contract/payments';
import { bankAccounts, dayCloses, dayReopens, staff } from '../../db/schema.ts';
import { orgDay } from '../../platform/orgDay.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, fieldError, notFound, said, validationFailed } from '../../platform/errors.ts';
import { cashAccountId, closeInForce, lockedThrough } from './movements.ts';
import { movementsOf } from './statement.ts';

export async function cashBookOf(db: Db | Tx, ctx: StaffContext, day: string): Promise<CashBook> {
  const accountId = await cashAccountId(db as Tx, ctx.clientId, ctx.branchId!);
  const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
  const moves = movementsOf(accountId, ctx.clientId);
  const [sums] = (
    await db.execute<Record<string, string>>(sql`
      with m as (${moves})
      select coalesce(sum(amount) filter (where day < ${day}), 0) as before,
             coalesce(sum(amount) filter (where day = ${day} and kind = 'payment'), 0) as cash_in,
             coalesce(-sum(amount) filter (where day = ${day} and kind = 'refund'), 0) as refunds,
             coalesce(-sum(amount) filter (where day = ${day} and kind = 'expense'), 0) as expenses,
             coalesce(-sum(amount) filter (where day = ${day} and kind = 'transferOut'), 0) as deposits,
             coalesce(sum(amount) filter (where day = ${day} and kind = 'transferIn'), 0) as transfers_in
        from m`)
  ).rows;
  // Everything the branch received that day, whatever the mode (only cash goes to the drawer).
  const byMode = (
    await db.execute<{ mode: string; count: number; amount: string }>(sql`
      select mode, count(*)::int as count, sum(received) as amount from payments
       where client_id = ${ctx.clientId} and branch_id = ${ctx.branchId} and paid_on = ${day}
         and status = 'completed'
       group by mode`)
  ).rows;
  const byStaff = (
    await db.execute<{ staff_id: number; name: string | null; amount: string }>(sql`
      select p.created_by as staff_id, s.staff_name as name, sum(p.received) as amount
        from payments p left join ${staff} s on s.id = p.created_by
       where p.client_id = ${ctx.clientId} and p.bank_account_id = ${accountId} and p.paid_on = ${day}
         and p.status = 'completed'
       group by p.created_by, s.staff_name order by amount desc`)
  ).rows;
  const [close] = await db
    .select({ close: dayCloses, closedByName: staff.staffName })
    .from(dayCloses)
    .leftJoin(staff, eq(staff.id, dayCloses.closedBy))
    .where(
      and(
        eq(dayCloses.clientId, ctx.clientId),
        eq(dayCloses.branchId, ctx.branchId!),
        eq(dayCloses.day, day),
        closeInForce,
      ),
    );
  const n = (key: string) => Number(sums![key]);
  const opening = Number(account!.openingBalance) + n('before');
  const expected = opening + n('cash_in') - n('refunds') - n('expenses') - n('deposits') + n('transfers_in');
  return {
    day,
    cashAccountId: accountId,
    opening,
    collectionsByMode: paymentModes.flatMap((mode) => {
      const row = byMode.find((r) => r.mode === mode);
      return row ? [{ mode, count: row.count, amount: Number(row.amount) }] : [];
    }),
    cashByStaff: byStaff.map((r) => ({ staffId: r.staff_id, name: r.name ?? '', amount: Number(r.amount) })),
    cashIn: n('cash_in'),
    cashRefunds: n('refunds'),
    cashExpenses: n('expenses'),
    deposits: n('deposits'),
    transfersIn: n('transfers_in'),
    expected,
    lockedThrough: await lockedThrough(db as Tx, accountId),
    close: close
      ? {
          counted: close.close.counted,
          expected: close.close.expected,
          difference: close.close.difference,
          note: close.close.note,
          closedBy: close.close.closedBy,
          closedByName: close.closedByName,
          closedAt: new Date(close.close.closedAt).toISOString(),
        }
      : null,
  };
}

/** Dates in refusals are written as the organisation's screens write them. */
const dayIn = (tx: Tx, ctx: StaffContext, day: string) => orgDay(tx, ctx.clientId, day);

/** Takes the branch's cash account row lock: no cash entry commits between a count and a close. */
async function lockCash(tx: Tx, ctx: StaffContext): Promise<number> {
  const accountId = await cashAccountId(tx, ctx.clientId, ctx.branchId!);
  await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, accountId))
    .for('update');
  return accountId;
}

/**
 * Closes a day: the cash account's row is locked first, so no cash entry of the branch commits
 * between the count and the close; the difference becomes a movement of that day. A difference
 * needs a reason (issue 34: a typo in the count wrote off the drawer without a word).
 */
export async function closeDay(
  tx: Tx,
  ctx: StaffContext,
  input: { day: string; counted: number; reason?: string; note?: string },
): Promise<void> {
  if (input.day > ctx.branchToday!) {
    throw validationFailed([fieldError('body.day', 'DAY_NOT_BEGUN')]);
  }
  const accountId = await lockCash(tx, ctx);
  const locked = await lockedThrough(tx, accountId);
  if (locked === input.day)
    throw conflict(said('DAY_ALREADY_CLOSED', { day: await dayIn(tx, ctx, input.day) }));
  if (locked !== null && locked > input.day) {
    throw conflict(
      said('DAY_CLOSED_AFTER', {
        locked: await dayIn(tx, ctx, locked),
        day: await dayIn(tx, ctx, input.day),
      }),
    );
  }
  const book = await cashBookOf(tx, ctx, input.day);
  const difference = input.counted - book.expected;
  // `note` is the field's earlier name; either carries the reason.
  const reason = (input.reason || input.note || '').trim();
  if (difference !== 0 && !reason) {
    throw validationFailed([fieldError('body.reason', 'CLOSE_REASON_REQUIRED')]);
  }
  const [row] = await tx
    .insert(dayCloses)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      day: input.day,
      cashAccountId: accountId,
      expected: book.expected,
      counted: input.counted,
      difference,
      note: reason,
      closedBy: ctx.staffId,
    })
    .returning();
  await tx
    .update(bankAccounts)
    .set({ movementsTotal: sql`${bankAccounts.movementsTotal} + ${difference}` })
    .where(eq(bankAccounts.id, accountId));
  await writeAudit(tx, auditOf(ctx, 'dayClose', row!.id, 'create', null, row));
}

/**
 * Reopens a closed day (issue 34): a reopen row whose movement takes the close's difference back,
 * so the cash account holds what the books say again, and the day takes cash entries again. Only
 * the latest close in force may be reopened: a later closed day counted on top of this one.
 */
export async function reopenDay(
  tx: Tx,
  ctx: StaffContext,
  input: { day: string; reason: string },
): Promise<void> {
  const accountId = await lockCash(tx, ctx);
  const [close] = await tx
    .select()
    .from(dayCloses)
    .where(and(eq(dayCloses.cashAccountId, accountId), eq(dayCloses.day, input.day), closeInForce));
  if (!close) throw notFound('DAY_CLOSE');
  const locked = await lockedThrough(tx, accountId);
  if (locked !== null && locked > input.day) {
    throw conflict(
      said('REOPEN_LATER_DAY_FIRST', {
        locked: await dayIn(tx, ctx, locked),
        day: await dayIn(tx, ctx, input.day),
      }),
    );
  }
  const [row] = await tx
    .insert(dayReopens)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      dayCloseId: close.id,
      day: input.day,
      cashAccountId: accountId,
      amount: -close.difference,
      reason: input.reason,
      reopenedBy: ctx.staffId,
    })
    .returning();
  await tx
    .update(bankAccounts)
    .set({ movementsTotal: sql`${bankAccounts.movementsTotal} - ${close.difference}` })
    .where(eq(bankAccounts.id, accountId));
  await writeAudit(tx, auditOf(ctx, 'dayClose', close.id, 'reopen', close, row));
}
