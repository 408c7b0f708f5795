import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { backupStatusSchema, type BackupStatus } from '@app/contract/backups';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { backupRuns } from '../../db/schema.ts';

const tags = ['Backups'];

/**
 * The newest scheduled backup for the dashboard. Owners only: a backup holds the whole database, so
 * its state is the owner's business, and other staff get `backup: null` rather than a refusal (the
 * dashboard asks for everyone and shows the line only when there is one).
 */
export function backupRoutes(app: FastifyInstance, db: Db, config: Pick<Config, 'backup'>) {
  app.get('/api/backup/getBackupStatus', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: backupStatusSchema } },
    handler: async (request): Promise<BackupStatus> => {
      if (!request.ctx.isOwner) return { backup: null };
      const [last] = await db
        .select()
        .from(backupRuns)
        .orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id))
        .limit(1);
      if (!last && !config.backup) return { backup: null };
      const [success] =
        last && !last.ok
          ? await db
              .select({ at: backupRuns.finishedAt })
              .from(backupRuns)
              .where(eq(backupRuns.ok, true))
              .orderBy(desc(backupRuns.finishedAt))
              .limit(1)
          : [];
      return {
        backup: {
          scheduled: config.backup !== undefined,
          intervalHours: config.backup?.intervalHours ?? null,
          last: last ? { at: iso(last.finishedAt), ok: last.ok, file: last.file, error: last.error } : null,
          lastSuccessAt: success ? iso(success.at) : null,
        },
      };
    },
  });
}

/** PostgreSQL's text form of a timestamptz ("2026-11-28 05:00:00+00") as ISO 8601 UTC. */
const iso = (at: string) => new Date(at).toISOString();
