// Backup and restore (issue 20, point 5): `npm run backup` / `npm run restore` as processes, round
// trips on the PostgreSQL of DATABASE_URL and on the embedded server of a data folder (backed up while
// the API runs, restored into a new folder the API then starts on). Equal means every table's rows
// equal, money rows included, not only their counts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import { embeddedUrl, signIn, startServer, waitForUrl, withClient } from '../test/server.ts';
import { seedDemo } from './seed.ts';
import { backupCli } from '../test/backups.ts';
import { backupDatabase, migrateTo, restoreDatabase } from './backup.ts';
import { migrationsFolder } from './client.ts';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const work = mkdtempSync(join(tmpdir(), 'backup-'));
const folders = [work];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

const cli = backupCli;

/** Per table: row count and a digest of every row (in a fixed order), plus the money rows themselves. */
async function contents(url: string) {
  return withClient(url, async (c) => {
    const tables = (
      await c.query<{ t: string }>(
        `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
      )
    ).rows.map((r) => r.t);
    const digest: Record<string, string> = {};
    for (const t of tables) {
      const { rows } = await c.query<{ n: number; d: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${t}" x`,
      );
      digest[t] = `${rows[0]!.n} rows, ${rows[0]!.d}`;
    }
    const money = (
      await c.query(
        `select id, receipt_number, seq, total, received, dues_settled, late_fine, discount, lines, status from payments order by id`,
      )
    ).rows;
    return { digest, money };
  });
}

