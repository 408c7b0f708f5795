// Moves a data folder written by the former default engine (PGlite, in DATA_DIR/pglite) into the
// embedded PostgreSQL server once, with nothing lost: both sides are brought to the same migration,
// every table is copied as JSON batches (json_populate_recordset keeps every type exact), sequences
// follow, and the row counts of every table are compared before the old folder is renamed aside
// (kept until the user removes it).
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from './client.ts';

const batchRows = 5000;

export type MoveReport = { tables: number; rows: number; keptAt: string };

/** The old folder, when there is one still to move. */
export function pgliteFolder(dataDir: string): string | null {
  const folder = join(dataDir, 'pglite');
  return existsSync(join(folder, 'PG_VERSION')) ? folder : null;
}

/** Copies every row of the PGlite folder into `url` (already migrated and empty), then renames the folder aside. */
export async function moveFromPglite(folder: string, url: string): Promise<MoveReport> {
  const source = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } });
  const target = new pg.Client({ connectionString: url });
  await target.connect();
  try {
    // The old folder may be a few migrations behind: bring it to the same schema first.
    await migrate(drizzle(source), { migrationsFolder });
    const tables = (
      await source.query<{ name: string }>(
        `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows.map((r) => r.name);
    let rows = 0;
    await target.query('begin');
    // Triggers (member search words) and foreign keys stay quiet while tables arrive in any order:
    // the copied rows already satisfied them in the source.
    await target.query('set local session_replication_role = replica');
    for (const table of tables) {
      await target.query(`delete from ${table}`);
      for (let offset = 0; ; offset += batchRows) {
        const { rows: batch } = await source.query<{ data: string | null }>(
          `select json_agg(t)::text as data from (select * from ${table} order by ctid limit ${batchRows} offset ${offset}) t`,
        );
        const data = batch[0]?.data;
        if (!data) break;
        const result = await target.query(
          `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
          [data],
        );
        rows += result.rowCount ?? 0;
      }
    }
    await resetSequences(target);
    // Compared inside the same transaction: a mismatch rolls everything back, the old folder stays.
    for (const table of tables) {
      const [a, b] = await Promise.all([
        source.query<{ n: number }>(`select count(*)::int as n from ${table}`),
        target.query<{ n: number }>(`select count(*)::int as n from ${table}`),
      ]);
      if (a.rows[0]!.n !== b.rows[0]!.n) {
        throw new Error(
          `Moving ${table} from PGlite lost rows: ${a.rows[0]!.n} there, ${b.rows[0]!.n} here.`,
        );
      }
    }
    await target.query('commit');
    await source.close();
    const keptAt = `${folder}-moved-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}`;
    renameSync(folder, keptAt);
    return { tables: tables.length, rows, keptAt };
  } catch (err) {
    await target.query('rollback').catch(() => {});
    await source.close().catch(() => {});
    throw err;
  } finally {
    await target.end();
  }
}

/** Every serial column's sequence continues after the highest id copied. */
export async function resetSequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(`
    select s.oid::regclass::text as seq, quote_ident(t.relname) as tbl, quote_ident(a.attname) as col
    from pg_class s
    join pg_depend d on d.objid = s.oid and d.deptype = 'a'
    join pg_class t on t.oid = d.refobjid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    join pg_namespace n on n.oid = t.relnamespace
    where s.relkind = 'S' and n.nspname = 'public'`);
  for (const { seq, tbl, col } of rows) {
    await client.query(`select setval('${seq}', coalesce((select max(${col}) from ${tbl}), 0) + 1, false)`);
  }
}
