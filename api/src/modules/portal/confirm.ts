// Confirming a member's UPI claim (issue 37): the claim row is locked, so of any number of confirms at
// once exactly one records the payment, through the counter's own code (recordPayment: receipt
// number, renewal, dues, books; the member's door and WiFi follow their validity), with its receipt
// message, in one transaction with the claim's new state.
import { and, eq, sql } from 'drizzle-orm';
import { paymentInputSchema } from '@app/contract/payments';
import { upiClaims, upiRequests } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { AppError, conflict, notFound, said } from '../../platform/errors.ts';
import { enqueueReceipt } from '../messages/receipts.ts';
import { memberRow, renewalPeriod, structureLines, structureRow } from '../payments/quote.ts';
import { recordPayment } from '../payments/record.ts';
import type { PaymentRow } from '../payments/records.ts';
import { liveLinkUrl, type LinkSecrets } from './links.ts';
import { assignHeldSeat, heldForClaim } from './seatHolds.ts';

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

type RequestRow = typeof upiRequests.$inferSelect;

/** The payment a confirm records: the request as the page quoted it, paid with the claimed amount. */
function claimPayment(claim: ClaimRow, offered: RequestRow) {
  const renewal = offered.purpose === 'renewal';
  return paymentInputSchema.parse({
    userId: claim.userId,
    feeStructureId: renewal ? offered.feeStructureId : null,
    duesSettled: offered.dues,
    // The fine as quoted on the page: on a later day the counter would propose more, and the member
    // paid what they were shown.
    ...(renewal && {
      lateFine: offered.lateFine,
      lateFineWaiverReason: `UPI ${offered.reference}, quoted ${offered.quotedOn}`,
    }),
    received: claim.amount,
    mode: 'upi',
    bankAccountId: offered.bankAccountId,
    reference: claim.utr,
    note: `UPI ${offered.reference}`,
  });
}

export type ConfirmQuote = {
  feeStructureName: string | null;
  coversFrom: string | null;
  coversTill: string | null;
  total: number;
  owing: number;
  seat: { roomName: string; seatNumber: number } | null;
};

/**
 * What confirming the pending claim would record today, computed as recordPayment does with the
 * confirm's own input: the structure's lines now, the dues and fine as quoted, the renewal from the
 * member's validity end; owing = total - claimed (issue 41, point 6). Null where the confirm would
 * be refused (the structure no longer offered at the branch, the member gone from it).
 */
export async function confirmQuote(
  db: Db | Tx,
  ctx: StaffContext,
  claim: ClaimRow,
  offered: RequestRow,
): Promise<ConfirmQuote | null> {
  try {
    const input = claimPayment(claim, offered);
    const structure =
      input.feeStructureId === null
        ? null
        : await structureRow(db, ctx, input.feeStructureId, 'feeStructureId');
    const member = await memberRow(db, ctx, claim.userId);
    const lines = structure ? (await structureLines(db, ctx, structure)).filter((l) => l.amount > 0) : [];
    const charged = lines.reduce((sum, l) => sum + l.amount, 0);
    const total = charged + input.duesSettled + (input.lateFine ?? 0) - input.discount;
    const period = structure ? renewalPeriod(structure, member.validTill, ctx.branchToday!) : null;
    const hold = await heldForClaim(db, claim);
    return {
      feeStructureName: structure?.name ?? null,
      coversFrom: period?.coversFrom ?? null,
      coversTill: period?.coversTill ?? null,
      total,
      owing: Math.max(0, total - claim.amount),
      seat: hold ? { roomName: hold.roomName, seatNumber: hold.seatNumber } : null,
    };
  } catch (err) {
    // The structure no longer offered, the member moved to another branch: the confirm says why.
    if (err instanceof AppError) return null;
    throw err;
  }
}

export async function confirmClaim(
  tx: Tx,
  ctx: StaffContext,
  claimId: number,
  links: { receipt: (payment: PaymentRow) => string; member: LinkSecrets },
): Promise<PaymentRow> {
  const claim = await pendingClaim(tx, ctx, claimId);
  const [offered] = await tx.select().from(upiRequests).where(eq(upiRequests.id, claim.requestId));
  const input = claimPayment(claim, offered!);
  // Booked to the account the member was quoted and paid, even one switched off since (issue 45,
  // point 3): a refusal naming body.bankAccountId would name a field staff never sent.
  // The seat the member chose for this renewal on their page becomes theirs (issue 45, point 5),
  // before the payment: a member coming back is checked for the seat they will hold.
  await assignHeldSeat(tx, ctx, claim);
  const payment = await recordPayment(tx, { ...ctx, quotedAccountId: offered!.bankAccountId }, input);
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
