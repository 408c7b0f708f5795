import type { FastifyInstance } from 'fastify';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import {
  memberMessagePrefsQuerySchema,
  memberMessagePrefsSchema,
  messageIdQuerySchema,
  messageListQuerySchema,
  messageSchema,
  messageSettingsAnswerSchema,
  messageSettingsInputSchema,
  messageTemplateInputSchema,
  messageTemplatesSchema,
  renderTemplate,
  sampleValues,
  testMessageInputSchema,
  testMessageResultSchema,
  type MemberMessagePrefs,
  type MessageLanguage,
  type MessageListQuery,
  type MessageSettings,
} from '@app/contract/messages';
import { messageTemplates, messages, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { conflict, fieldError, notFound, said, validationFailed } from '../../platform/errors.ts';
import { listRows, type ListSpec } from '../../platform/list.ts';
import { shiftIsoDate } from './dates.ts';
import { sendErrorText, sendOne, type Transports } from './deliver.ts';
import { loadSettings, loadTemplates, maskSettings, saveSettings, templateBook } from './settings.ts';
import { cloudConfigured, loadCloud } from './whatsappCloud.ts';
import { whatsappRoutes } from './whatsappRoutes.ts';
import { toMessage } from './toMessage.ts';

const tags = ['Messages'];
type MessageRow = typeof messages.$inferSelect;

function listSpec(ctx: StaffContext, q: MessageListQuery): ListSpec {
  return {
    table: messages,
    where: [
      eq(messages.clientId, ctx.clientId),
      eq(messages.branchId, ctx.branchId!),
      q.status ? eq(messages.status, q.status) : undefined,
      q.channel ? eq(messages.channel, q.channel) : undefined,
      q.event ? eq(messages.event, q.event) : undefined,
      q.userId ? eq(messages.userId, q.userId) : undefined,
      q.from ? gte(messages.createdAt, q.from) : undefined,
      q.to ? lt(messages.createdAt, shiftIsoDate(q.to, 1)) : undefined,
    ],
    sortColumns: { createdAt: messages.createdAt, status: messages.status, sentAt: messages.sentAt },
    defaultSort: '-createdAt',
    tieBreaker: messages.id,
    searchColumns: [messages.recipient, messages.subject],
  };
}

const access = (module: 'messages' | 'users', action: 'view' | 'edit', branch = false) => ({
  access: { module, action, ...(branch && { branch: 'required' as const }) },
});

export function messageRoutes(app: FastifyInstance, db: Db, transports: Transports) {
  // Whether e-mail leaves at all: without a mail server the screen says mail is only logged.
  const answer = (settings: MessageSettings) => ({ ...settings, mailServer: transports.email.delivers });
  app.get('/api/message/getMessages', {
    config: access('messages', 'view', true),
    schema: {
      tags,
      querystring: messageListQuerySchema,
      response: { 200: listResponseSchema(messageSchema) },
    },
    handler: async (request) => {
      const q = request.query as MessageListQuery;
      const page = await listRows<MessageRow>(db, listSpec(request.ctx, q), q);
      return { ...page, items: page.items.map(toMessage) };
    },
  });

  app.post('/api/message/retryMessage', {
    config: access('messages', 'edit', true),
    schema: { tags, querystring: messageIdQuerySchema, response: { 200: messageSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { messageId } = request.query as { messageId: number };
      return db.transaction(async (tx) => {
        const where = and(
          eq(messages.clientId, ctx.clientId),
          eq(messages.branchId, ctx.branchId!),
          eq(messages.id, messageId),
        );
        const [row] = await tx.select().from(messages).where(where).for('update');
        if (!row) throw notFound('MESSAGE');
        if (row.status !== 'failed' && row.status !== 'gaveUp') {
          throw conflict(said('MESSAGE_RETRY_FAILED_ONLY'));
        }
        // A fresh start: the attempts and their backoff begin again, the last error stays to read.
        const [after] = await tx
          .update(messages)
          .set({
            status: 'queued',
            attempts: 0,
            nextAttemptAt: sql`now()`,
            updatedAt: new Date().toISOString(),
          })
          .where(where)
          .returning();
        await writeAudit(
          tx,
          auditOf(ctx, 'message', row.id, 'retry', { status: row.status }, { status: 'queued' }),
        );
        return toMessage(after!);
      });
    },
  });

  app.get('/api/message/getMessageSettings', {
    config: access('messages', 'view'),
    schema: { tags, response: { 200: messageSettingsAnswerSchema } },
    handler: async (request) => answer(maskSettings(await loadSettings(db, request.ctx.clientId))),
  });

  app.put('/api/message/updateMessageSettings', {
    config: access('messages', 'edit'),
    schema: { tags, body: messageSettingsInputSchema, response: { 200: messageSettingsAnswerSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as MessageSettings;
      // WhatsApp goes through the Cloud API once it is set up, else through the HTTP provider (issue 46).
      if (input.channels.includes('whatsapp') && input.whatsapp.url === '') {
        const cloud = transports.cloud ? await loadCloud(db, transports.cloud.secret, ctx.clientId) : null;
        if (!cloudConfigured(cloud)) throw validationFailed([fieldError('body.whatsapp.url', 'REQUIRED')]);
      }
      return db.transaction(async (tx) => {
        const before = maskSettings(await loadSettings(tx, ctx.clientId));
        await saveSettings(tx, ctx.clientId, input);
        const after = maskSettings(await loadSettings(tx, ctx.clientId));
        await writeAudit(tx, {
          ...auditOf(ctx, 'messageSettings', ctx.clientId, 'update', before, after),
          branchId: null,
        });
        return answer(after);
      });
    },
  });

  app.get('/api/message/getMessageTemplates', {
    config: access('messages', 'view'),
    schema: { tags, response: { 200: messageTemplatesSchema } },
    handler: async (request) => ({ items: await loadTemplates(db, request.ctx.clientId) }),
  });

  app.put('/api/message/updateMessageTemplate', {
    config: access('messages', 'edit'),
    schema: { tags, body: messageTemplateInputSchema, response: { 200: messageTemplatesSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as z.output<typeof messageTemplateInputSchema>;
      return db.transaction(async (tx) => {
        const values = { subject: input.subject, body: input.body, updatedAt: new Date().toISOString() };
        await tx
          .insert(messageTemplates)
          .values({ clientId: ctx.clientId, event: input.event, language: input.language, ...values })
          .onConflictDoUpdate({
            target: [messageTemplates.clientId, messageTemplates.event, messageTemplates.language],
            set: values,
          });
        await writeAudit(tx, {
          ...auditOf(ctx, 'messageTemplate', ctx.clientId, 'update', null, input),
          branchId: null,
        });
        return { items: await loadTemplates(tx, ctx.clientId) };
      });
    },
  });

  app.post('/api/message/sendTestMessage', {
    config: access('messages', 'edit'),
    schema: { tags, body: testMessageInputSchema, response: { 200: testMessageResultSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as z.output<typeof testMessageInputSchema>;
      const text = (await templateBook(db, ctx.clientId))(input.event, input.language);
      // Sent at once with the preview's sample values, not through the outbox: the answer says
      // whether the provider took it, which is what the person setting it up wants to know.
      try {
        const outcome = await sendOne(db, transports, {
          clientId: ctx.clientId,
          channel: input.channel,
          recipient: input.to,
          subject: renderTemplate(text.subject, sampleValues),
          body: renderTemplate(text.body, sampleValues),
        });
        return { ok: true, logged: outcome === 'logged', error: null };
      } catch (err) {
        return { ok: false, logged: false, error: sendErrorText(err) };
      }
    },
  });

  const memberWhere = (ctx: StaffContext, userId: number) =>
    and(eq(users.clientId, ctx.clientId), eq(users.branchId, ctx.branchId!), eq(users.id, userId));
  const prefsOf = (r: {
    id: number;
    language: MessageLanguage;
    messageOptOut: string[];
    guardianName: string | null;
    guardianMobile: string | null;
  }): MemberMessagePrefs => ({
    userId: r.id,
    language: r.language,
    optOut: r.messageOptOut as MemberMessagePrefs['optOut'],
    guardianName: r.guardianName,
    guardianMobile: r.guardianMobile,
  });

  app.get('/api/message/getMemberMessagePrefs', {
    config: access('users', 'view', true),
    schema: { tags, querystring: memberMessagePrefsQuerySchema, response: { 200: memberMessagePrefsSchema } },
    handler: async (request) => {
      const { userId } = request.query as { userId: number };
      const [row] = await db.select().from(users).where(memberWhere(request.ctx, userId));
      if (!row) throw notFound('MEMBER');
      return prefsOf(row);
    },
  });

  app.put('/api/message/updateMemberMessagePrefs', {
    config: access('users', 'edit', true),
    schema: { tags, body: memberMessagePrefsSchema, response: { 200: memberMessagePrefsSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as MemberMessagePrefs;
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(users).where(memberWhere(ctx, input.userId)).for('update');
        if (!row) throw notFound('MEMBER');
        const [after] = await tx
          .update(users)
          .set({
            language: input.language,
            messageOptOut: [...new Set(input.optOut)],
            // A guardian needs a number; a name alone is kept with none (issue 46).
            guardianName: input.guardianName || null,
            guardianMobile: input.guardianMobile || null,
          })
          .where(memberWhere(ctx, input.userId))
          .returning();
        await writeAudit(tx, auditOf(ctx, 'user', row.id, 'update', prefsOf(row), prefsOf(after!)));
        return prefsOf(after!);
      });
    },
  });

  whatsappRoutes(app, db, transports);
}
