import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Both drivers expose the same query builder; the PGlite type stands for either.
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the checked-in drizzle-kit migrations. */
  migrate(): Promise<void>;
  serverVersion(): Promise<string>;
  close(): Promise<void>;
};

/**
 * PGlite when no URL is given (a data folder, or memory when dataDir is undefined), otherwise a
 * PostgreSQL server through a pool. Same schema, same migrations, same queries.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const client = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    serverVersion: () => version(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // Keep a broken pool member from crashing the process; the query that used it fails instead.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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
    migrate: () => migratePg(db as never, { migrationsFolder }),
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
