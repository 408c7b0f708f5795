// Backup and restore of the whole database as one gzip file of JSON lines, the same on the embedded
// server and on any PostgreSQL (docs/operations.md, "Backup and restore"). The embedded package ships
// no pg_dump, and Debian's (15) refuses to dump a newer server (18), so the API reads its own tables:
// one REPEATABLE READ snapshot (consistent while the API keeps writing), every row as row_to_json,
// and back with json_populate_recordset (exact types), the way an old PGlite folder is moved in.
import {
  createReadStream,
  createWriteStream,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from './client.ts';
import { resetSequences } from './fromPglite.ts';

const format = 'library-admin-backup';
const batchRows = 2000;

type Header = {
  format: typeof format;
  version: 1;
  createdAt: string;
  server: string;
  /** `when` of the last migration applied to the database backed up (drizzle's created_at). */
  migratedTo: number;
};
type TableLine = { table: string; rows: number };
type EndLine = { end: true; tables: Record<string, number> };

export type BackupReport = { tables: number; rows: number; counts: Record<string, number> };

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function tablesOf(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name);
}

async function migratedTo(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ at: string | null }>(
    `select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.at ?? 0);
}

/** Writes every row of every table of `url` to `file` (gzip, JSON lines) from one snapshot. */
export async function backupDatabase(url: string, file: string): Promise<BackupReport> {
  const client = await connect(url);
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  const write = async (line: object | string) => {
    if (!gzip.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const header: Header = {
      format,
      version: 1,
      createdAt: new Date().toISOString(),
      server: (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v,
      migratedTo: await migratedTo(client),
    };
    await write(header);
    const counts: Record<string, number> = {};
    for (const table of await tablesOf(client)) {
      const rows = (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      counts[table] = rows;
      await write({ table, rows } satisfies TableLine);
      await client.query(
        `declare rows_out no scroll cursor for select row_to_json(t)::text as r from ${table} t`,
      );
      for (;;) {
        const batch = await client.query<{ r: string }>(`fetch ${batchRows} from rows_out`);
        for (const { r } of batch.rows) await write(r);
        if (batch.rows.length < batchRows) break;
      }
      await client.query('close rows_out');
    }
    await write({ end: true, tables: counts } satisfies EndLine);
    await client.query('commit');
    gzip.end();
    await written;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return { tables: Object.keys(counts).length, rows: total, counts };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => {});
    rmSync(file, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}

export class RestoreRefusedError extends Error {}

/**
 * Brings `url` (an empty database) to the backup's migration, loads every row in one transaction,
 * compares every table's count with the backup's, then applies the migrations that came after it
 * (unless `migrateForward` is false): a backup of an older version restores into a newer one.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  opts: { migrateForward?: boolean } = {},
): Promise<BackupReport> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const next = lines[Symbol.asyncIterator]();
  const read = async <T>(): Promise<T | undefined> => {
    const { value, done } = await next.next();
    return done ? undefined : (JSON.parse(value as string) as T);
  };
  let header: Header | undefined;
  try {
    header = await read<Header>();
  } catch {
    header = undefined;
  }
  if (header?.format !== format)
    throw new RestoreRefusedError(`${file} is not a backup made by npm run backup.`);

  const client = await connect(url);
  try {
    await migrateTo(url, header.migratedTo);
    if ((await migratedTo(client)) !== header.migratedTo)
      throw new RestoreRefusedError(
        'The database already has a newer schema than the backup: restore into a new DATA_DIR or an empty database.',
      );
    for (const table of await tablesOf(client)) {
      const { rows } = await client.query(`select 1 from ${table} limit 1`);
      if (rows.length > 0)
        throw new RestoreRefusedError(
          `The database is not empty (${table} has rows): restore into a new DATA_DIR or an empty database.`,
        );
    }
    const counts: Record<string, number> = {};
    await client.query('begin');
    // Triggers (member search words) and foreign keys stay quiet while tables arrive in name order:
    // the rows already satisfied them where they were backed up.
    await client.query('set local session_replication_role = replica');
    let end: EndLine | undefined;
    for (let line = await read<TableLine | EndLine>(); line; line = await read<TableLine | EndLine>()) {
      if ('end' in line) {
        end = line;
        break;
      }
      const { table, rows } = line;
      if (!/^[a-z_][a-z0-9_]*$|^"[^"]+"$/.test(table))
        throw new RestoreRefusedError(`Bad table name in backup: ${table}`);
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(
          `insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        batch = [];
      };
      for (let i = 0; i < rows; i++) {
        const { value, done } = await next.next();
        if (done) throw new RestoreRefusedError(`${file} ends inside ${table}: the backup is incomplete.`);
        batch.push(value as string);
        if (batch.length === batchRows) await flush();
      }
      await flush();
      counts[table] = (
        await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)
      ).rows[0]!.n;
    }
    if (!end) throw new RestoreRefusedError(`${file} has no end mark: the backup is incomplete.`);
    for (const [table, rows] of Object.entries(end.tables)) {
      if (counts[table] !== rows)
        throw new Error(`Restoring ${table} gave ${counts[table] ?? 0} rows; the backup holds ${rows}.`);
    }
    await resetSequences(client);
    await client.query('commit');
    // A backup from an older version: the migrations after it run on the restored rows, as at a start.
    // Left to the server's start instead when asked (api/src/upgrade.test.ts: an upgrade as it happens).
    if (opts.migrateForward !== false) await migrate(drizzle(client), { migrationsFolder });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return { tables: Object.keys(counts).length, rows: total, counts };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    lines.close();
    await client.end();
  }
}

/** Applies the checked-in migrations up to the one applied at `when` (a folder of only those). */
export async function migrateTo(url: string, when: number): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.when === when);
  if (upTo < 0) {
    const newest = journal.entries.at(-1)!.when;
    throw new RestoreRefusedError(
      when > newest
        ? 'The backup was made by a newer version of Library Admin: restore it with that version.'
        : 'The backup names a database migration this version does not know.',
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'restore-migrations-'));
  try {
    mkdirSync(join(folder, 'meta'));
    const entries = journal.entries.slice(0, upTo + 1);
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) cpSync(join(migrationsFolder, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
    const client = await connect(url);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
