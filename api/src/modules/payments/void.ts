// Voiding (DOMAIN.md, Void): the payment keeps its number and prints VOID; it leaves every total, and
// when it is the member's latest completed payment its effect on validity and dues is undone.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { payments, refunds, users } from '../../db/schema.ts';
import { moveMoney } from '../books/movements.ts';
import { paymentTallies, tally } from '../books/tallies.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, said } from '../../platform/errors.ts';
import { toUser } from '../users/members.ts';
import { memberRow } from './quote.ts';
import { paymentRow, type PaymentRow } from './records.ts';
import { issueCreditNote } from '../gst/issue.ts';

export async function voidPayment(
  tx: Tx,
  ctx: StaffContext,
  paymentId: number,
  reason: string,
): Promise<PaymentRow> {
  const payment = await paymentRow(tx, ctx, paymentId, true);
  if (payment.status === 'voided')
    throw conflict(said('RECEIPT_ALREADY_VOID', { receipt: payment.receiptNumber }));
  // The payment row is locked (paymentRow(.., true)): no refund can be added while this runs.
  const [refunded] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  if (refunded!.n > 0) {
    throw conflict(said('RECEIPT_HAS_REFUNDS', { receipt: payment.receiptNumber }));
  }
  // The member's row is locked before the latest payment is read: no payment can slip in between.
  const member = await memberRow(tx, ctx, payment.userId, true);
  const [latest] = await tx
    .select({ id: payments.id, receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(
      and(
        eq(payments.clientId, ctx.clientId),
        eq(payments.userId, member.id),
        eq(payments.status, 'completed'),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  if (latest && latest.id !== payment.id) {
    throw conflict(said('VOID_LATER_FIRST', { receipt: latest.receiptNumber }));
  }

  const [voided] = await tx
    .update(payments)
    .set({ status: 'voided', voidReason: reason, voidedAt: new Date().toISOString(), voidedBy: ctx.staffId })
    .where(eq(payments.id, payment.id))
    .returning();
  // The money leaves the account on the payment's own day (refused once that day's cash book is closed).
  if (payment.bankAccountId !== null)
    await moveMoney(tx, payment.bankAccountId, -payment.received, payment.paidOn);
  await tally(
    tx,
    { clientId: ctx.clientId, branchId: payment.branchId, day: payment.paidOn },
    paymentTallies(payment, -1),
  );

  const dues = Math.max(0, member.dues - (payment.total - payment.received) + payment.duesSettled);
  // Only a renewal moved the validity: an opening charge, or dues paid for the period it charged,
  // covers a period without having extended it (issue 41, point 2).
  const renewedHere =
    payment.kind === 'payment' &&
    payment.feeStructureId !== null &&
    payment.coversTill !== null &&
    member.validTill === payment.coversTill;
  const [updated] = await tx
    .update(users)
    .set({
      dues,
      duesSince: dues === 0 ? null : (member.duesSince ?? (await oldestOwing(tx, ctx, member.id, payment))),
      ...(renewedHere && {
        validTill: payment.previousValidTill!,
        status: payment.previousStatus ?? member.status,
        inactiveReason:
          payment.previousStatus === false
            ? (payment.previousInactiveReason as 'expired' | 'deactivated' | null)
            : null,
      }),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, member.id))
    .returning();
  await writeAudit(tx, auditOf(ctx, 'user', member.id, 'paymentVoided', toUser(member), toUser(updated!)));
  await writeAudit(
    tx,
    auditOf(ctx, 'payment', payment.id, 'void', { status: payment.status }, { status: 'voided', reason }),
  );
  // The void of a tax invoice issues its credit note (issue 44, point 3).
  await issueCreditNote(tx, ctx, payment, { day: ctx.branchToday! });
  return voided!;
}

/** The day of the latest earlier payment that left something owing (where restored dues date from). */
async function oldestOwing(tx: Tx, ctx: StaffContext, userId: number, voided: PaymentRow): Promise<string> {
  const [row] = await tx
    .select({ paidOn: payments.paidOn })
    .from(payments)
    .where(
      and(
        eq(payments.clientId, ctx.clientId),
        eq(payments.userId, userId),
        eq(payments.status, 'completed'),
        ne(payments.id, voided.id),
        sql`${payments.total} > ${payments.received}`,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row?.paidOn ?? voided.paidOn;
}
