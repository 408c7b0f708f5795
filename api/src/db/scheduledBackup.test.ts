// Backups that happen by themselves (issue 33, point 3): the schedule, the newest BACKUP_KEEP files,
// one backup among several processes, a failure recorded and shown to owners, and a scheduled file
// restored into an empty folder with every table's rows.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  call,
  createOrg,
  createStaff,
  freshDatabase,
  only,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { backupCli, tableCounts } from '../test/backups.ts';
import { startServer, waitForUrl, withClient } from '../test/server.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { backupIfDue, prune, type BackupLog } from './scheduledBackup.ts';
import { seedDemo } from './seed.ts';

const work = mkdtempSync(join(tmpdir(), 'scheduled-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function recorder(): BackupLog & { errors: string[]; infos: string[] } {
  const errors: string[] = [];
  const infos: string[] = [];
  return { errors, infos, info: (m) => infos.push(m), error: (m) => errors.push(m) };
}

const backupFiles = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.backup.gz')) : [];

describe('backupIfDue', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase();
    await db.database.migrate();
  }, 60_000);
  afterAll(() => db.drop());

  it('takes one when none ran, then not until the interval passed, and keeps the newest BACKUP_KEEP', async () => {
    const dir = join(work, 'schedule');
    const schedule = { dir, intervalHours: 24, keep: 2 };
    let clock = new Date('2026-11-28T05:00:00Z');
    const now = () => clock;
    const log = recorder();

    const first = await backupIfDue(db.url, schedule, log, now);
    expect(first).toMatchObject({ ran: true, ok: true });
    expect(backupFiles(dir)).toEqual(['library-20261128-050000.backup.gz']);
    expect(statSync(join(dir, 'library-20261128-050000.backup.gz')).mode & 0o777).toBe(0o600);
    expect(log.errors).toEqual([]);

    clock = new Date('2026-11-29T04:59:00Z');
    expect(await backupIfDue(db.url, schedule, log, now)).toEqual({ ran: false, why: 'not due' });

    // Another file in the folder is never pruned; only this schedule's backups are counted.
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    for (const at of ['2026-11-29T05:00:00Z', '2026-11-30T05:00:00Z']) {
      clock = new Date(at);
      expect(await backupIfDue(db.url, schedule, log, now)).toMatchObject({ ran: true, ok: true });
    }
    expect(readdirSync(dir).sort()).toEqual([
      'library-20261129-050000.backup.gz',
      'library-20261130-050000.backup.gz',
      'notes.txt',
    ]);
    expect(log.infos.at(-1)).toMatch(/removed the older library-20261128-050000\.backup\.gz/);
  }, 60_000);

  it('of several processes asking at once, one takes the backup', async () => {
    await withClient(db.url, (c) => c.query('delete from backup_runs'));
    const dirs = [1, 2, 3, 4].map((i) => join(work, `together-${i}`));
    const outcomes = await Promise.all(
      dirs.map((dir) => backupIfDue(db.url, { dir, intervalHours: 24, keep: 14 }, recorder())),
    );
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(dirs.flatMap(backupFiles)).toHaveLength(1);
    await withClient(db.url, async (c) => {
      expect((await c.query('select * from backup_runs')).rows).toHaveLength(1);
    });
  }, 60_000);

  it('logs a failure as an error, records why, and tries again after an hour, not every minute', async () => {
    await withClient(db.url, (c) => c.query('delete from backup_runs'));
    const blocker = join(work, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const schedule = { dir: join(blocker, 'backups'), intervalHours: 24, keep: 14 };
    let clock = new Date('2026-11-28T05:00:00Z');
    const log = recorder();
    const failed = await backupIfDue(db.url, schedule, log, () => clock);
    expect(failed).toMatchObject({ ran: true, ok: false, error: expect.stringMatching(/ENOTDIR/) });
    expect(log.errors).toEqual([expect.stringMatching(/^Backup into .*a-file\/backups failed: ENOTDIR/)]);
    clock = new Date('2026-11-28T05:30:00Z');
    expect(await backupIfDue(db.url, schedule, log, () => clock)).toEqual({ ran: false, why: 'not due' });
    clock = new Date('2026-11-28T06:00:00Z');
    expect(await backupIfDue(db.url, schedule, log, () => clock)).toMatchObject({ ran: true, ok: false });
  }, 60_000);

  it('skips a backup that would not fit on its disk, records why, and takes it once room is back (issue 42, point 2)', async () => {
    await withClient(db.url, (c) => c.query('delete from backup_runs'));
    const dir = join(work, 'no-room');
    let clock = new Date('2026-12-01T05:00:00Z');
    const now = () => clock;
    const log = recorder();
    // A 400 MB disk keeps 5 % (20 MB) for the database: with 20 MB and a byte free, no backup fits.
    let freeBytes = 20_000_001;
    const space = () => ({ freeBytes, totalBytes: 400_000_000 });

    const skipped = await backupIfDue(db.url, { dir, intervalHours: 24, keep: 3 }, log, now, space);
    expect(skipped).toMatchObject({ ran: true, ok: false });
    const reason = (skipped as { error: string }).error;
    expect(reason).toMatch(
      /^Skipped: not enough free space in .*no-room \(about [\d.]+ MB needed, 20 MB free, 20 MB kept free for the database\)\.$/,
    );
    expect(backupFiles(dir)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(log.errors).toEqual([`Backup into ${dir} skipped: ${reason.slice('Skipped: '.length)}`]);
    const [row] = (
      await withClient(db.url, (c) =>
        c.query<{ ok: boolean; error: string; file: string | null }>(
          'select ok, error, file from backup_runs',
        ),
      )
    ).rows;
    expect(row).toEqual({ ok: false, error: reason, file: null });

    // Tried again after an hour like any failure, and taken once the disk has room.
    freeBytes = 200_000_000;
    clock = new Date('2026-12-01T06:00:01Z');
    expect(await backupIfDue(db.url, { dir, intervalHours: 24, keep: 3 }, log, now, space)).toMatchObject({
      ran: true,
      ok: true,
    });
    expect(backupFiles(dir)).toHaveLength(1);
  }, 60_000);
});

