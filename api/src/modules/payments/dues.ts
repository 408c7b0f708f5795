// Dues, one definition for every screen, total and export (DOMAIN.md, Dues; issue 34).
//
// A member's due is what their completed payments left owing (total - received) minus what later
// payments settled through a "previous dues" line: users.dues keeps exactly that, written in the
// payment's (and the void's) transaction under the member's row lock, and the dashboard's
// member_stats, the Dues tab, the profile and the members export read it.
//
// A payment's still-open due is the same figure spread over the member's payments: later
// settlements pay off the oldest owing first, so what is still owed sits with the newest payments
// that left something owing. For a payment p of a member owing D:
//
//   open(p) = min(p.total - p.received, max(0, D - what the member's later payments left owing))
//
// The open dues of a member's payments add up to D (while D is at most what their payments left
// owing, which the seed's and the payments' tests check). Only members who owe something have open
// payments, so the query reads those members' owing payments through the users dues index and the
// payments (client, user) index, never the branch's whole history.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * (id, open) of every completed payment of the branch's members that still leaves something open.
 * `members` narrows the members read (e.g. those of a page of payments).
 */
export function openDuesSql(clientId: number, branchId: number, members?: SQL): SQL {
  return sql`
    select p.id, least(p.total - p.received, greatest(0, u.dues - coalesce(sum(p.total - p.received) over (
             partition by p.user_id order by p.created_at desc, p.id desc
             rows between unbounded preceding and 1 preceding), 0)))::bigint as open
      from users u join payments p on p.client_id = u.client_id and p.user_id = u.id
     where u.client_id = ${clientId} and u.branch_id = ${branchId} and u.dues > 0
       and p.status = 'completed' and p.total > p.received
       ${members ? sql`and u.id in (${members})` : sql``}`;
}

/** The still-open due of each given payment (0 for a payment that leaves nothing open). */
export async function openDuesOf(
  db: Db | Tx,
  rows: readonly {
    id: number;
    clientId: number;
    branchId: number;
    userId: number;
    total: number;
    received: number;
  }[],
): Promise<Map<number, number>> {
  const open = new Map<number, number>();
  const owing = rows.filter((r) => r.total > r.received);
  if (!owing.length) return open;
  // A page holds one organisation's payments; group by branch to keep each read on its indexes.
  const byBranch = new Map<string, typeof owing>();
  for (const r of owing) {
    const key = `${r.clientId}/${r.branchId}`;
    byBranch.set(key, [...(byBranch.get(key) ?? []), r]);
  }
  for (const list of byBranch.values()) {
    const { clientId, branchId } = list[0]!;
    const members = sql.join(
      [...new Set(list.map((r) => r.userId))].map((id) => sql`${id}`),
      sql`, `,
    );
    const ids = new Set(list.map((r) => r.id));
    const result = await db.execute<{ id: number; open: string }>(openDuesSql(clientId, branchId, members));
    for (const row of result.rows) if (ids.has(Number(row.id))) open.set(Number(row.id), Number(row.open));
  }
  return open;
}
