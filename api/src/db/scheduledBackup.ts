// Backups that happen by themselves (issue 33): with BACKUP_DIR set, the server's main process takes a
// backup (db/backup.ts) when the last one is older than BACKUP_INTERVAL_HOURS, at start and then on a
// timer, keeps the newest BACKUP_KEEP files, and records every attempt in backup_runs. A PostgreSQL
// advisory lock plus that table make several processes or machines on one database take one backup
// per interval, not one each; the lock is a transaction's, so it holds behind PgBouncer too. A
// failure is logged as an error and shown to owners on the dashboard.
// When it is due is read on the database's clock, not the API's (issue 42, point 3), and a backup
// that would not fit on its disk is skipped with that reason instead of filling it (point 2).
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { backupDatabase } from './backup.ts';
import { backupReserve, diskSpace, type DiskSpace } from '../modules/server/disk.ts';

export type BackupSchedule = { dir: string; intervalHours: number; keep: number };

/**
 * A backup's size, guessed before it is written: the last good one's and a quarter more (the data
 * grows between two); before the first, a quarter of the database's size (the demo data measured
 * 0.05 of its size above an empty database's, gzip of JSON lines without indexes).
 */
export const backupEstimate = { lastFactor: 1.25, databaseFactor: 0.25 } as const;
export type BackupLog = {
  info: (msg: string) => void;
  error: (msg: string) => void;
};
export type BackupOutcome =
  | { ran: false; why: 'not due' | 'another process is backing up' }
  | { ran: true; ok: true; file: string; rows: number }
  | { ran: true; ok: false; error: string };

/** Any fixed key: every process of every version asks PostgreSQL for the same one. */
const lockKey = 727_001;
/** A failed backup is tried again after this long (or the interval, when shorter), not every tick. */
const retryAfterFailureMs = 60 * 60 * 1000;
const filePattern = /^library-\d{8}-\d{6}\.backup\.gz$/;

const fileName = (at: Date) =>
  `library-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.backup.gz`;

/**
 * Takes a backup if one is due. Under the advisory lock the newest attempt is read again, so of two
 * processes that both thought one was due, the second sees the first's row and does nothing.
 */
export async function backupIfDue(
  databaseUrl: string,
  schedule: BackupSchedule,
  log: BackupLog,
  now?: () => Date,
  space: (path: string) => DiskSpace = diskSpace,
): Promise<BackupOutcome> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Without a clock of the caller's (tests), the database's: its now() read once, carried on by
    // the time that passes here, so a PC clock moved under the API neither doubles nor skips one.
    now ??= await databaseClock(client);
    // The lock belongs to a transaction kept open for the backup and ends with it (issue 43, point 2):
    // behind a transaction-pooling PgBouncer a session lock stays on whichever server connection took
    // it, and the unlock may run on another, so no process would ever back up again. The attempt's
    // row is committed with the lock's release: whoever takes the lock next sees it.
    await client.query('begin');
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_xact_lock($1) as locked',
        [lockKey],
      );
      if (!rows[0]!.locked) return { ran: false, why: 'another process is backing up' };
      if (!(await isDue(client, schedule, now()))) return { ran: false, why: 'not due' };
      return await takeBackup(client, databaseUrl, schedule, log, now, space);
    } finally {
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
}

async function databaseClock(client: pg.Client): Promise<() => Date> {
  const before = performance.now();
  const { rows } = await client.query<{ ms: string }>(
    `select (extract(epoch from now()) * 1000)::text as ms`,
  );
  const at = Number(rows[0]!.ms);
  return () => new Date(at + (performance.now() - before));
}

/** Why a backup would not fit into its folder's disk, or null when it fits. */
async function noRoom(client: pg.Client, dir: string, space: (path: string) => DiskSpace) {
  const { rows } = await client.query<{ last: string | null; database: string }>(
    `select (select bytes from backup_runs where ok and bytes is not null
              order by finished_at desc, id desc limit 1)::text as last,
            pg_database_size(current_database())::text as database`,
  );
  const last = rows[0]!.last;
  const needed = Math.ceil(
    last === null
      ? Number(rows[0]!.database) * backupEstimate.databaseFactor
      : Number(last) * backupEstimate.lastFactor,
  );
  const disk = space(dir);
  const reserve = backupReserve(disk);
  if (disk.freeBytes - needed >= reserve) return null;
  return (
    `Skipped: not enough free space in ${dir} (about ${megabytes(needed)} needed, ` +
    `${megabytes(disk.freeBytes)} free, ${megabytes(reserve)} kept free for the database).`
  );
}

