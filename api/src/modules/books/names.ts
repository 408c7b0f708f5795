// The names shown beside a money row's ids (member, account, staff, category, receipt), fetched with
// one query per kind for a whole page: a page costs a few queries, not one per row.
import { and, eq, inArray } from 'drizzle-orm';
import { bankAccounts, categories, feeStructures, payments, staff, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { runAll } from '../../db/runAll.ts';

export type NameIds = {
  members?: (number | null)[];
  structures?: (number | null)[];
  accounts?: (number | null)[];
  staff?: (number | null)[];
  categories?: (number | null)[];
  payments?: (number | null)[];
};

export type Names = {
  members: Map<number, { name: string; mobile: string }>;
  structures: Map<number, string>;
  accounts: Map<number, string>;
  staff: Map<number, string>;
  categories: Map<number, string>;
  /** Receipt number and day of each payment. */
  payments: Map<number, { receiptNumber: string; paidOn: string; received: number }>;
};

const distinct = (values: (number | null)[] = []) => [
  ...new Set(values.filter((v): v is number => v !== null)),
];

export async function namesFor(db: Db | Tx, clientId: number, want: NameIds): Promise<Names> {
  const idsOf = {
    members: distinct(want.members),
    structures: distinct(want.structures),
    accounts: distinct(want.accounts),
    staff: distinct(want.staff),
    categories: distinct(want.categories),
    payments: distinct(want.payments),
  };
  const queries = {
    members: () =>
      db
        .select({ id: users.id, name: users.name, mobile: users.mobile })
        .from(users)
        .where(and(eq(users.clientId, clientId), inArray(users.id, idsOf.members))),
    structures: () =>
      db
        .select({ id: feeStructures.id, name: feeStructures.name })
        .from(feeStructures)
        .where(and(eq(feeStructures.clientId, clientId), inArray(feeStructures.id, idsOf.structures))),
    accounts: () =>
      db
        .select({ id: bankAccounts.id, name: bankAccounts.accountName })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.clientId, clientId), inArray(bankAccounts.id, idsOf.accounts))),
    staff: () =>
      db
        .select({ id: staff.id, name: staff.staffName })
        .from(staff)
        .where(and(eq(staff.clientId, clientId), inArray(staff.id, idsOf.staff))),
    categories: () =>
      db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(and(eq(categories.clientId, clientId), inArray(categories.id, idsOf.categories))),
    payments: () =>
      db
        .select({
          id: payments.id,
          receiptNumber: payments.receiptNumber,
          paidOn: payments.paidOn,
          received: payments.received,
        })
        .from(payments)
        .where(and(eq(payments.clientId, clientId), inArray(payments.id, idsOf.payments))),
  };
  const kinds = (Object.keys(queries) as (keyof typeof queries)[]).filter((k) => idsOf[k].length > 0);
  const results: Record<string, { id: number }[]> = {};
  const rows = await runAll<{ id: number }[][]>(
    db,
    kinds.map((kind) => queries[kind]),
  );
  kinds.forEach((kind, i) => (results[kind] = rows[i]!));
  const map = <T>(kind: keyof typeof queries, value: (row: never) => T) =>
    new Map((results[kind] ?? []).map((row) => [row.id, value(row as never)]));
  return {
    members: map('members', (r: { name: string; mobile: string }) => ({ name: r.name, mobile: r.mobile })),
    structures: map('structures', (r: { name: string }) => r.name),
    accounts: map('accounts', (r: { name: string }) => r.name),
    staff: map('staff', (r: { name: string }) => r.name),
    categories: map('categories', (r: { name: string }) => r.name),
    payments: map('payments', (r: { receiptNumber: string; paidOn: string; received: number }) => r),
  };
}
