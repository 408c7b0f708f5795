// WhatsApp's Cloud API (issue 46): its settings, templates, test send, staff replies, and the
// webhook Meta calls with delivery receipts and members' messages.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messageSchema } from '@app/contract/messages';
import {
  declaredParameters,
  suggestedByName,
  whatsappCloudInputSchema,
  whatsappCloudSchema,
  whatsappCostSchema,
  whatsappInboundListSchema,
  whatsappInboundQuerySchema,
  whatsappReplyInputSchema,
  whatsappTemplateInputSchema,
  whatsappTemplatesSchema,
  whatsappTestInputSchema,
  whatsappTestResultSchema,
  whatsappWebhookPath,
  type WhatsAppCloudInput,
  type WhatsAppTemplateInput,
} from '@app/contract/whatsapp';
import {
  messageSettings,
  messages,
  users,
  whatsappInbound,
  type WhatsAppTemplateRow,
} from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { maxJsonDepth, nestsDeeperThan } from '../../platform/jsonBody.ts';
import { auditOf } from '../../platform/crud.ts';
import { AppError, conflict, fieldError, notFound, said, validationFailed } from '../../platform/errors.ts';
import type { Transports } from './deliver.ts';
import {
  allClouds,
  cloudAnswer,
  cloudConfigured,
  GraphError,
  graphSend,
  loadCloud,
  saveCloud,
} from './whatsappCloud.ts';
import { toMessage } from './toMessage.ts';
import { insideWindow } from './whatsappSend.ts';
import { handleWebhook } from './whatsappWebhook.ts';

const tags = ['Messages'];
const access = (action: 'view' | 'edit', branch = false) => ({
  access: { module: 'messages' as const, action, ...(branch && { branch: 'required' as const }) },
});

async function loadMapped(db: Db | Tx, clientId: number): Promise<WhatsAppTemplateRow[]> {
  const [row] = await db
    .select({ templates: messageSettings.whatsappTemplates })
    .from(messageSettings)
    .where(eq(messageSettings.clientId, clientId));
  return row?.templates ?? [];
}

/** How many parameters the template declares: its text given, else the shipped text of that name. */
function declaredOf(input: WhatsAppTemplateInput): number {
  const text = input.body ?? suggestedByName(input.name, input.language)?.body;
  if (text === undefined) {
    throw validationFailed([fieldError('body.body', 'WHATSAPP_TEMPLATE_TEXT_NEEDED')]);
  }
  const declared = declaredParameters(text);
  if (declared < 0) throw validationFailed([fieldError('body.body', 'WHATSAPP_PLACEHOLDERS_GAP')]);
  return declared;
}

