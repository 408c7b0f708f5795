// Upgrades keep the data (issue 33, point 4): a database written by each earlier release
// (test-fixtures/<release>) is restored at its own schema, the current server starts on it and runs
// the newer migrations itself, and its API answers what the old release answered; every table the
// old release had keeps its rows. A migration that fails stops the start, named, with nothing applied.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateTo, restoreDatabase } from './db/backup.ts';
import { migrationsFolder } from './db/client.ts';
import { freshDatabase } from './test/harness.ts';
import { tableCounts } from './test/backups.ts';
import { apiDir, signIn, startServer, waitForUrl, withClient } from './test/server.ts';
import { upgradeFacts, type UpgradeFacts } from './test/upgradeFacts.ts';

const fixtures = join(apiDir, 'test-fixtures');
// The servers run on DATABASE_URL; DATA_DIR only receives their generated JWT secret.
const dataDir = mkdtempSync(join(tmpdir(), 'upgrade-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const releases = readdirSync(fixtures).filter((f) => existsSync(join(fixtures, f, 'demo.backup.gz')));

/** The row counts the fixture's backup holds (its last line). */
function countsInBackup(file: string): Record<string, number> {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
  return (JSON.parse(lines.at(-1)!) as { tables: Record<string, number> }).tables;
}

describe('a database written by an earlier release', () => {
  it('lists at least the release before this one', () => {
    expect(releases).toContain('0.1.0');
  });

  it.each(releases)(
    'release %s: comes up on the current server with every row, and the API answers as it did',
    async (release) => {
      const file = join(fixtures, release, 'demo.backup.gz');
      const expected = JSON.parse(
        readFileSync(join(fixtures, release, 'facts.json'), 'utf8'),
      ) as UpgradeFacts;
      const target = await freshDatabase({ migrate: false });
      try {
        // At the release's own schema: the newer migrations are left to the server's start.
        await restoreDatabase(target.url, file, { migrateForward: false });
        const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
          entries: { when: number }[];
        };
        const applied = () =>
          withClient(target.url, async (c) =>
            Number((await c.query(`select count(*) as n from drizzle.__drizzle_migrations`)).rows[0].n),
          );
        const before = await applied();
        // What the release wrote is what was there before the current server started: its start
        // may add rows of its own that depend on the day it runs (the expiry sweep audits every
        // member whose validity has ended since the fixture was written, issue 41 point 0).
        const serverStart = await withClient(target.url, async (c) =>
          String((await c.query<{ t: string }>(`select clock_timestamp()::text as t`)).rows[0]!.t),
        );

        const current = startServer({
          PORT: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: target.url,
          MESSAGE_TICK_SECONDS: '0',
          WIFI_OUTBOX_INTERVAL_MS: '0',
        });
        try {
          const url = await waitForUrl(current);
          expect(await applied()).toBe(journal.entries.length);
          console.log(
            `release ${release}: ${journal.entries.length - before} migrations applied by the current server at start`,
          );
          const counts = await tableCounts(target.url);
          counts.audit_log = await withClient(target.url, async (c) =>
            Number(
              (await c.query(`select count(*) as n from audit_log where at < $1::timestamptz`, [serverStart]))
                .rows[0].n,
            ),
          );
          for (const [table, rows] of Object.entries(countsInBackup(file))) {
            // Kept summaries may be rebuilt by a migration; the records themselves keep every row.
            if (
              ![
                'daily_tallies',
                'member_stats',
                'seat_hours',
                'member_terms',
                'member_search_words',
              ].includes(table)
            )
              expect(counts[table], table).toBe(rows);
          }
          const { accessToken } = await signIn(url);
          expect(await upgradeFacts(url, accessToken)).toEqual(expected);
        } finally {
          current.child.kill('SIGKILL');
          await current.exited;
        }
      } finally {
        await target.drop();
      }
    },
    180_000,
  );
});

describe('a migration that fails', () => {
  it('stops the start with one line naming it, and applies none of the pending ones', async () => {
    const target = await freshDatabase({ migrate: false });
    try {
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { when: number; tag: string }[];
      };
      // The newest migration that creates a table, with a table of that name already in the way, and
      // the database two migrations before it: the start applies the one before, then fails.
      const sqlOf = (tag: string) => readFileSync(join(migrationsFolder, `${tag}.sql`), 'utf8');
      const createTable = /CREATE TABLE (?:IF NOT EXISTS )?"([a-z_]+)"/;
      const k = journal.entries.findLastIndex((e) => createTable.test(sqlOf(e.tag)));
      const [beforeLast, last] = [journal.entries[k - 1]!, journal.entries[k]!];
      await migrateTo(target.url, journal.entries[k - 2]!.when);
      const table = sqlOf(last.tag).match(createTable)![1]!;
      await withClient(target.url, (c) => c.query(`create table "${table}" (in_the_way int)`));

      const server = startServer({
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: target.url,
        MESSAGE_TICK_SECONDS: '0',
      });
      expect(await server.exited).not.toBe(0);
      const lines = server.err().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^Database migration ${last.tag} failed: relation "${table}" already exists\\. None of this start's migrations was applied`,
        ),
      );
      const tags = await withClient(target.url, async (c) =>
        Number((await c.query(`select count(*) as n from drizzle.__drizzle_migrations`)).rows[0].n),
      );
      expect(tags, `${beforeLast.tag} was rolled back with it`).toBe(k - 1);
    } finally {
      await target.drop();
    }
  }, 120_000);
});
