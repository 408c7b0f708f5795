import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, min, sql } from 'drizzle-orm';
import { backupStatusSchema, type BackupStatus } from '@app/contract/backups';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { backupRuns, clients, staff } from '../../db/schema.ts';
import type { StaffContext } from '../../platform/auth.ts';

const tags = ['Backups'];

/**
 * Whether the caller runs the server (issue 45, point 7): the server's backups hold every
 * organisation on it, so they are not any owner's business. With OPERATOR_EMAILS, the staff account
 * first made on the server with one of those e-mails (an organisation registered later with the same
 * e-mail is not it); without, an owner of the first organisation.
 */
export async function isOperator(
  db: Db,
  ctx: Pick<StaffContext, 'staffId' | 'clientId' | 'isOwner'>,
  operatorEmails: readonly string[] | undefined,
): Promise<boolean> {
  if (operatorEmails?.length) {
    const [me] = await db
      .select({ email: sql<string>`lower(${staff.email})` })
      .from(staff)
      .where(and(eq(staff.id, ctx.staffId), eq(staff.status, 'active')));
    if (!me || !operatorEmails.includes(me.email)) return false;
    const [first] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(sql`lower(${staff.email})`, me.email))
      .orderBy(asc(staff.id))
      .limit(1);
    return first?.id === ctx.staffId;
  }
  if (!ctx.isOwner) return false;
  const [first] = await db.select({ id: min(clients.id) }).from(clients);
  return first?.id === ctx.clientId;
}

/**
 * The newest scheduled backup for the dashboard. The server's operator only (isOperator): a backup
 * holds the whole database, and everyone else gets `backup: null` rather than a refusal (the
 * dashboard asks for everyone and shows the line only when there is one).
 */
export function backupRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<Config, 'backup' | 'operatorEmails'>,
) {
  app.get('/api/backup/getBackupStatus', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: backupStatusSchema } },
    handler: async (request): Promise<BackupStatus> => {
      if (!(await isOperator(db, request.ctx, config.operatorEmails))) return { backup: null };
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
