// Organisations, branches, staff and their sign-in (DOMAIN.md, Organisation): every other module
// references these tables.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PermissionRecord } from '@app/contract/modules';
import { timestamps } from './columns.ts';

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('INR'),
  locale: text('locale').notNull().default('en-IN'),
  timezone: text('timezone').notNull().default('Asia/Kolkata'),
  paymentDisabled: boolean('payment_disabled').notNull().default(false),
  receiptPrefix: text('receipt_prefix').notNull().default('RCP'),
  /** Month (1-12) the financial year starts in; receipt series restart then (April for INR). */
  fyStartMonth: integer('fy_start_month').notNull().default(1),
  /** Printed on receipts. */
  receiptAddress: text('receipt_address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  /** WiFi only inside the member's daily entry/exit window (RADIUS refuses outside it). */
  wifiWithinWindow: boolean('wifi_within_window').notNull().default(false),
  /** The member page's palette (issue 37): a key of UI.md's 17 palettes (contract/palettes.ts). */
  memberPalette: text('member_palette').notNull().default('purpleTheme'),
  /** The template's demo screens in the menu, for owners (issue 41, point 8); an owner may hide them. */
  demoMenu: boolean('demo_menu').notNull().default(true),
  /** Pause policy (issue 45, point 4): most pause days in a calendar year, fewest days per pause. */
  pauseMaxDaysYear: integer('pause_max_days_year').notNull().default(60),
  pauseMinDays: integer('pause_min_days').notNull().default(7),
  /** A paused member keeps their seat (else it shows free while they are away). */
  pauseHoldsSeat: boolean('pause_holds_seat').notNull().default(true),
  /** How long a seat chosen on the member page stays held for them without a UPI claim (issue 45). */
  seatHoldMinutes: integer('seat_hold_minutes').notNull().default(30),
  /** Hindi screens, the member page and documents in Hindi write Devanagari digits (issue 48, point 2). */
  devanagariDigits: boolean('devanagari_digits').notNull().default(false),
  ...timestamps,
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    /** Short code in receipt numbers ({prefix}-{code}-{FY}-{n}); empty means `B{id}`. */
    code: text('code').notNull().default(''),
    /**
     * GST (issue 44, point 1): null until the owner saves the branch's GST settings ("GST switched
     * on"); payments recorded before that keep their plain receipts. Registered + regular scheme
     * issues tax invoices; unregistered or composition, bills of supply. Branches of one state may
     * share a GSTIN (one invoice series per GSTIN).
     */
    gstOnSince: timestamp('gst_on_since', { withTimezone: true, mode: 'string' }),
    gstRegistered: boolean('gst_registered').notNull().default(false),
    gstin: text('gstin'),
    gstLegalName: text('gst_legal_name').notNull().default(''),
    /** Two-digit GST state code (place of supply): '27' Maharashtra. */
    gstStateCode: text('gst_state_code'),
    gstScheme: text('gst_scheme', { enum: ['regular', 'composition'] })
      .notNull()
      .default('regular'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('branches_client_name_uq').on(t.clientId, sql`lower(${t.name})`),
    index('branches_client_created_idx').on(t.clientId, t.createdAt),
  ],
);

export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The organisation's Owner role: all permissions, never edited or deleted. */
    isOwner: boolean('is_owner').notNull().default(false),
    permissions: jsonb('permissions').$type<PermissionRecord[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_roles_client_name_uq').on(t.clientId, sql`lower(${t.name})`)],
);

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    staffName: text('staff_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    roleId: integer('role_id')
      .notNull()
      .references(() => staffRoles.id),
    /** null: every branch of the organisation; otherwise the branch ids this staff member may use. */
    branchIds: jsonb('branch_ids').$type<number[] | null>(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash').notNull(),
    ...timestamps,
  },
  (t) => [
    // Unique within an organisation only: another organisation may use the same email (sign-in tries
    // every account with it by password), so adding staff never tells one organisation who works at
    // another (issue 20). Sign-in finds them by this index's expression.
    uniqueIndex('staff_client_email_uq').on(t.clientId, sql`lower(${t.email})`),
    index('staff_email_idx').on(sql`lower(${t.email})`),
    index('staff_mobile_idx').on(t.mobile),
    index('staff_client_name_idx').on(t.clientId, t.staffName),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** Every token descended from one sign-in shares the family; reuse revokes the family. */
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'string' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_staff_idx').on(t.staffId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').references(() => clients.id),
    branchId: integer('branch_id'),
    staffId: integer('staff_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('audit_client_entity_idx').on(t.clientId, t.entity, t.entityId, t.at)],
);

/** Failed sign-ins, counted per account and per address for the rate limit (shared by all API processes). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)],
);

/** Mail kept here when no SMTP server is configured, so reset links work on a laptop. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
