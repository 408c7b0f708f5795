import { z } from 'zod';

/** The newest scheduled backup attempt (issue 33), as owners see it on the dashboard. */
export const backupRunSchema = z.object({
  /** ISO 8601 instant the attempt ended. */
  at: z.string(),
  ok: z.boolean(),
  /** The file's name in BACKUP_DIR, when it succeeded. */
  file: z.string().nullable(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
});

export const backupStatusSchema = z.object({
  /**
   * Null when there is nothing to show this caller: not an owner, or no scheduled backups (this
   * server has no BACKUP_DIR and none ever ran).
   */
  backup: z
    .object({
      /** BACKUP_DIR is set on this server. */
      scheduled: z.boolean(),
      intervalHours: z.number().nullable(),
      last: backupRunSchema.nullable(),
      /** The newest successful attempt, when the last one failed. */
      lastSuccessAt: z.string().nullable(),
    })
    .nullable(),
});

export type BackupStatus = z.infer<typeof backupStatusSchema>;
