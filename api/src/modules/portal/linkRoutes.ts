// Staff make and end a member's personal link from the member profile (issue 37). Permission: users
// edit, as for the member's other contact details; the member must be in the caller's active branch.
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  createLinkQuerySchema,
  portalLinkSchema,
  portalRevokeSchema,
  portalUserQuerySchema,
} from '@app/contract/portal';
import { users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { createLink, revokeLinks, type LinkSecrets } from './links.ts';
import { sendLink } from './sendLink.ts';

const tags = ['Member page'];
const access = { access: { module: 'users' as const, action: 'edit' as const, branch: 'required' as const } };

async function branchMember(tx: Tx, ctx: StaffContext, userId: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, ctx.clientId), eq(users.branchId, ctx.branchId!), eq(users.id, userId)))
    .for('update');
  if (!row) throw notFound('MEMBER');
}

export function linkRoutes(app: FastifyInstance, db: Db, secrets: () => LinkSecrets, mailServer: boolean) {
  app.post('/api/portal/createLink', {
    config: access,
    schema: { tags, querystring: createLinkQuerySchema, response: { 201: portalLinkSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { userId, send } = request.query as z.output<typeof createLinkQuerySchema>;
      const answer = await db.transaction(async (tx) => {
        await branchMember(tx, ctx, userId);
        const made = await createLink(tx, secrets(), ctx.clientId, userId, ctx.staffId);
        const out = send ? await sendLink(tx, ctx.clientId, userId, made.url, made.id) : null;
        // The audit keeps that a link was made, never the link.
        await writeAudit(tx, auditOf(ctx, 'user', userId, 'createMemberLink', null, null));
        // Without a mail server an e-mail only reaches the server's log: the answer says so.
        return { url: made.url, sent: out?.queued ?? 0, logged: mailServer ? 0 : (out?.emails ?? 0) };
      });
      return reply.status(201).send(answer);
    },
  });

  app.put('/api/portal/revokeLink', {
    config: access,
    schema: { tags, querystring: portalUserQuerySchema, response: { 200: portalRevokeSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId: number };
      return db.transaction(async (tx) => {
        await branchMember(tx, ctx, userId);
        const ended = await revokeLinks(tx, ctx.clientId, userId, ctx.staffId);
        if (ended.length) await writeAudit(tx, auditOf(ctx, 'user', userId, 'revokeMemberLink', null, null));
        return { revoked: ended.length > 0 };
      });
    },
  });
}
