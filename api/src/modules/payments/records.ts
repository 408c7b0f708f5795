import { and, eq } from 'drizzle-orm';
import type { Payment } from '@app/contract/payments';
import { payments } from '../../db/schema.ts';
import { namesFor, type Names } from '../../platform/names.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { openDuesOf } from './dues.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Names shown beside a payment's ids: the member as they are now, structure, account, staff. */
export const paymentNames = (db: Db | Tx, clientId: number, rows: PaymentRow[]) =>
  namesFor(db, clientId, {
    members: rows.map((r) => r.userId),
    structures: rows.map((r) => r.feeStructureId),
    accounts: rows.map((r) => r.bankAccountId),
    staff: rows.map((r) => r.createdBy),
  });

/** `open`: the payment's still-open due (openDuesOf); 0 when it leaves nothing open. */
export function toPayment(row: PaymentRow, names: Names, open: number): Payment {
  const member = names.members.get(row.userId);
  return {
    id: row.id,
    branchId: row.branchId,
    userId: row.userId,
    memberName: member?.name ?? '',
    memberMobile: member?.mobile ?? '',
    receiptNumber: row.receiptNumber,
    feeStructureId: row.feeStructureId,
    feeStructureName: row.feeStructureId === null ? null : (names.structures.get(row.feeStructureId) ?? null),
    lines: row.lines,
    duesSettled: row.duesSettled,
    lateFine: row.lateFine,
    lateFineWaiverReason: row.lateFineWaiverReason,
    discount: row.discount,
    discountReason: row.discountReason,
    total: row.total,
    received: row.received,
    due: row.status === 'completed' ? open : 0,
    leftOwing: row.total - row.received,
    mode: row.mode,
    kind: row.kind,
    bankAccountId: row.bankAccountId,
    bankAccountName: row.bankAccountId === null ? null : (names.accounts.get(row.bankAccountId) ?? null),
    reference: row.reference,
    paidAt: row.paidOn,
    coversFrom: row.coversFrom,
    coversTill: row.coversTill,
    previousValidTill: row.previousValidTill,
    note: row.note,
    createdBy: row.createdBy,
    createdByName: names.staff.get(row.createdBy) ?? null,
    status: row.status,
    voidReason: row.voidReason,
    voidedAt: row.voidedAt === null ? null : new Date(row.voidedAt).toISOString(),
    verifyPath: `/r/${row.verifyToken}`,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export async function toPayments(db: Db | Tx, clientId: number, rows: PaymentRow[]): Promise<Payment[]> {
  const [names, open] = await Promise.all([paymentNames(db, clientId, rows), openDuesOf(db, rows)]);
  return rows.map((row) => toPayment(row, names, open.get(row.id) ?? 0));
}

/** The stored payment row of the caller's organisation and branch; 404 for any other. */
export async function paymentRow(db: Db | Tx, ctx: StaffContext, paymentId: number, lock = false) {
  const q = db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.clientId, ctx.clientId),
        eq(payments.branchId, ctx.branchId!),
        eq(payments.id, paymentId),
      ),
    );
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('PAYMENT');
  return row;
}

/** One payment as the API shows it (the receipt builds on this). */
export async function paymentById(db: Db | Tx, ctx: StaffContext, paymentId: number): Promise<Payment> {
  const row = await paymentRow(db, ctx, paymentId);
  return (await toPayments(db, ctx.clientId, [row]))[0]!;
}
