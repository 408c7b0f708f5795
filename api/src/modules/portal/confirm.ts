// Confirming a member's UPI claim (issue 37): the claim row is locked, so of any number of confirms at
// once exactly one records the payment, through the counter's own code (recordPayment: receipt
// number, renewal, dues, books; the member's door and WiFi follow their validity), with its receipt
// message, in one transaction with the claim's new state.
import { and, eq, sql } from 'drizzle-orm';
import { paymentInputSchema } from '@app/contract/payments';
import { upiClaims, upiRequests } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, notFound, said } from '../../platform/errors.ts';
import { enqueueReceipt } from '../messages/receipts.ts';
import { recordPayment } from '../payments/record.ts';
import type { PaymentRow } from '../payments/records.ts';
import { liveLinkUrl, type LinkSecrets } from './links.ts';

type ClaimRow = typeof upiClaims.$inferSelect;

/** The pending claim of the caller's branch, locked for the transaction. */
export async function pendingClaim(tx: Tx, ctx: StaffContext, claimId: number): Promise<ClaimRow> {
  const [claim] = await tx
    .select()
    .from(upiClaims)
    .where(
      and(
        eq(upiClaims.clientId, ctx.clientId),
        eq(upiClaims.branchId, ctx.branchId!),
        eq(upiClaims.id, claimId),
      ),
    )
    .for('update');
  if (!claim) throw notFound('RECORD');
  if (claim.status !== 'pending') throw conflict(said('UPI_CLAIM_DECIDED'));
  return claim;
}

export async function confirmClaim(
  tx: Tx,
  ctx: StaffContext,
  claimId: number,
  links: { receipt: (payment: PaymentRow) => string; member: LinkSecrets },
): Promise<PaymentRow> {
  const claim = await pendingClaim(tx, ctx, claimId);
  const [offered] = await tx.select().from(upiRequests).where(eq(upiRequests.id, claim.requestId));
  const renewal = offered!.purpose === 'renewal';
  const input = paymentInputSchema.parse({
    userId: claim.userId,
    feeStructureId: renewal ? offered!.feeStructureId : null,
    duesSettled: offered!.dues,
    // The fine as quoted on the page: on a later day the counter would propose more, and the member
    // paid what they were shown.
    ...(renewal && {
      lateFine: offered!.lateFine,
      lateFineWaiverReason: `UPI ${offered!.reference}, quoted ${offered!.quotedOn}`,
    }),
    received: claim.amount,
    mode: 'upi',
    bankAccountId: offered!.bankAccountId,
    reference: claim.utr,
    note: `UPI ${offered!.reference}`,
  });
  const payment = await recordPayment(tx, ctx, input);
  await enqueueReceipt(tx, ctx, {
    kind: 'paymentReceipt',
    id: payment.id,
    userId: payment.userId,
    number: payment.receiptNumber,
    amount: payment.received,
    link: links.receipt(payment),
    memberLink: await liveLinkUrl(tx, links.member, ctx.clientId, payment.userId),
  });
  const [after] = await tx
    .update(upiClaims)
    .set({ status: 'confirmed', paymentId: payment.id, decidedBy: ctx.staffId, decidedAt: sql`now()` })
    .where(eq(upiClaims.id, claim.id))
    .returning();
  await writeAudit(tx, auditOf(ctx, 'upiClaim', claim.id, 'confirm', claim, after));
  return payment;
}

export async function rejectClaim(tx: Tx, ctx: StaffContext, claimId: number, reason: string) {
  const claim = await pendingClaim(tx, ctx, claimId);
  const [after] = await tx
    .update(upiClaims)
    .set({ status: 'rejected', rejectReason: reason, decidedBy: ctx.staffId, decidedAt: sql`now()` })
    .where(eq(upiClaims.id, claim.id))
    .returning();
  await writeAudit(tx, auditOf(ctx, 'upiClaim', claim.id, 'reject', claim, after));
  return after!;
}
