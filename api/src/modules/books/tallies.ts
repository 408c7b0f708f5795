// The daily tallies the dashboard and analytics read (issue 13), kept in the money row's transaction.
// The SQL function refresh_money_tallies (migration 0009) computes the same from the rows: the tests
// compare the two.
import { sql } from 'drizzle-orm';
import { dailyTallies } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';

export type TallyEntry = { kind: string; key: string; amount: number; count: number };

/** Adds the entries (negative to take back: a void) to the branch's tallies of `day`. */
export async function tally(
  tx: Tx,
  where: { clientId: number; branchId: number; day: string },
  entries: TallyEntry[],
): Promise<void> {
  if (!entries.length) return;
  // Merged and in key order: one row per key, locks taken in the same order by every writer.
  const merged = new Map<string, TallyEntry>();
  for (const e of entries) {
    const id = `${e.kind}\u0000${e.key}`;
    const seen = merged.get(id);
    merged.set(
      id,
      seen ? { ...seen, amount: seen.amount + e.amount, count: seen.count + e.count } : { ...e },
    );
  }
  const rows = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, e]) => e);
  await tx
    .insert(dailyTallies)
    .values(rows.map((e) => ({ ...where, ...e })))
    .onConflictDoUpdate({
      target: [
        dailyTallies.clientId,
        dailyTallies.branchId,
        dailyTallies.kind,
        dailyTallies.day,
        dailyTallies.key,
      ],
      set: {
        amount: sql`${dailyTallies.amount} + excluded.amount`,
        count: sql`${dailyTallies.count} + excluded.count`,
      },
    });
}

type PaymentLike = {
  mode: string;
  received: number;
  feeStructureId: number | null;
  lines: { feeTypeId: number | null; amount: number }[];
};

/** What a completed payment adds (sign 1) or a void takes back (sign -1). */
export function paymentTallies(p: PaymentLike, sign: 1 | -1): TallyEntry[] {
  return [
    { kind: 'payment', key: p.mode, amount: sign * p.received, count: sign },
    ...(p.feeStructureId !== null ? [{ kind: 'renewal', key: '', amount: 0, count: sign }] : []),
    ...p.lines
      .filter((l) => l.feeTypeId !== null)
      .map((l) => ({ kind: 'feeType', key: String(l.feeTypeId), amount: sign * l.amount, count: sign })),
  ];
}

export function expenseTallies(e: { mode: string; categoryId: number; amount: number }, sign: 1 | -1) {
  return [
    { kind: 'expense', key: e.mode, amount: sign * e.amount, count: sign },
    { kind: 'expenseCategory', key: String(e.categoryId), amount: sign * e.amount, count: sign },
  ];
}
