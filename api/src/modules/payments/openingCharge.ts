// A new member's first period (issue 41, point 2). Adding a member with a fee structure sets a
// validity; before, no payment covered it and the first payment bought the period after it. Now the
// clerk says what happens to it:
//   - 'pay' or 'owing': the period is charged when the member is added, as a payment row of kind
//     'openingCharge' that received nothing (the structure's lines, covering validFrom-validTill, no
//     account, no money moved). The dues machinery reads it as any payment that left something owing
//     (DOMAIN.md, Dues: one figure for the profile, the dues list, the dashboard and the payments'
//     totals), and a void with a reason undoes it like any payment. The next payment settles it
//     first: the Record payment dialog proposes the "previous dues" line alone, and a payment that
//     settles dues while the charge is open covers the charged period (openingCharge on the quote).
//     'pay' only tells the web to open that dialog at once.
//   - 'paidBefore': nothing is charged; the member keeps what was said and the create's audit row
//     who said it and when.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '@app/contract/users';
import { clients, payments, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { issueForPayment } from '../gst/issue.ts';
import { auditOf } from '../../platform/crud.ts';
import { AppError, said } from '../../platform/errors.ts';
import { paymentTallies, tally } from '../books/tallies.ts';
import { branchToday, toUser } from '../users/members.ts';
import { structureLines, structureRow } from './quote.ts';
import { nextReceiptNumber } from './record.ts';

/** Whether a create's first period is charged (a money row written with the member). */
export const chargesFirstPeriod = (input: { firstPeriod: string | null; feeStructureId: number | null }) =>
  (input.firstPeriod === 'pay' || input.firstPeriod === 'owing') && input.feeStructureId !== null;

/** Refuses a charge where the organisation takes no payments here (as createPayment does). */
export async function assertPaymentsTaken(db: Db | Tx, ctx: StaffContext) {
  const [client] = await db
    .select({ paymentDisabled: clients.paymentDisabled })
    .from(clients)
    .where(eq(clients.id, ctx.clientId));
  if (client!.paymentDisabled) throw new AppError(403, 'PAYMENTS_DISABLED', said('PAYMENTS_OFF'));
}

/**
 * Charges the member just created (`member`, inside the create's transaction) their structure's fee
 * for the validity they were added with, left owing. Answers the member as they are after it.
 */
export async function chargeFirstPeriod(tx: Tx, ctx: StaffContext, member: User): Promise<User> {
  const structure = await structureRow(tx, ctx, member.feeStructureId!, 'body.feeStructureId');
  const lines = (await structureLines(tx, ctx, structure)).filter((l) => l.amount > 0);
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (total <= 0) return member;
  const today = ctx.branchToday ?? (await branchToday(tx, ctx.branchId!));
  const number = await nextReceiptNumber(tx, ctx, 'payment', today);
  const [row] = await tx
    .insert(payments)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      userId: member.userId,
      receiptNumber: number.receiptNumber,
      fy: number.fy,
      seq: number.seq,
      feeStructureId: structure.id,
      lines,
      total,
      received: 0,
      // Nothing was received: no account, no movement. The mode is the column's required value only.
      mode: 'cash',
      bankAccountId: null,
      paidOn: today,
      coversFrom: member.validFrom,
      coversTill: member.validTill,
      // A void leaves the validity as it is: the charge bought none, it only said it is owed.
      previousValidTill: member.validTill,
      previousStatus: member.status,
      previousInactiveReason: member.inactiveReason,
      kind: 'openingCharge',
      createdBy: ctx.staffId,
      verifyToken: randomBytes(18).toString('base64url'),
    })
    .returning();
  await tally(tx, { clientId: ctx.clientId, branchId: ctx.branchId!, day: today }, paymentTallies(row!, 1));
  const [updated] = await tx
    .update(users)
    .set({
      dues: sql`${users.dues} + ${total}`,
      duesSince: sql`coalesce(${users.duesSince}, ${today}::date)`,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(users.clientId, ctx.clientId), eq(users.id, member.userId)))
    .returning();
  const after = toUser(updated!);
  await writeAudit(tx, auditOf(ctx, 'user', member.userId, 'openingCharge', member, after));
  await writeAudit(tx, auditOf(ctx, 'payment', row!.id, 'create', null, row));
  // The period is supplied and billed now: at a branch with GST on the charge is its tax invoice (or
  // bill of supply), and the later payment of these dues issues none (issue 44, point 2).
  await issueForPayment(tx, ctx, row!);
  return after;
}