describe('npm run backup / restore', () => {
  it('round-trips the database of DATABASE_URL, and refuses to restore over data', async () => {
    const source = await freshDatabase();
    const target = await freshDatabase();
    try {
      await seedDemo(source.database.db);
      const file = join(work, 'external.backup.gz');
      const backup = await cli(['backup', '--out', file], { DATABASE_URL: source.url });
      expect(backup.err).toBe('');
      expect(backup.out).toMatch(/^Backed up [\d,]+ rows of \d+ tables to /);
      const restore = await cli(['restore', '--in', file], { DATABASE_URL: target.url });
      expect(restore.err).toBe('');
      const before = await contents(source.url);
      const after = await contents(target.url);
      expect(after.digest).toEqual(before.digest);
      expect(after.money).toEqual(before.money);
      expect(before.money.length).toBeGreaterThan(1000);
      // Ids continue after the restored rows.
      await withClient(target.url, async (c) => {
        const { rows } = await c.query<{ next: number; max: number }>(
          `select nextval(pg_get_serial_sequence('payments', 'id'))::int as next, (select max(id) from payments) as max`,
        );
        expect(rows[0]!.next).toBeGreaterThan(rows[0]!.max);
      });
      const rows = Object.values(before.digest).reduce((n, d) => n + Number(d.split(' ')[0]), 0);
      console.log(
        `backup round trip (DATABASE_URL): ${rows} rows in ${Object.keys(before.digest).length} tables, ` +
          `${before.money.length} payments; every table equal after restore: yes`,
      );

      const again = await cli(['restore', '--in', file], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.err.trim()).toMatch(
        /^The database is not empty \(.* has rows\): restore into a new DATA_DIR/,
      );
      const nothing = await cli(['backup', '--out', join(work, 'x.gz')], { DATA_DIR: join(work, 'none') });
      expect(nothing.err.trim()).toBe(
        `There is no database in ${join(work, 'none')}: set DATA_DIR or DATABASE_URL.`,
      );
      const notABackup = join(work, 'not-a-backup.gz');
      writeFileSync(notABackup, gzipSync('{"hello":1}\n'));
      const wrong = await cli(['restore', '--in', notABackup], { DATABASE_URL: target.url });
      expect(wrong.err.trim()).toBe(`${notABackup} is not a backup made by npm run backup.`);
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);

  it('backs up the embedded server while the API runs, restores into a new folder the API starts on', async () => {
    // Folders of their own: the database server (user postgres) must be able to reach into them.
    const first = mkdtempSync(join(tmpdir(), 'backup-first-'));
    const second = mkdtempSync(join(tmpdir(), 'backup-second-'));
    folders.push(first, second);
    const file = join(work, 'embedded.backup.gz');
    let server = startServer({ PORT: '0', DATA_DIR: first });
    let url = await waitForUrl(server);
    try {
      // A write of this run, so the backup holds more than the seed.
      const token = (await signIn(url)).accessToken;
      const made = await fetch(`${url}/api/category/createCategory`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Made before the backup' }),
      });
      expect(made.status).toBe(201);
      const backup = await cli(['backup', '--out', file], { DATA_DIR: first });
      expect(backup.err).toBe('');
      const before = await contents(embeddedUrl(first));
      server.child.kill('SIGTERM');
      await server.exited;

      const restore = await cli(['restore', '--in', file], { DATA_DIR: second });
      expect(restore.err).toBe('');
      expect(restore.out).toContain(`into the embedded PostgreSQL in ${join(second, 'postgres')}`);
      server = startServer({ PORT: '0', DATA_DIR: second });
      url = await waitForUrl(server);
      expect((await contents(embeddedUrl(second))).digest).toEqual(before.digest);
      const list = await fetch(`${url}/api/category/getCategories?q=backup`, {
        headers: { authorization: `Bearer ${(await signIn(url)).accessToken}` },
      });
      expect((await list.json()).items.map((c: { name: string }) => c.name)).toEqual([
        'Made before the backup',
      ]);
      console.log(
        `backup round trip (embedded): ${before.money.length} payments, ${Object.keys(before.digest).length} tables equal; the API started on the restored folder`,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);

  it('pg_dump and pg_restore round-trip DATABASE_URL, when the pg_dump on PATH can read that server', async (ctx) => {
    // Both set session settings (search_path) that a transaction pooler does not keep from one
    // statement to the next: they go to the primary's own port (docs/operations.md, PgBouncer).
    if (process.env.DATABASE_POOLING === 'transaction') {
      console.log('pg_dump and pg_restore do not go through a transaction pooler: skipped');
      ctx.skip();
    }
    const source = await freshDatabase();
    const target = await freshDatabase();
    try {
      const server = Number(
        await withClient(
          source.url,
          async (c) => (await c.query(`show server_version_num`)).rows[0].server_version_num,
        ),
      );
      let dumpMajor = 0;
      try {
        dumpMajor = Number(/(\d+)\./.exec(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }))![1]);
      } catch {
        dumpMajor = 0;
      }
      if (dumpMajor < Math.floor(server / 10_000)) {
        console.log(
          `pg_dump ${dumpMajor || 'missing'} cannot dump PostgreSQL ${Math.floor(server / 10_000)}: skipped`,
        );
        ctx.skip();
      }
      await seedDemo(source.database.db);
      const file = join(work, 'pg_dump.custom');
      execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${source.url}`]);
      // The target is already migrated: --clean replaces its empty tables with the dump's.
      execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${target.url}`, file]);
      const before = await contents(source.url);
      expect((await contents(target.url)).digest).toEqual(before.digest);
      console.log(`pg_dump round trip (DATABASE_URL): ${Object.keys(before.digest).length} tables equal`);
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);

  it('restores a backup of an older schema and brings it to the current one', async () => {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const older = journal.entries.at(-2)!.when;
    const [old, current] = [await emptyDatabase(), await emptyDatabase()];
    try {
      await migrateTo(old.url, older);
      await withClient(old.url, (c) =>
        c.query(`insert into clients (name) values ('Backed up one version ago')`),
      );
      const file = join(work, 'older.backup.gz');
      await backupDatabase(old.url, file);
      const report = await restoreDatabase(current.url, file);
      expect(report.counts.clients).toBe(1);
      await withClient(current.url, async (c) => {
        const at = await c.query(`select max(created_at)::text as at from drizzle.__drizzle_migrations`);
        expect(Number(at.rows[0].at)).toBe(journal.entries.at(-1)!.when);
        expect((await c.query(`select name from clients`)).rows).toEqual([
          { name: 'Backed up one version ago' },
        ]);
      });
    } finally {
      await old.drop();
      await current.drop();
    }
  }, 60_000);
});

/** A database with nothing in it, not even the migrations (freshDatabase migrates). */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = process.env.DATABASE_URL!;
  await withClient(admin, (c) => c.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
