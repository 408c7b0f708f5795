// Backups that happen by themselves (issue 33): with BACKUP_DIR set, the server's main process takes a
// backup (db/backup.ts) when the last one is older than BACKUP_INTERVAL_HOURS, at start and then on a
// timer, keeps the newest BACKUP_KEEP files, and records every attempt in backup_runs. A PostgreSQL
// advisory lock plus that table make several processes or machines on one database take one backup
// per interval, not one each. A failure is logged as an error and shown to owners on the dashboard.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { backupDatabase } from './backup.ts';

export type BackupSchedule = { dir: string; intervalHours: number; keep: number };
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
  now: () => Date = () => new Date(),
): Promise<BackupOutcome> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      lockKey,
    ]);
    if (!rows[0]!.locked) return { ran: false, why: 'another process is backing up' };
    try {
      if (!(await isDue(client, schedule, now()))) return { ran: false, why: 'not due' };
      return await takeBackup(client, databaseUrl, schedule, log, now);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [lockKey]);
    }
  } finally {
    await client.end();
  }
}

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
