// Backups (issue 33).
import { bigint, boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled backups (BACKUP_DIR, db/scheduledBackup.ts): one row per attempt, whichever process or
 * machine took it. Not an organisation's row: a backup holds the whole database. The newest row says
 * when the next one is due, so several processes on one database take one backup, not one each, and
 * owners see on the dashboard when the last one ran and why it failed.
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }).notNull(),
  ok: boolean('ok').notNull(),
  /** The file's name in the BACKUP_DIR of the host that wrote it. */
  file: text('file'),
  bytes: bigint('bytes', { mode: 'number' }),
  rows: bigint('rows', { mode: 'number' }),
  error: text('error'),
  host: text('host').notNull(),
});
