// What must hold in the database after any crash or race: every acknowledged write is there, receipt
// numbers are unique and gapless per organisation, branch and financial year (and their counters
// agree), and every member's dues equal what their completed payments left owing.
import type pg from 'pg';
import type { WriteTally } from './writeLoad.ts';

export type WriteFigures = {
  acked: number;
  found: number;
  lost: number;
  /** Series (branch x financial year) whose numbers are not exactly 1..n, or whose counter disagrees. */
  brokenSeries: number;
  duplicateReceipts: number;
  duesDisagree: number;
  /** Payments of the run's members beyond those acknowledged: a retried payment recorded twice. */
  extraPayments: number;
  series: number;
};

export async function checkWrites(c: pg.Client, tally: WriteTally): Promise<WriteFigures> {
  const mobiles = tally.members.map((m) => m.mobile);
  const membersFound = (
    await c.query<{ n: number }>(
      `select count(distinct (id, mobile))::int as n from users where (id, mobile) in (select * from unnest($1::int[], $2::text[]))`,
      [tally.members.map((m) => m.id), mobiles],
    )
  ).rows[0]!.n;
  const paymentsFound = (
    await c.query<{ n: number }>(
      `select count(*)::int as n from payments where receipt_number = any($1::text[]) and status = 'completed'`,
      [tally.receipts],
    )
  ).rows[0]!.n;
  // 1..n exactly: n numbers, all distinct, the smallest 1 and the largest n.
  const series = await c.query<{ gapless: boolean; counter_agrees: boolean }>(`
    select count(distinct p.seq) = count(*) and min(p.seq) = 1 and max(p.seq) = count(*) as gapless,
           coalesce(max(k.last) = count(*), false) as counter_agrees
    from payments p
    left join receipt_counters k
      on k.client_id = p.client_id and k.branch_id = p.branch_id and k.fy = p.fy and k.series = 'payment'
    group by p.client_id, p.branch_id, p.fy`);
  const duplicates = (
    await c.query<{ n: number }>(
      `select count(*)::int as n from (select receipt_number from payments group by client_id, receipt_number having count(*) > 1) d`,
    )
  ).rows[0]!.n;
  const dues = (
    await c.query<{ n: number }>(
      `select count(*)::int as n from users u
       left join lateral (
         select coalesce(sum(total - received - dues_settled), 0) as owed
         from payments p where p.user_id = u.id and p.status = 'completed') s on true
       where u.id = any($1::int[]) and u.dues <> greatest(s.owed, 0)`,
      [tally.members.map((m) => m.id)],
    )
  ).rows[0]!.n;
  const ofMembers = (
    await c.query<{ n: number }>(`select count(*)::int as n from payments where user_id = any($1::int[])`, [
      tally.members.map((m) => m.id),
    ])
  ).rows[0]!.n;
  const acked = tally.members.length + tally.receipts.length;
  const found = membersFound + paymentsFound;
  return {
    acked,
    found,
    lost: acked - found,
    brokenSeries: series.rows.filter((r) => !r.gapless || !r.counter_agrees).length,
    duplicateReceipts: duplicates,
    duesDisagree: dues,
    extraPayments: ofMembers - paymentsFound,
    series: series.rowCount ?? 0,
  };
}
