// Money into and out of accounts (DOMAIN.md, Bank and cash accounts; Cash book and day close).
// Every money row names its account (cash names the branch's cash account), and every write moves
// the account's movementsTotal in the same transaction: a balance is one row read, and the UPDATE's
// row lock orders each cash entry against the day close that would lock its day.
import { and, eq, sql } from 'drizzle-orm';
import { formatDay } from '@app/contract/dayFormat';
import { bankAccounts, clients, dayCloses, dayReopens } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { AppError, fieldError, said, validationFailed } from '../../platform/errors.ts';

type Mode = 'cash' | 'upi' | 'card' | 'bankTransfer' | 'cheque';

/** The branch's cash account (made with the branch by a trigger, migration 0008). */
export async function cashAccountId(tx: Tx, clientId: number, branchId: number): Promise<number> {
  const [row] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.clientId, clientId),
        eq(bankAccounts.branchId, branchId),
        eq(bankAccounts.kind, 'cash'),
      ),
    );
  if (!row) throw new Error(`Branch ${branchId} has no cash account`);
  return row.id;
}

/**
 * Accounts that serve the caller's branch (DOMAIN.md: an account tied to a branch serves that branch
 * only; an organisation-wide one serves every branch). Cash accounts are always tied to their branch.
 */
export const servesBranch = (ctx: StaffContext) =>
  sql`(${bankAccounts.branchId} is null or ${bankAccounts.branchId} = ${ctx.branchId})`;

/**
 * The account a money row names: the branch's cash account for cash, else the chosen account, which
 * must be an active bank account of the organisation that serves the caller's branch (issue 34).
 * Cash names no account or this branch's cash account: another branch's cash account is refused as
 * another branch's bank account is, and a bank account is not cash; neither is quietly replaced by
 * this branch's cash (issue 41, point 3).
 */
export async function accountFor(
  tx: Tx,
  ctx: StaffContext,
  mode: Mode,
  bankAccountId: number | null,
  path = 'body.bankAccountId',
): Promise<number> {
  if (mode === 'cash') {
    const own = await cashAccountId(tx, ctx.clientId, ctx.branchId!);
    if (bankAccountId === null || bankAccountId === own) return own;
    const [named] = await tx
      .select({ kind: bankAccounts.kind, branchId: bankAccounts.branchId })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.clientId, ctx.clientId), eq(bankAccounts.id, bankAccountId)));
    const code =
      named?.kind === 'cash' || (named && named.branchId !== null && named.branchId !== ctx.branchId)
        ? 'BANK_ACCOUNT_OTHER_BRANCH'
        : 'BRANCH_CASH_ACCOUNT_ONLY';
    throw validationFailed([fieldError(path, code)]);
  }
  if (bankAccountId !== null && bankAccountId === ctx.quotedAccountId) {
    // The account a member paid by UPI as quoted (issue 45, point 3): whatever became of it since.
    const [quoted] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.clientId, ctx.clientId),
          eq(bankAccounts.id, bankAccountId),
          eq(bankAccounts.kind, 'bank'),
        ),
      );
    if (quoted) return quoted.id;
  }
  const [account] = await tx
    .select({
      id: bankAccounts.id,
      status: bankAccounts.status,
      kind: bankAccounts.kind,
      branchId: bankAccounts.branchId,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.clientId, ctx.clientId), eq(bankAccounts.id, bankAccountId!)));
  if (!account?.status || account.kind !== 'bank') {
    throw validationFailed([fieldError(path, 'BANK_ACCOUNT_INACTIVE')]);
  }
  if (account.branchId !== null && account.branchId !== ctx.branchId) {
    throw validationFailed([fieldError(path, 'BANK_ACCOUNT_OTHER_BRANCH')]);
  }
  return account.id;
}

/** 409 naming the day, as the organisation writes dates: cash rows up to a closed day are locked. */
export async function dayClosed(tx: Tx, accountId: number, day: string, lockedThrough: string) {
  const [row] = await tx
    .select({ locale: clients.locale })
    .from(bankAccounts)
    .innerJoin(clients, eq(clients.id, bankAccounts.clientId))
    .where(eq(bankAccounts.id, accountId));
  const locale = row?.locale ?? 'en';
  return new AppError(
    409,
    'CONFLICT',
    said('CASH_DAY_LOCKED', { locked: formatDay(lockedThrough, locale), day: formatDay(day, locale) }),
  );
}

/** A close still in force: not reopened (a reopen row names it). */
export const closeInForce = sql`not exists (select 1 from ${dayReopens} r where r.day_close_id = ${dayCloses.id})`;

/** The latest closed day of a cash account's branch (closes in force only), or null. */
export async function lockedThrough(tx: Tx, cashAccountId: number): Promise<string | null> {
  const [row] = await tx
    .select({ day: sql<string | null>`max(${dayCloses.day})::text` })
    .from(dayCloses)
    .where(and(eq(dayCloses.cashAccountId, cashAccountId), closeInForce));
  return row?.day ?? null;
}

/**
 * Moves `delta` (minor units, + in, - out) on the account for a row dated `day`. On a cash account
 * the day must be after the branch's latest closed day; the row lock taken by the UPDATE makes a
 * concurrent day close wait for this transaction (or this one wait for the close).
 */
export async function moveMoney(tx: Tx, accountId: number, delta: number, day: string): Promise<void> {
  const [account] = await tx
    .update(bankAccounts)
    .set({ movementsTotal: sql`${bankAccounts.movementsTotal} + ${delta}` })
    .where(eq(bankAccounts.id, accountId))
    .returning({ kind: bankAccounts.kind });
  if (account?.kind !== 'cash') return;
  const locked = await lockedThrough(tx, accountId);
  if (locked !== null && day <= locked) throw await dayClosed(tx, accountId, day, locked);
}
