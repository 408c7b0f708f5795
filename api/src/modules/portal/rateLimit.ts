// The member page's API answers without a sign-in, so its callers get small allowances per minute
// (issue 37). The same counter bounds pause requests and the entrance screens' calls.
//
// What is counted (issue 45, point 7): an address's failed look-ups (unknown, revoked or malformed
// tokens), and each member's own reads. Behind a proxy every member may share one address; counting
// their reads by address let 150 wrong tokens from anyone there turn the right ones away (429). The
// address is the client's own only behind a proxy TRUST_PROXY names (config.ts); otherwise it is the
// connection's peer, and a forwarded header the caller wrote is not believed.
//
// Counted in PostgreSQL (issue 43, point 3): kept in each process, N servers behind a balancer let N
// times the allowance through. One row per key (`rate_windows`), its window started on the database's
// clock, so every server agrees when a minute is over; the upsert counts under the row's lock, so
// concurrent calls on any servers never count one twice or lose one. No session state: it works
// through a transaction-pooling PgBouncer.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type Allowance = { perMinute: number };

/** Rows of windows over for this long are deleted now and then by `take`. */
const keepSeconds = 120;

/**
 * Counts per key in a minute's window; `over` asks without counting, `take` counts. `scope` names
 * the counter (keys of two counters never meet).
 */
export function windowCounter(db: Db, scope: string, { perMinute }: Allowance) {
  const keyOf = (key: string) => `${scope}:${key}`;
  return {
    /** True when the key used up its allowance in this window (nothing is counted). */
    async over(key: string): Promise<boolean> {
      const { rows } = await db.execute<{ count: number }>(sql`
        select count from rate_windows
         where key = ${keyOf(key)} and started_at > now() - interval '1 minute'`);
      return (rows[0]?.count ?? 0) >= perMinute;
    },
    /** Counts one for the key; true when it was still within its allowance. */
    async take(key: string): Promise<boolean> {
      const { rows } = await db.execute<{ count: number }>(sql`
        insert into rate_windows as w (key, started_at, count) values (${keyOf(key)}, now(), 1)
        on conflict (key) do update set
          started_at = case when w.started_at > now() - interval '1 minute' then w.started_at else now() end,
          count = case when w.started_at > now() - interval '1 minute' then w.count + 1 else 1 end
        returning count`);
      const count = rows[0]!.count;
      // Old windows go now and then (a new window is the moment), so the table stays small without a timer.
      if (count === 1 && Math.random() < 0.02) {
        await db.execute(
          sql`delete from rate_windows where started_at < now() - make_interval(secs => ${keepSeconds})`,
        );
      }
      return count <= perMinute;
    },
  };
}
