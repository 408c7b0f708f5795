import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { join } from 'node:path';
import { apiRoot } from '../version.ts';
import * as schema from './schema.ts';
import { applyMigrations } from './migrations.ts';
import type { DatabasePooling } from '../config.ts';

export const migrationsFolder = join(apiRoot, 'drizzle');

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'postgres';
  /** Applies the checked-in drizzle-kit migrations; a failure throws MigrationFailedError naming one. */
  migrate(): Promise<void>;
  serverVersion(): Promise<string>;
  close(): Promise<void>;
  /**
   * Whether the API is starting its embedded server again after it died (db/keeper.ts): a request
   * that could not reach the database then answers 503 DATABASE_RESTARTING. Absent: never.
   */
  restarting?: () => boolean;
};

/**
 * A PostgreSQL server through a pool: the embedded server of DATA_DIR (db/embedded.ts) or the one
 * DATABASE_URL names. One driver, one code path (docs/decisions/platform.md, "Embedded PostgreSQL").
 */
export async function openDatabase(opts: {
  databaseUrl: string;
  /** 'transaction': DATABASE_URL is a transaction-pooling PgBouncer (DATABASE_POOLING, config.ts). */
  pooling?: DatabasePooling;
}): Promise<Database> {
  return openPostgres(opts.databaseUrl, opts.pooling ?? 'session');
}

/**
 * A connection that sends every statement unnamed: a query's `name` (a named prepared statement,
 * db/prepared.ts, memberWrites.ts, platform/auth.ts) is dropped before it is sent. Behind a
 * transaction-pooling PgBouncer each transaction may run on another server connection, so a
 * statement prepared on one is missing on the next ("prepared statement ... does not exist") or
 * already there ("... already exists"); pg also remembers what it prepared per client connection,
 * which the pooler no longer matches. Unnamed, each statement is parsed and planned where it runs,
 * within its own round trip (Parse, Bind, Execute, Sync), as every other statement is.
 */
export class UnnamedStatementClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [first, ...rest] = args;
    const query = super.query as (...a: unknown[]) => never;
    if (first && typeof first === 'object' && 'name' in first && !('submit' in first)) {
      const { name: _dropped, ...unnamed } = first as { name?: string };
      return query.call(this, unnamed, ...rest);
    }
    return query.call(this, first, ...rest);
  }
}

/**
 * How long a request may wait for one of the pool's connections. Under load requests queue here
 * (100 callers, 10 connections: a few seconds on a busy machine, bench/src/load-bench.ts); past this
 * the answer is 503 with Retry-After (platform/errors.ts), never a 500.
 */
export const poolWaitMs = 30_000;

async function openPostgres(url: string, pooling: DatabasePooling): Promise<Database> {
  // Reachable at all? Asked once with a short timeout, so a wrong DATABASE_URL fails the start fast.
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await probe.connect();
    await probe.query('select 1');
  } catch (err) {
    throw new DatabaseUnreachableError(
      `Cannot reach PostgreSQL at ${redact(url)}: ${(err as Error).message}`,
    );
  } finally {
    await probe.end().catch(() => {});
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: poolWaitMs,
    ...(pooling === 'transaction' && { Client: UnnamedStatementClient }),
  });
  // Keep a broken pool member from crashing the process; the query that used it fails instead.
  pool.on('error', () => {});
  // The same for a member checked out between two statements (a transaction's) when its server ends
  // (the embedded server killed, issue 42): pg emits 'error' on it, which nobody else listens to.
  // The transaction's next statement fails instead, and the pool drops the member on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => applyMigrations(db, migrationsFolder),
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
