import { and, eq } from 'drizzle-orm';
import type { Refund } from '@app/contract/refunds';
import { refunds } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { namesFor } from '../../platform/names.ts';
import type { RefundRow } from './record.ts';

export async function toRefunds(db: Db | Tx, clientId: number, rows: RefundRow[]): Promise<Refund[]> {
  const names = await namesFor(db, clientId, {
    members: rows.map((r) => r.userId),
    accounts: rows.map((r) => r.bankAccountId),
    staff: rows.map((r) => r.createdBy),
    payments: rows.map((r) => r.paymentId),
  });
  return rows.map((row) => {
    const member = names.members.get(row.userId);
    return {
      id: row.id,
      branchId: row.branchId,
      paymentId: row.paymentId,
      receiptNumber: names.payments.get(row.paymentId)?.receiptNumber ?? '',
      userId: row.userId,
      memberName: member?.name ?? '',
      memberMobile: member?.mobile ?? '',
      refundNumber: row.refundNumber,
      amount: row.amount,
      reason: row.reason,
      mode: row.mode,
      bankAccountId: row.bankAccountId,
      bankAccountName: names.accounts.get(row.bankAccountId) ?? null,
      reference: row.reference,
      refundedAt: row.refundedOn,
      endedMembership: row.endedMembership,
      note: row.note,
      createdBy: row.createdBy,
      createdByName: names.staff.get(row.createdBy) ?? null,
      createdAt: new Date(row.createdAt).toISOString(),
    };
  });
}

/** The stored refund row of the caller's organisation and branch; 404 for any other. */
export async function refundRow(db: Db | Tx, ctx: StaffContext, refundId: number): Promise<RefundRow> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.clientId, ctx.clientId), eq(refunds.branchId, ctx.branchId!), eq(refunds.id, refundId)),
    );
  if (!row) throw notFound('REFUND');
  return row;
}

/** A refund as the API shows it (the refund receipt builds on this). */
export async function refundById(db: Db | Tx, ctx: StaffContext, refundId: number): Promise<Refund> {
  return (await toRefunds(db, ctx.clientId, [await refundRow(db, ctx, refundId)]))[0]!;
}