describe('prune', () => {
  it('keeps the newest by the time in the name, and leaves other files alone', () => {
    const dir = mkdtempSync(join(work, 'prune-'));
    const names = [
      'library-20261101-000000.backup.gz',
      'library-20261103-000000.backup.gz',
      'library-20261102-000000.backup.gz',
      'library-20261104-000000.backup.gz.partial',
      'other.backup.gz',
    ];
    for (const n of names) writeFileSync(join(dir, n), '');
    expect(prune(dir, 1)).toEqual(['library-20261102-000000.backup.gz', 'library-20261101-000000.backup.gz']);
    expect(readdirSync(dir).sort()).toEqual([
      'library-20261103-000000.backup.gz',
      'library-20261104-000000.backup.gz.partial',
      'other.backup.gz',
    ]);
  });
});

describe('GET /api/backup/getBackupStatus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backup: { dir: join(work, 'status'), intervalHours: 24, keep: 14 } });
  }, 60_000);
  afterAll(() => t.close());

  it('shows owners the last attempt and why it failed, and other staff nothing', async () => {
    const org = await createOrg(t);
    const clerk = await createStaff(t, org, only({ users: 'v', payments: 'va' }));
    const get = (token: string) => call(t, token, { method: 'GET', url: '/api/backup/getBackupStatus' });

    let res = await get(org.ownerToken);
    expect(res.json()).toEqual({
      backup: { scheduled: true, intervalHours: 24, last: null, lastSuccessAt: null },
    });

    await t.db.execute(
      sql`insert into backup_runs (started_at, finished_at, ok, file, error, host) values
         ('2026-11-27T05:00:00Z', '2026-11-27T05:00:03Z', true, 'library-20261127-050000.backup.gz', null, 'desk'),
         ('2026-11-28T05:00:00Z', '2026-11-28T05:00:01Z', false, null, 'ENOSPC: no space left on device', 'desk')`,
    );
    res = await get(org.ownerToken);
    expect(res.json()).toEqual({
      backup: {
        scheduled: true,
        intervalHours: 24,
        last: {
          at: '2026-11-28T05:00:01.000Z',
          ok: false,
          file: null,
          error: 'ENOSPC: no space left on device',
        },
        lastSuccessAt: '2026-11-27T05:00:03.000Z',
      },
    });

    res = await get(clerk.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ backup: null });
  });
});

describe('a server started with BACKUP_DIR', () => {
  it('writes a backup within a minute, once among two processes, which restores into an empty folder with every row', async () => {
    const source = await freshDatabase();
    const restored = mkdtempSync(join(tmpdir(), 'scheduled-restore-'));
    const dirs = [join(work, 'server-a'), join(work, 'server-b')];
    await source.database.migrate();
    await seedDemo(source.database.db);
    const servers = dirs.map((dir) =>
      startServer({
        PORT: '0',
        DATA_DIR: join(work, 'unused-data'),
        DATABASE_URL: source.url,
        BACKUP_DIR: dir,
        MESSAGE_TICK_SECONDS: '0',
        WIFI_OUTBOX_INTERVAL_MS: '0',
      }),
    );
    try {
      await Promise.all(servers.map(waitForUrl));
      const started = Date.now();
      while (dirs.flatMap(backupFiles).length === 0 && Date.now() - started < 60_000) {
        await new Promise((r) => setTimeout(r, 250));
      }
      const files = dirs.flatMap((dir) => backupFiles(dir).map((f) => join(dir, f)));
      expect(files, servers.map((s) => s.err()).join('\n')).toHaveLength(1);
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      expect(servers.map((s) => s.out()).join('')).toMatch(/Backup written: /);

      const before = await tableCounts(source.url);
      const restore = await backupCli(['restore', '--in', files[0]!], { DATA_DIR: restored });
      expect(restore.err).toBe('');
      const server = await startEmbeddedPostgres(restored);
      try {
        const after = await tableCounts(server.url);
        // The backup holds the database as it was before its own row in backup_runs was written.
        expect(after).toEqual({ ...before, backup_runs: before.backup_runs! - 1 });
        expect(after.payments).toBeGreaterThan(1000);
        expect(after.users).toBeGreaterThan(100);
      } finally {
        await server.stop();
      }
    } finally {
      for (const s of servers) s.child.kill('SIGKILL');
      await source.drop();
      rmSync(restored, { recursive: true, force: true });
    }
  }, 240_000);
});
