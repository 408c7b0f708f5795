// What a renewal costs and buys (DOMAIN.md, Renewal and Late fine): shared by the quote route and by
// createPayment, so the dialog shows exactly what the server will charge.
import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentLine, PaymentQuote } from '@app/contract/payments';
import { feeStructures, feeTypes, payments, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { fieldError, notFound, validationFailed } from '../../platform/errors.ts';
import { openDuesOf } from './dues.ts';

export type MemberRow = typeof users.$inferSelect;
export type StructureRow = typeof feeStructures.$inferSelect;

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The member of the caller's branch, locked for the payment's transaction when asked. */
export async function memberRow(db: Db | Tx, ctx: StaffContext, userId: number, lock = false) {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.clientId, ctx.clientId), eq(users.branchId, ctx.branchId!), eq(users.id, userId)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('MEMBER');
  return row;
}

/** An active structure of the organisation that applies to the caller's branch. */
export async function structureRow(db: Db | Tx, ctx: StaffContext, id: number, path: string) {
  const [row] = await db
    .select()
    .from(feeStructures)
    .where(and(eq(feeStructures.clientId, ctx.clientId), eq(feeStructures.id, id)));
  const applies = row && row.status && (row.branchIds === null || row.branchIds.includes(ctx.branchId!));
  if (!applies) throw validationFailed([fieldError(path, 'FEE_STRUCTURE_NOT_OFFERED')]);
  return row;
}

/** The structure's lines with the fee types' names as they are now: the snapshot a payment keeps. */
export async function structureLines(
  db: Db | Tx,
  ctx: StaffContext,
  structure: StructureRow,
): Promise<PaymentLine[]> {
  const typeIds = structure.lines.map((l) => l.feeTypeId);
  const names = new Map(
    typeIds.length
      ? (
          await db
            .select({ id: feeTypes.id, name: feeTypes.name })
            .from(feeTypes)
            .where(and(eq(feeTypes.clientId, ctx.clientId), inArray(feeTypes.id, typeIds)))
        ).map((t) => [t.id, t.name])
      : [],
  );
  return structure.lines.map((l) => ({
    feeTypeId: l.feeTypeId,
    name: names.get(l.feeTypeId) ?? '',
    amount: l.amount,
  }));
}

/** Days late and the proposed fine: per day past validTill + grace days, capped (cap 0 = none). */
export function lateFineFor(structure: StructureRow, validTill: string, today: string) {
  const daysLate = Math.max(0, daysBetween(addDays(validTill, structure.graceDays), today));
  const uncapped = daysLate * structure.finePerDay;
  return { daysLate, lateFine: structure.fineCap > 0 ? Math.min(uncapped, structure.fineCap) : uncapped };
}

/** The validity a renewal buys: from the later of today and the day after validTill. */
export function renewalPeriod(structure: StructureRow, validTill: string, today: string) {
  const dayAfter = addDays(validTill, 1);
  const coversFrom = dayAfter > today ? dayAfter : today;
  return { coversFrom, coversTill: addDays(coversFrom, structure.durationDays - 1) };
}

/**
 * The member's opening charge while some of it is still owed: what is open, and the period it
 * charged. The oldest owing is settled first, so a payment settling dues settles this first.
 */
export async function openOpeningCharge(
  db: Db | Tx,
  ctx: StaffContext,
  member: { id: number; dues: number },
): Promise<{ receiptNumber: string; due: number; coversFrom: string; coversTill: string } | null> {
  if (member.dues <= 0) return null;
  const [charge] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.clientId, ctx.clientId),
        eq(payments.branchId, ctx.branchId!),
        eq(payments.userId, member.id),
        eq(payments.kind, 'openingCharge'),
        eq(payments.status, 'completed'),
      ),
    )
    .limit(1);
  if (!charge || charge.coversFrom === null || charge.coversTill === null) return null;
  const due = (await openDuesOf(db, [charge])).get(charge.id) ?? 0;
  if (due <= 0) return null;
  return {
    receiptNumber: charge.receiptNumber,
    due,
    coversFrom: charge.coversFrom,
    coversTill: charge.coversTill,
  };
}

export async function quote(
  db: Db | Tx,
  ctx: StaffContext,
  member: MemberRow,
  structure: StructureRow | null,
): Promise<PaymentQuote> {
  const today = ctx.branchToday!;
  const lines = structure ? await structureLines(db, ctx, structure) : [];
  const fine = structure ? lateFineFor(structure, member.validTill, today) : { daysLate: 0, lateFine: 0 };
  const period = structure
    ? renewalPeriod(structure, member.validTill, today)
    : { coversFrom: null, coversTill: null };
  const linesTotal = lines.reduce((sum, l) => sum + l.amount, 0);
  return {
    userId: member.id,
    memberName: member.name,
    today,
    currentValidTill: member.validTill,
    feeStructureId: structure?.id ?? null,
    lines,
    daysLate: fine.daysLate,
    lateFine: fine.lateFine,
    dues: member.dues,
    total: linesTotal + fine.lateFine + member.dues,
    ...period,
    openingCharge: await openOpeningCharge(db, ctx, member),
  };
}
