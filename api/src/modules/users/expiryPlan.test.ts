// The expiry sweep's plan (issue 35, point 6): on a members table shaped like the members bench's
// (one branch, every member active, validities ahead) the statement the code sends must walk the
// partial index of active members, not read the whole table. Planned as the app's statements are
// (with their values: a custom plan) and as a plan that cannot see the date (a generic plan).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { freshDatabase } from '../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import { branchExpirySql } from './members.ts';

const members = 30_000;
let db: Db;
let drop: () => Promise<void>;
let clientId: number;
let branchId: number;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  drop = fresh.drop;
  const client = await db.execute<{ id: number }>(
    sql`insert into clients (name) values ('Plan') returning id`,
  );
  clientId = client.rows[0]!.id;
  const branch = await db.execute<{ id: number }>(
    sql`insert into branches (client_id, name) values (${clientId}, 'Main') returning id`,
  );
  branchId = branch.rows[0]!.id;
  // The search-word triggers are beside the point and slow a bulk load down.
  await db.execute(sql`alter table users disable trigger user`);
  await db.execute(sql`insert into users (client_id, branch_id, name, mobile, status, valid_from, valid_till, joined_on)
    select ${clientId}, ${branchId}, 'Member ' || i, '9' || lpad(i::text, 9, '0'), true,
           date '2026-10-01', date '2026-12-01' + (i % 300), date '2026-10-01'
      from generate_series(1, ${members}) as g(i)`);
  await db.execute(sql`alter table users enable trigger user`);
  await db.execute(sql`vacuum analyze users`);
}, 120_000);
afterAll(() => drop());

/** The plan of the sweep's statement, prepared as the driver sends it ($1, $2, ...). */
async function planOf(mode: 'force_custom_plan' | 'force_generic_plan'): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(branchExpirySql(clientId, branchId, '2026-11-28'));
  const values = params.map((p) => (typeof p === 'number' ? String(p) : `'${String(p)}'`)).join(', ');
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
    await tx.execute(sql.raw(`prepare expiry_sweep as ${text}`));
    const plan = await tx.execute<{ 'QUERY PLAN': string }>(
      sql.raw(`explain execute expiry_sweep(${values})`),
    );
    await tx.execute(sql.raw('deallocate expiry_sweep'));
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('the expiry sweep', () => {
  it.each(['force_custom_plan', 'force_generic_plan'] as const)(
    'reads the partial index of active members (%s)',
    async (mode) => {
      const plan = await planOf(mode);
      expect(plan, plan).toMatch(/Index Scan (using|on) users_client_branch_active_valid_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on users/);
    },
  );
});
