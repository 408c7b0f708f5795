import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { join } from 'node:path';
import { apiRoot } from '../version.ts';
import * as schema from './schema.ts';

export const migrationsFolder = join(apiRoot, 'drizzle');

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'postgres';
  /** Applies the checked-in drizzle-kit migrations. */
  migrate(): Promise<void>;
  serverVersion(): Promise<string>;
  close(): Promise<void>;
};

/**
 * A PostgreSQL server through a pool: the embedded server of DATA_DIR (db/embedded.ts) or the one
 * DATABASE_URL names. One driver, one code path (docs/decisions.md, "Embedded PostgreSQL").
 */
export async function openDatabase(opts: { databaseUrl: string }): Promise<Database> {
  return openPostgres(opts.databaseUrl);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // Keep a broken pool member from crashing the process; the query that used it fails instead.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end();
    throw new DatabaseUnreachableError(
      `Cannot reach PostgreSQL at ${redact(url)}: ${(err as Error).message}`,
    );
  }
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    serverVersion: () => version(db),
    close: () => pool.end(),
  };
}

async function version(db: Db): Promise<string> {
  const rows = await db.execute<{ v: string }>(sql`select current_setting('server_version') as v`);
  return String(rows.rows[0]?.v ?? 'unknown');
}

export class DatabaseUnreachableError extends Error {}

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
