// Reminders and messages (issue 17, migration 0013).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { languages } from '@app/contract/languages';
import { timestamps } from './columns.ts';
import { branches, clients, staff } from './organisation.ts';
import { users } from './members.ts';

/** What a provider (SMS, WhatsApp) is: see providerSchema in the contract. Header values are secrets. */
export type ProviderRow = {
  url: string;
  method: 'POST' | 'GET' | 'PUT';
  headers: { name: string; value: string }[];
  body: string;
};

export type WhatsAppCloudRow = {
  phoneNumberId: string;
  /** AES-256-GCM sealed (whatsappCloud.ts seal/open); '' when not given. */
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  language: string;
  ratePerMessage: number;
};
export type WhatsAppTemplateRow = {
  event: string;
  language: string;
  name: string;
  parameters: string[];
  declared: number;
};
/** What a WhatsApp row sends through the Cloud API when the member's 24-hour window is closed. */
export type WhatsAppTemplateSend = { name: string; language: string; parameters: string[] };

/** One row per organisation; absent means the defaults (7, 3, 1 days, e-mail, no quiet hours). */
export const messageSettings = pgTable('message_settings', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id),
  daysBefore: integer('days_before')
    .array()
    .notNull()
    .default(sql`'{7,3,1}'`),
  quietStart: time('quiet_start'),
  quietEnd: time('quiet_end'),
  channels: text('channels')
    .array()
    .notNull()
    .default(sql`'{email}'`),
  events: text('events')
    .array()
    .notNull()
    .default(sql`'{expiring,expired,dues,paymentReceipt,refundReceipt,enquiryFollowUp}'`),
  providers: jsonb('providers')
    .$type<Partial<Record<'sms' | 'whatsapp', ProviderRow>>>()
    .notNull()
    .default({}),
  /** WhatsApp's Cloud API (issue 46); the secrets are sealed with the server's key (whatsappCloud.ts). */
  whatsappCloud: jsonb('whatsapp_cloud').$type<WhatsAppCloudRow>(),
  /** The approved template per event and language code (issue 46). */
  whatsappTemplates: jsonb('whatsapp_templates').$type<WhatsAppTemplateRow[]>().notNull().default([]),
  /** Days past a validity end (not renewed) after which the member's guardian is told; null: never. */
  guardianAfterDays: integer('guardian_after_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** An organisation's edit of a shipped template (contract/src/messages.ts, defaultTemplates). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    event: text('event').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'message_templates_pk', columns: [t.clientId, t.event, t.language] })],
);

/**
 * The outbox: every message is a row, rendered when it is added. The server's tick claims due rows
 * with FOR UPDATE SKIP LOCKED (docs/decisions/messages.md, issue 17), so several processes never send one twice.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id').references(() => users.id),
    staffId: integer('staff_id').references(() => staff.id),
    event: text('event', {
      enum: [
        'expiring',
        'expired',
        'dues',
        'paymentReceipt',
        'refundReceipt',
        'enquiryFollowUp',
        'memberLink',
        'test',
        'reply',
        'guardian',
        'guardianDues',
      ],
    }).notNull(),
    /** Which occurrence: the validity end and days, the week of dues, the payment's id... */
    period: text('period').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    language: text('language', { enum: languages }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // logged: an e-mail kept in the mail log because no mail server is set up (SMTP_URL), not sent.
    status: text('status', { enum: ['queued', 'sent', 'logged', 'failed', 'gaveUp'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    /** The Cloud API's template for this row, its parameters filled in when it was added (issue 46). */
    waTemplate: jsonb('wa_template').$type<WhatsAppTemplateSend>(),
    /** The Cloud API's id of the sent message (wamid...), which its status callbacks name. */
    waMessageId: text('wa_message_id'),
    /** sent, delivered, read or failed as WhatsApp reported it; never lowered (deliveryRank). */
    delivery: text('delivery', { enum: ['sent', 'failed', 'delivered', 'read'] }),
    deliveryAt: timestamp('delivery_at', { withTimezone: true, mode: 'string' }),
    /** What went out: a template (its category, for the month's cost) or free text inside 24 hours. */
    waKind: text('wa_kind', { enum: ['template', 'text'] }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_once_uq').on(
      t.clientId,
      t.event,
      t.period,
      t.channel,
      sql`coalesce(${t.userId}, 0)`,
      sql`coalesce(${t.staffId}, 0)`,
    ),
    index('messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'failed')`),
    index('messages_client_branch_created_idx').on(t.clientId, t.branchId, t.createdAt, t.id),
    uniqueIndex('messages_wa_message_id_uq')
      .on(t.waMessageId)
      .where(sql`${t.waMessageId} IS NOT NULL`),
  ],
);

/**
 * Messages members wrote to the organisation's WhatsApp number (issue 46), each stored once (its
 * WhatsApp id). A sender whose number is no member's has no user and no branch.
 */
export const whatsappInbound = pgTable(
  'whatsapp_inbound',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id').references(() => branches.id),
    userId: integer('user_id').references(() => users.id),
    waMessageId: text('wa_message_id').notNull(),
    fromNumber: text('from_number').notNull(),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    action: text('action', { enum: ['optOut', 'optIn'] }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_inbound_client_wa_uq').on(t.clientId, t.waMessageId),
    index('whatsapp_inbound_client_from_idx').on(t.clientId, t.fromNumber, t.receivedAt),
    index('whatsapp_inbound_client_branch_idx').on(t.clientId, t.branchId, t.receivedAt),
  ],
);
