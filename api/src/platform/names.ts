// The names shown beside a row's ids (member, account, staff, category, receipt, room, package, ...),
// fetched with one query per kind for a whole page or export batch: a page costs a few queries, not
// one per row. Money records carry them (payments, refunds, expenses) and CSV exports write them.
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bankAccounts,
  branches,
  categories,
  feeStructures,
  feeTypes,
  packages,
  payments,
  rooms,
  staff,
  staffRoles,
  users,
} from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';
import { runAll } from '../db/runAll.ts';

/** Organisation-owned rows whose one name column is all an id needs beside it. */
const plainKinds = {
  structures: { table: feeStructures, name: feeStructures.name },
  accounts: { table: bankAccounts, name: bankAccounts.accountName },
  staff: { table: staff, name: staff.staffName },
  categories: { table: categories, name: categories.name },
  rooms: { table: rooms, name: rooms.name },
  packages: { table: packages, name: packages.packageName },
  branches: { table: branches, name: branches.name },
  feeTypes: { table: feeTypes, name: feeTypes.name },
  roles: { table: staffRoles, name: staffRoles.name },
} satisfies Record<string, { table: { id: AnyPgColumn; clientId: AnyPgColumn }; name: AnyPgColumn }>;

type PlainKind = keyof typeof plainKinds;

export type NameIds = Partial<Record<PlainKind | 'members' | 'payments', (number | null)[]>>;

export type Names = Record<PlainKind, Map<number, string>> & {
  members: Map<number, { name: string; mobile: string }>;
  /** Receipt number and day of each payment. */
  payments: Map<number, { receiptNumber: string; paidOn: string; received: number }>;
};

const distinct = (values: (number | null)[] = []) => [
  ...new Set(values.filter((v): v is number => v !== null)),
];

export async function namesFor(db: Db | Tx, clientId: number, want: NameIds): Promise<Names> {
  const queries: Record<string, () => Promise<{ id: number }[]>> = {};
  for (const [kind, { table, name }] of Object.entries(plainKinds)) {
    const ids = distinct(want[kind as PlainKind]);
    if (ids.length === 0) continue;
    queries[kind] = () =>
      db
        .select({ id: table.id, name })
        .from(table)
        .where(and(eq(table.clientId, clientId), inArray(table.id, ids)));
  }
  const memberIds = distinct(want.members);
  if (memberIds.length > 0) {
    queries.members = () =>
      db
        .select({ id: users.id, name: users.name, mobile: users.mobile })
        .from(users)
        .where(and(eq(users.clientId, clientId), inArray(users.id, memberIds)));
  }
  const paymentIds = distinct(want.payments);
  if (paymentIds.length > 0) {
    queries.payments = () =>
      db
        .select({
          id: payments.id,
          receiptNumber: payments.receiptNumber,
          paidOn: payments.paidOn,
          received: payments.received,
        })
        .from(payments)
        .where(and(eq(payments.clientId, clientId), inArray(payments.id, paymentIds)));
  }
  const kinds = Object.keys(queries);
  const results: Record<string, { id: number }[]> = {};
  const rows = await runAll<{ id: number }[][]>(
    db,
    kinds.map((kind) => queries[kind]!),
  );
  kinds.forEach((kind, i) => (results[kind] = rows[i]!));
  const map = <T>(kind: string, value: (row: never) => T) =>
    new Map((results[kind] ?? []).map((row) => [row.id, value(row as never)]));
  const plain = Object.fromEntries(
    Object.keys(plainKinds).map((kind) => [kind, map(kind, (r: { name: string }) => r.name)]),
  ) as Record<PlainKind, Map<number, string>>;
  return {
    ...plain,
    members: map('members', (r: { name: string; mobile: string }) => ({ name: r.name, mobile: r.mobile })),
    payments: map('payments', (r: { receiptNumber: string; paidOn: string; received: number }) => r),
  };
}
