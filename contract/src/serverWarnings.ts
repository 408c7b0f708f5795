import { z } from 'zod';

/**
 * A disk the server writes to with little room left (issue 42, point 2): less than 1 GB or 5 % free.
 * `holds` says which of the server's folders live on it (the database's folder, BACKUP_DIR, or both
 * when they share the disk); the byte counts say what uses it, null where the server cannot tell.
 */
export const diskWarningSchema = z.object({
  holds: z.array(z.enum(['database', 'backups'])),
  /** The folder measured (the first of `holds`). */
  path: z.string(),
  freeBytes: z.number(),
  totalBytes: z.number(),
  databaseBytes: z.number().nullable(),
  backupsBytes: z.number().nullable(),
  logsBytes: z.number().nullable(),
});

/**
 * The API's clock and the database's differ by more than 5 minutes (issue 42, point 3). Days and
 * schedules follow the database's clock; the owner is told so someone sets the clock right.
 */
export const clockWarningSchema = z.object({
  /** The database's clock minus the API's, in seconds (positive: the API's clock is behind). */
  offsetSeconds: z.number(),
  /** ISO 8601 instant (the database's clock) the difference was first seen. */
  since: z.string(),
});

export const serverWarningsSchema = z.object({
  /** Null for callers who are neither owners nor allowed to view settings: nothing to show them. */
  warnings: z
    .object({
      disks: z.array(diskWarningSchema),
      clock: clockWarningSchema.nullable(),
    })
    .nullable(),
});

export type DiskWarning = z.infer<typeof diskWarningSchema>;
export type ClockWarning = z.infer<typeof clockWarningSchema>;
export type ServerWarnings = z.infer<typeof serverWarningsSchema>;