const megabytes = (bytes: number) =>
  `${Math.max(bytes / 1_000_000, 0).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;

async function isDue(client: pg.Client, schedule: BackupSchedule, at: Date): Promise<boolean> {
  const { rows } = await client.query<{ finished_at: Date; ok: boolean }>(
    'select finished_at, ok from backup_runs order by finished_at desc, id desc limit 1',
  );
  const last = rows[0];
  if (!last) return true;
  const intervalMs = schedule.intervalHours * 3_600_000;
  const waitMs = last.ok ? intervalMs : Math.min(intervalMs, retryAfterFailureMs);
  return at.getTime() - last.finished_at.getTime() >= waitMs;
}

async function takeBackup(
  client: pg.Client,
  databaseUrl: string,
  schedule: BackupSchedule,
  log: BackupLog,
  now: () => Date,
  space: (path: string) => DiskSpace,
): Promise<BackupOutcome> {
  const startedAt = now();
  const name = fileName(startedAt);
  // Written under another name and renamed when whole: a crash never leaves a file that looks done.
  const partial = join(schedule.dir, `${name}.partial`);
  const record = (ok: boolean, fields: { file?: string; bytes?: number; rows?: number; error?: string }) =>
    client.query(
      `insert into backup_runs (started_at, finished_at, ok, file, bytes, rows, error, host)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [startedAt, now(), ok, fields.file, fields.bytes, fields.rows, fields.error, hostname()],
    );
  try {
    mkdirSync(schedule.dir, { recursive: true });
    const skipped = await noRoom(client, schedule.dir, space);
    if (skipped) {
      log.error(`Backup into ${schedule.dir} ${skipped.charAt(0).toLowerCase()}${skipped.slice(1)}`);
      await record(false, { error: skipped });
      return { ran: true, ok: false, error: skipped };
    }
    const report = await backupDatabase(databaseUrl, partial);
    const file = join(schedule.dir, name);
    renameSync(partial, file);
    const bytes = statSync(file).size;
    await record(true, { file: name, bytes, rows: report.rows });
    const removed = prune(schedule.dir, schedule.keep);
    log.info(
      `Backup written: ${file} (${report.rows} rows, ${bytes} bytes)` +
        (removed.length ? `; removed the older ${removed.join(', ')}` : ''),
    );
    return { ran: true, ok: true, file, rows: report.rows };
  } catch (err) {
    removeLeftover(partial);
    const error = (err as Error).message || String(err);
    log.error(`Backup into ${schedule.dir} failed: ${error}`);
    await record(false, { error });
    return { ran: true, ok: false, error };
  }
}

/** A half-written file goes; when the folder itself is the problem there is nothing to remove. */
function removeLeftover(file: string) {
  try {
    rmSync(file, { force: true });
  } catch {
    // ENOTDIR, EACCES: the failure being recorded already says why.
  }
}

/** Keeps the newest `keep` backup files of the folder (by the time in their names); other files stay. */
export function prune(dir: string, keep: number): string[] {
  const backups = readdirSync(dir)
    .filter((f) => filePattern.test(f))
    .sort()
    .reverse();
  const old = backups.slice(keep);
  for (const f of old) rmSync(join(dir, f), { force: true });
  return old;
}

/**
 * Checks every minute (or every interval, when shorter) whether a backup is due, starting now. Ticks
 * never overlap; `stop` waits for a backup under way.
 */
export function scheduleBackups(
  databaseUrl: string,
  schedule: BackupSchedule,
  log: BackupLog,
): { stop: () => Promise<void> } {
  let current: Promise<unknown> | undefined;
  const tick = () => {
    current ??= backupIfDue(databaseUrl, schedule, log)
      .catch((err: unknown) => log.error(`Backup check failed: ${(err as Error).message}`))
      .finally(() => (current = undefined));
  };
  tick();
  const timer = setInterval(tick, Math.min(60_000, schedule.intervalHours * 3_600_000));
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
