// Recording a refund (DOMAIN.md, Refund): the payment's row is locked first, so concurrent refunds of
// one payment queue and each sees the ones before it; the sum never exceeds what was received.
import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '@app/contract/money';
import type { ParsedRefundInput } from '@app/contract/refunds';
import { clients, refunds, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, said } from '../../platform/errors.ts';
import { accountFor, moveMoney } from '../books/movements.ts';
import { tally } from '../books/tallies.ts';
import { memberRow } from '../payments/quote.ts';
import { nextReceiptNumber } from '../payments/record.ts';
import { paymentRow } from '../payments/records.ts';
import { toUser } from '../users/members.ts';
import { issueCreditNote } from '../gst/issue.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** What earlier refunds of a payment add up to. */
export async function refundedSoFar(db: Db | Tx, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return Number(row!.sum);
}

export async function recordRefund(tx: Tx, ctx: StaffContext, input: ParsedRefundInput): Promise<RefundRow> {
  const today = ctx.branchToday!;
  const payment = await paymentRow(tx, ctx, input.paymentId, true);
  if (payment.status === 'voided') {
    throw conflict(said('REFUND_OF_VOID', { receipt: payment.receiptNumber }));
  }
  const refundable = payment.received - (await refundedSoFar(tx, payment.id));
  if (input.amount > refundable) {
    const [client] = await tx.select().from(clients).where(eq(clients.id, ctx.clientId));
    const left = formatMoney(refundable, client!.currency, client!.locale);
    throw conflict(
      refundable === 0
        ? said('REFUNDED_IN_FULL', { receipt: payment.receiptNumber })
        : said('REFUND_LIMIT', { amount: left, receipt: payment.receiptNumber }),
    );
  }
  const bankAccountId = await accountFor(tx, ctx, input.mode, input.bankAccountId);
  const number = await nextReceiptNumber(tx, ctx, 'refund', today);

  await moveMoney(tx, bankAccountId, -input.amount, today);
  await tally(tx, { clientId: ctx.clientId, branchId: ctx.branchId!, day: today }, [
    { kind: 'refund', key: input.mode, amount: input.amount, count: 1 },
  ]);
  // After the money, in a payment's lock order (account, then member), so the two never deadlock.
  const member = input.endMembership ? await memberRow(tx, ctx, payment.userId, true) : null;
  const [row] = await tx
    .insert(refunds)
    .values({
      clientId: ctx.clientId,
      branchId: ctx.branchId!,
      paymentId: payment.id,
      userId: payment.userId,
      refundNumber: number.receiptNumber,
      fy: number.fy,
      seq: number.seq,
      amount: input.amount,
      reason: input.reason,
      mode: input.mode,
      bankAccountId,
      reference: input.reference,
      refundedOn: today,
      endedMembership: input.endMembership,
      previousValidTill: member?.validTill ?? null,
      note: input.note,
      createdBy: ctx.staffId,
    })
    .returning();
  if (member) {
    const [ended] = await tx
      .update(users)
      .set({
        validTill: member.validTill < today ? member.validTill : today,
        status: false,
        inactiveReason: 'deactivated',
        updatedAt: new Date().toISOString(),
      })
      .where(eq(users.id, member.id))
      .returning();
    await writeAudit(tx, auditOf(ctx, 'user', member.id, 'refundEnded', toUser(member), toUser(ended!)));
  }
  await writeAudit(tx, auditOf(ctx, 'refund', row!.id, 'create', null, row));
  // The refund of a tax invoice issues a credit note for it (issue 44, point 3).
  await issueCreditNote(tx, ctx, payment, { day: today, refund: { id: row!.id, amount: row!.amount } });
  return row!;
}