export function whatsappRoutes(app: FastifyInstance, db: Db, transports: Transports) {
  const cloudOf = (clientId: number) =>
    transports.cloud ? loadCloud(db, transports.cloud.secret, clientId) : Promise.resolve(null);

  app.get('/api/message/getWhatsAppCloud', {
    config: access('view'),
    schema: { tags, response: { 200: whatsappCloudSchema } },
    handler: async (request) => cloudAnswer(await cloudOf(request.ctx.clientId)),
  });

  app.put('/api/message/updateWhatsAppCloud', {
    config: access('edit'),
    schema: { tags, body: whatsappCloudInputSchema, response: { 200: whatsappCloudSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const secret = transports.cloud!.secret;
      return db.transaction(async (tx) => {
        // The audit keeps what the screen shows: whether a secret is set, never the secret.
        const before = cloudAnswer(await loadCloud(tx, secret, ctx.clientId));
        await saveCloud(tx, secret, ctx.clientId, request.body as WhatsAppCloudInput);
        const after = cloudAnswer(await loadCloud(tx, secret, ctx.clientId));
        await writeAudit(tx, {
          ...auditOf(ctx, 'whatsappCloud', ctx.clientId, 'update', before, after),
          branchId: null,
        });
        return after;
      });
    },
  });

  app.post('/api/message/sendWhatsAppTest', {
    config: access('edit'),
    schema: { tags, body: whatsappTestInputSchema, response: { 200: whatsappTestResultSchema } },
    handler: async (request) => {
      const cloud = await cloudOf(request.ctx.clientId);
      if (!cloudConfigured(cloud)) throw conflict(said('WHATSAPP_NOT_SET_UP'));
      const { to } = request.body as { to: string };
      // Meta's own sample template, approved on every WhatsApp Business account.
      try {
        await graphSend(transports.cloud!, cloud, to, {
          kind: 'template',
          template: { name: 'hello_world', language: 'en_US', parameters: [] },
        });
        return { ok: true, error: null };
      } catch (err) {
        return {
          ok: false,
          error: err instanceof GraphError ? err.message : 'WhatsApp could not be reached.',
        };
      }
    },
  });

  app.get('/api/message/getWhatsAppTemplates', {
    config: access('view'),
    schema: { tags, response: { 200: whatsappTemplatesSchema } },
    handler: async (request) => ({ items: await loadMapped(db, request.ctx.clientId) }),
  });

  app.put('/api/message/updateWhatsAppTemplate', {
    config: access('edit'),
    schema: { tags, body: whatsappTemplateInputSchema, response: { 200: whatsappTemplatesSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as WhatsAppTemplateInput;
      const declared = input.name === '' ? 0 : declaredOf(input);
      if (input.name !== '' && input.parameters.length !== declared) {
        throw validationFailed([fieldError('body.parameters', 'WHATSAPP_PARAMETER_COUNT', { declared })]);
      }
      return db.transaction(async (tx) => {
        await tx.insert(messageSettings).values({ clientId: ctx.clientId }).onConflictDoNothing();
        const [row] = await tx
          .select({ templates: messageSettings.whatsappTemplates })
          .from(messageSettings)
          .where(eq(messageSettings.clientId, ctx.clientId))
          .for('update');
        const others = row!.templates.filter(
          (t) => !(t.event === input.event && t.language === input.language),
        );
        const templates =
          input.name === ''
            ? others
            : [
                ...others,
                {
                  event: input.event,
                  language: input.language,
                  name: input.name,
                  parameters: input.parameters,
                  declared,
                },
              ];
        await tx
          .update(messageSettings)
          .set({ whatsappTemplates: templates, updatedAt: sql`now()` })
          .where(eq(messageSettings.clientId, ctx.clientId));
        await writeAudit(tx, {
          ...auditOf(ctx, 'whatsappTemplate', ctx.clientId, 'update', null, input),
          branchId: null,
        });
        return { items: templates };
      });
    },
  });

  app.get('/api/message/getWhatsAppInbound', {
    config: access('view', true),
    schema: { tags, querystring: whatsappInboundQuerySchema, response: { 200: whatsappInboundListSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId?: number };
      const rows = await db
        .select({ inbound: whatsappInbound, memberName: users.name })
        .from(whatsappInbound)
        .leftJoin(users, eq(users.id, whatsappInbound.userId))
        .where(
          and(
            eq(whatsappInbound.clientId, ctx.clientId),
            // A sender who is no member belongs to no branch: every branch's screen shows them.
            or(eq(whatsappInbound.branchId, ctx.branchId!), isNull(whatsappInbound.branchId)),
            userId === undefined ? undefined : eq(whatsappInbound.userId, userId),
          ),
        )
        .orderBy(desc(whatsappInbound.receivedAt), desc(whatsappInbound.id))
        .limit(200);
      return {
        items: rows.map(({ inbound: r, memberName }) => ({
          id: r.id,
          userId: r.userId,
          memberName,
          from: r.fromNumber,
          kind: r.kind,
          body: r.body,
          action: r.action,
          receivedAt: new Date(r.receivedAt).toISOString(),
        })),
      };
    },
  });

  app.post('/api/message/sendWhatsAppReply', {
    config: access('edit', true),
    schema: { tags, body: whatsappReplyInputSchema, response: { 200: messageSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as z.output<typeof whatsappReplyInputSchema>;
      if (!cloudConfigured(await cloudOf(ctx.clientId))) throw conflict(said('WHATSAPP_NOT_SET_UP'));
      const [member] = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.clientId, ctx.clientId),
            eq(users.branchId, ctx.branchId!),
            eq(users.id, input.userId),
          ),
        );
      if (!member) throw notFound('MEMBER');
      // Free text reaches a member only inside the 24 hours after they last wrote (Meta's rule).
      if (!(await insideWindow(db, ctx.clientId, member.mobile, new Date()))) {
        throw conflict(said('WHATSAPP_WINDOW_CLOSED'));
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({
            clientId: ctx.clientId,
            branchId: ctx.branchId!,
            userId: member.id,
            event: 'reply',
            period: `reply:${randomUUID()}`,
            channel: 'whatsapp',
            language: member.language,
            recipient: member.mobile,
            subject: '',
            body: input.text,
          })
          .returning();
        await writeAudit(
          tx,
          auditOf(ctx, 'message', row!.id, 'create', null, { event: 'reply', userId: member.id }),
        );
        return toMessage(row!);
      });
    },
  });

  app.get('/api/message/getWhatsAppCost', {
    config: access('view'),
    schema: { tags, response: { 200: whatsappCostSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const cloud = await cloudOf(ctx.clientId);
      const rate = cloud?.ratePerMessage ?? 115;
      // The month's templates sent (on the database's clock); the shipped ones are all utility.
      const res = await db.execute<{ month: string; count: string }>(sql`
        select to_char(date_trunc('month', now()), 'YYYY-MM') as month, count(*)::text as count
          from messages where client_id = ${ctx.clientId} and wa_kind = 'template'
           and sent_at >= date_trunc('month', now())`);
      const r = res.rows[0]!;
      const count = Number(r.count);
      // rate: thousandths of a rupee; paise = count × rate / 10.
      const costPaise = Math.round((count * rate) / 10);
      return { month: r.month, rows: [{ category: 'utility', count, costPaise }], totalPaise: costPaise };
    },
  });

  // Meta's webhook: the raw body is kept to check X-Hub-Signature-256 against it, byte for byte.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      // Too deep a body is refused as on every other route, before anything reads it.
      if (nestsDeeperThan((body as Buffer).toString('utf8'), maxJsonDepth)) {
        done(new AppError(400, 'BAD_REQUEST', said('JSON_TOO_DEEP', { max: maxJsonDepth })), undefined);
        return;
      }
      done(null, body);
    });

    scope.get(whatsappWebhookPath, {
      config: { access: 'public' },
      schema: {
        tags,
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
      },
      handler: async (request, reply) => {
        const q = request.query as Record<string, string | undefined>;
        const token = q['hub.verify_token'] ?? '';
        const clouds = transports.cloud ? await allVerifyTokens(db, transports.cloud.secret) : [];
        const ok = q['hub.mode'] === 'subscribe' && token !== '' && clouds.some((t) => same(t, token));
        if (!ok) throw new AppError(403, 'FORBIDDEN', said('WHATSAPP_VERIFY_REFUSED'));
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
      },
    });

    scope.post(whatsappWebhookPath, {
      config: { access: 'public' },
      schema: { tags, response: { 200: z.object({ ok: z.boolean() }) } },
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = String(request.headers['x-hub-signature-256'] ?? '');
        const done = transports.cloud
          ? await handleWebhook(db, transports.cloud, raw, signature, request.log)
          : false;
        if (!done) throw new AppError(403, 'FORBIDDEN', said('WHATSAPP_SIGNATURE_REFUSED'));
        return { ok: true };
      },
    });
  });
}

async function allVerifyTokens(db: Db, secret: string): Promise<string[]> {
  return (await allClouds(db, secret)).map((c) => c.cloud.verifyToken).filter((t) => t !== '');
}

/** Compares in constant time (a token guessed a character at a time learns nothing from timing). */
export function same(a: string, b: string): boolean {
  const x = createHmac('sha256', 'compare').update(a).digest();
  const y = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(x, y);
}
