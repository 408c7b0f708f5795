import { and, eq, inArray } from 'drizzle-orm';
import type { Payment } from '@app/contract/payments';
import { bankAccounts, feeStructures, payments, staff, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Names shown beside a payment's ids: the member as they are now, structure, account, staff. */
type Names = {
  members: Map<number, { name: string; mobile: string }>;
  structures: Map<number, string>;
  accounts: Map<number, string>;
  staff: Map<number, string>;
};

const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

/** One query per kind of name for any number of payments (a page costs five queries, not 1 + 4n). */
export async function namesFor(db: Db | Tx, clientId: number, rows: PaymentRow[]): Promise<Names> {
  const memberIds = ids(rows.map((r) => r.userId));
  const structureIds = ids(rows.map((r) => r.feeStructureId));
  const accountIds = ids(rows.map((r) => r.bankAccountId));
  const staffIds = ids(rows.map((r) => r.createdBy));
  const queries = [
    () =>
      memberIds.length
        ? db
            .select({ id: users.id, name: users.name, mobile: users.mobile })
            .from(users)
            .where(and(eq(users.clientId, clientId), inArray(users.id, memberIds)))
        : [],
    () =>
      structureIds.length
        ? db
            .select({ id: feeStructures.id, name: feeStructures.name })
            .from(feeStructures)
            .where(and(eq(feeStructures.clientId, clientId), inArray(feeStructures.id, structureIds)))
        : [],
    () =>
      accountIds.length
        ? db
            .select({ id: bankAccounts.id, name: bankAccounts.accountName })
            .from(bankAccounts)
            .where(and(eq(bankAccounts.clientId, clientId), inArray(bankAccounts.id, accountIds)))
        : [],
    () =>
      staffIds.length
        ? db
            .select({ id: staff.id, name: staff.staffName })
            .from(staff)
            .where(and(eq(staff.clientId, clientId), inArray(staff.id, staffIds)))
        : [],
  ] as const;
  // A transaction holds one connection: its queries go one after another; the pool runs them at once.
  const inTransaction = 'rollback' in db;
  const [m, f, a, s] = (
    inTransaction ? await sequence(queries) : await Promise.all(queries.map((q) => q()))
  ) as [
    { id: number; name: string; mobile: string }[],
    { id: number; name: string }[],
    { id: number; name: string }[],
    { id: number; name: string }[],
  ];
  return {
    members: new Map(m.map((r) => [r.id, { name: r.name, mobile: r.mobile }])),
    structures: new Map(f.map((r) => [r.id, r.name])),
    accounts: new Map(a.map((r) => [r.id, r.name])),
    staff: new Map(s.map((r) => [r.id, r.name])),
  };
}

async function sequence(queries: readonly (() => unknown)[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results;
}

export function toPayment(row: PaymentRow, names: Names): Payment {
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
    due: row.total - row.received,
    mode: row.mode,
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
  const names = await namesFor(db, clientId, rows);
  return rows.map((row) => toPayment(row, names));
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
  if (!row) throw notFound('Payment');
  return row;
}

/** One payment as the API shows it (the receipt builds on this). */
export async function paymentById(db: Db | Tx, ctx: StaffContext, paymentId: number): Promise<Payment> {
  const row = await paymentRow(db, ctx, paymentId);
  return (await toPayments(db, ctx.clientId, [row]))[0]!;
}
