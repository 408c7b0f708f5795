// Every organisation-owned table carries client_id, and its unique constraints and list indexes
// start with client_id (then branch_id), so one tenant's queries are index-prefix lookups and the
// tables can later be partitioned or distributed by organisation (ARCHITECTURE.md, The API).
import { sql } from 'drizzle-orm';
import {
  primaryKey,
  bigint,
  smallint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PermissionRecord } from '@app/contract/modules';

/** Binary content (an expense's bill); node-postgres reads and writes it as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};

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

// Catalogue (DOMAIN.md, Catalogue). Every table is organisation-owned; rooms also belong to a branch.

/** WiFi packages. Speeds in whole kbit/s and data in MB so the API's decimal Mbit/s and GB are exact. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    packageName: text('package_name').notNull(),
    uniqueName: text('unique_name').notNull(),
    /** The staff member who created it (no foreign key: staff may be removed, the history stays). */
    adminId: integer('admin_id').notNull(),
    downloadKbps: integer('download_kbps').notNull(),
    uploadKbps: integer('upload_kbps').notNull(),
    /** Minutes per session, 0 = unlimited. */
    sessionMinutes: integer('session_minutes').notNull().default(0),
    /** MB per validity period, 0 = unlimited. */
    totalDataMb: bigint('total_data_mb', { mode: 'number' }).notNull().default(0),
    /** Devices one member may have online at once (RADIUS Simultaneous-Use). */
    devicesPerMember: integer('devices_per_member').notNull().default(1),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('packages_client_unique_name_uq').on(t.clientId, t.uniqueName),
    index('packages_client_name_idx').on(t.clientId, t.packageName),
  ],
);

export const feeTypes = pgTable(
  'fee_types',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    refundable: boolean('refundable').notNull().default(false),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('fee_types_client_name_uq').on(t.clientId, sql`lower(${t.name})`)],
);

export type FeeLineRow = { feeTypeId: number; amount: number };

/**
 * Lines live on the row as jsonb (one structure is read and written whole); the fee-type in-use check
 * asks `lines @> '[{"feeTypeId": n}]'` within the organisation.
 */
export const feeStructures = pgTable(
  'fee_structures',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    lines: jsonb('lines').$type<FeeLineRow[]>().notNull(),
    /** Sum of the lines in minor units, kept for sorting. */
    total: bigint('total', { mode: 'number' }).notNull(),
    durationDays: integer('duration_days').notNull(),
    packageId: integer('package_id').references(() => packages.id),
    entryTime: time('entry_time'),
    exitTime: time('exit_time'),
    nextDayExit: boolean('next_day_exit').notNull().default(false),
    /** null: every branch of the organisation. */
    branchIds: jsonb('branch_ids').$type<number[] | null>(),
    /** Late fine: days after validTill without a fine, then a fine per day, up to a cap (0 = none). */
    graceDays: integer('grace_days').notNull().default(0),
    finePerDay: bigint('fine_per_day', { mode: 'number' }).notNull().default(0),
    fineCap: bigint('fine_cap', { mode: 'number' }).notNull().default(0),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fee_structures_client_name_uq').on(t.clientId, sql`lower(${t.name})`),
    index('fee_structures_client_package_idx').on(t.clientId, t.packageId),
  ],
);

/** Expense categories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_client_name_uq').on(t.clientId, sql`lower(${t.name})`)],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull().default(''),
    upiId: text('upi_id').notNull().default(''),
    openingBalance: bigint('opening_balance', { mode: 'number' }).notNull().default(0),
    /**
     * The sum of every movement into and out of the account (payments received, refunds and
     * expenses paid, transfers, day-close differences), kept in the same transaction as the movement
     * (api/src/modules/books/movements.ts). The balance is openingBalance + movementsTotal.
     */
    movementsTotal: bigint('movements_total', { mode: 'number' }).notNull().default(0),
    /** 'cash': a branch's cash in hand, one per branch, made with the branch. */
    kind: text('kind', { enum: ['bank', 'cash'] })
      .notNull()
      .default('bank'),
    /** The branch it mainly serves; not a tenancy scope (the account belongs to the organisation). */
    branchId: integer('branch_id').references(() => branches.id),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_accounts_client_number_uq').on(t.clientId, t.accountNumber),
    index('bank_accounts_client_branch_idx').on(t.clientId, t.branchId),
    uniqueIndex('bank_accounts_cash_branch_uq')
      .on(t.branchId)
      .where(sql`${t.kind} = 'cash'`),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    floor: text('floor').notNull().default(''),
    capacity: integer('capacity').notNull(),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('rooms_client_branch_name_uq').on(t.clientId, t.branchId, sql`lower(${t.name})`)],
);

// Members and enquiries (DOMAIN.md, Members). Both belong to a branch.

/**
 * Members ("users" in the specification). Search (name, mobile, email; ILIKE '%q%') is served by
 * pg_trgm GIN indexes the migration creates; sorted paging by (client_id, branch_id, name, id); the
 * expiry sweep by (client_id, branch_id, valid_till) of the active members.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    email: text('email'),
    mobile: text('mobile').notNull(),
    status: boolean('status').notNull().default(true),
    inactiveReason: text('inactive_reason', { enum: ['expired', 'deactivated'] }),
    addedToBiometricMachine: boolean('added_to_biometric_machine').notNull().default(false),
    biometricMachineId: integer('biometric_machine_id'),
    nextDayExit: boolean('next_day_exit').notNull().default(false),
    entryTime: time('entry_time').notNull().default('00:00:00'),
    exitTime: time('exit_time').notNull().default('00:00:00'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTill: date('valid_till', { mode: 'string' }).notNull(),
    roomId: integer('room_id').references(() => rooms.id),
    seatNumber: integer('seat_number'),
    packageId: integer('package_id').references(() => packages.id),
    feeStructureId: integer('fee_structure_id').references(() => feeStructures.id),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    /** The enquiry this member was converted from (no foreign key: enquiries point back here). */
    enquiryId: integer('enquiry_id'),
    /**
     * What the member still owes (minor units, never below 0): kept by payments and voids in the same
     * transaction, with this row locked, so concurrent payments cannot both settle the same due.
     */
    dues: bigint('dues', { mode: 'number' }).notNull().default(0),
    /** Oldest unpaid payment's date while dues > 0 (the dues list sorts by it). */
    duesSince: date('dues_since', { mode: 'string' }),
    /** Language of the member's messages (en, de). */
    language: text('language', { enum: ['en', 'de'] })
      .notNull()
      .default('en'),
    /** Channels the member asked not to be messaged on (email, sms, whatsapp). */
    messageOptOut: text('message_opt_out')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** WiFi sign-in is the mobile and this PIN; the migration's column default makes one for every row. */
    wifiPin: text('wifi_pin')
      .notNull()
      .default(
        sql`lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint % 1000000))::text, 6, '0')`,
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_client_mobile_uq').on(t.clientId, t.mobile),
    index('users_client_branch_name_idx').on(t.clientId, t.branchId, t.name, t.id),
    // Active / Inactive Users (status filter, sorted by name): its pages and deep offsets are
    // index-only scans here; on the index above each skipped row's status is read from the table.
    index('users_client_branch_status_name_idx').on(t.clientId, t.branchId, t.status, t.name, t.id),
    // Validity ranges (the expiry sweep, the expiring filter) and the dashboard's renewals due, in
    // date then name order straight from the index: a week's renewals are ~25,000 rows at 1M members.
    index('users_client_branch_status_valid_name_idx').on(
      t.clientId,
      t.branchId,
      t.status,
      t.validTill,
      t.name,
      t.id,
    ),
    // The expiry sweep (once per branch and date, and hourly for all): active members only, so the
    // index stays small and wins even where the planner cannot see the sweep's date (issue 35).
    index('users_client_branch_active_valid_idx')
      .on(t.clientId, t.branchId, t.validTill)
      .where(sql`${t.status}`),
    index('users_client_room_seat_idx').on(t.clientId, t.roomId, t.seatNumber),
    index('users_client_branch_dues_idx')
      .on(t.clientId, t.branchId, t.duesSince, t.id)
      .where(sql`${t.dues} > 0`),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/**
 * The words of each member's name and email (maximal runs of ASCII letters, lower case), kept by a
 * trigger on users (migration 0005). A search of one word of letters finds its words in
 * `memberSearchWords` (pg_trgm) and then, per word, the first members by name straight from
 * `member_terms_order_idx`: a page costs the same whether 30 or 30,000 members match
 * (api/src/modules/users/wordSearch.ts, docs/decisions.md "Lists at scale").
 */
export const memberTerms = pgTable(
  'member_terms',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    term: text('term').notNull(),
    name: text('name').notNull(),
    status: boolean('status').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.term] }),
    // status last: Active / Inactive Users filter on it without reading the table.
    index('member_terms_order_idx').on(t.clientId, t.branchId, t.term, t.name, t.userId, t.status),
  ],
);

/** Every word of an organisation's members, once: the small table a fragment is matched against. */
export const memberSearchWords = pgTable(
  'member_search_words',
  {
    clientId: integer('client_id').notNull(),
    term: text('term').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.term] }),
    index('member_search_words_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
  ],
);

export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    source: text('source', { enum: ['walkIn', 'phone', 'website', 'referral', 'other'] })
      .notNull()
      .default('walkIn'),
    feeStructureId: integer('fee_structure_id').references(() => feeStructures.id),
    followUpDate: date('follow_up_date', { mode: 'string' }),
    status: text('status', { enum: ['new', 'contacted', 'followUp', 'converted', 'lost'] })
      .notNull()
      .default('new'),
    notes: text('notes').notNull().default(''),
    convertedUserId: integer('converted_user_id').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('enquiries_client_branch_created_idx').on(t.clientId, t.branchId, t.createdAt),
    index('enquiries_client_branch_status_follow_idx').on(t.clientId, t.branchId, t.status, t.followUpDate),
    index('enquiries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('enquiries_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
  ],
);

// Money (DOMAIN.md, Money). Rows are never edited in place except a void's status columns, and never
// deleted.

export type PaymentLineRow = { feeTypeId: number | null; name: string; amount: number };

/**
 * Gapless series per branch and financial year ('payment', later 'refund'): the number is taken with
 * an UPDATE of this row inside the money row's transaction, so a rollback gives it back and two
 * clerks queue on the row lock instead of sharing a number.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.branchId, t.series, t.fy] })],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    receiptNumber: text('receipt_number').notNull(),
    fy: text('fy').notNull(),
    seq: integer('seq').notNull(),
    feeStructureId: integer('fee_structure_id').references(() => feeStructures.id),
    /** Snapshot of the fee lines as charged: later catalogue edits never change a stored payment. */
    lines: jsonb('lines').$type<PaymentLineRow[]>().notNull(),
    /** Earlier dues this payment settles (the "previous dues" line). */
    duesSettled: bigint('dues_settled', { mode: 'number' }).notNull().default(0),
    lateFine: bigint('late_fine', { mode: 'number' }).notNull().default(0),
    /** Set when the proposed late fine was lowered or waived. */
    lateFineWaiverReason: text('late_fine_waiver_reason'),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    discountReason: text('discount_reason'),
    total: bigint('total', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull(),
    mode: text('mode', { enum: ['cash', 'upi', 'card', 'bankTransfer', 'cheque'] }).notNull(),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    reference: text('reference').notNull().default(''),
    /** The branch's date of the payment. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    coversFrom: date('covers_from', { mode: 'string' }),
    coversTill: date('covers_till', { mode: 'string' }),
    /** The member's validTill, status and reason before this payment: a void restores them. */
    previousValidTill: date('previous_valid_till', { mode: 'string' }),
    previousStatus: boolean('previous_status'),
    previousInactiveReason: text('previous_inactive_reason'),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    status: text('status', { enum: ['completed', 'voided'] })
      .notNull()
      .default('completed'),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voidedBy: integer('voided_by'),
    /** Unguessable token of the public verification link /r/{token}. */
    verifyToken: text('verify_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_client_branch_receipt_uq').on(t.clientId, t.branchId, t.receiptNumber),
    uniqueIndex('payments_verify_token_uq').on(t.verifyToken),
    index('payments_client_branch_paid_idx').on(t.clientId, t.branchId, t.paidOn, t.id),
    index('payments_client_branch_created_idx').on(t.clientId, t.branchId, t.createdAt, t.id),
    index('payments_client_user_idx').on(t.clientId, t.userId, t.id),
    // A receipt searched by its running number ('805').
    index('payments_client_branch_seq_idx').on(t.clientId, t.branchId, t.seq),
    // An account's statement (cash payments name the branch's cash account).
    index('payments_account_idx').on(t.bankAccountId, t.paidOn),
  ],
);

/**
 * Answers of create requests sent with an Idempotency-Key (payments; later refunds, expenses): the
 * same key within 24 h gets the first answer again, another body under it a 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.key] })],
);

/**
 * A refund against a payment (DOMAIN.md, Refund): its own gapless series ('refund' in
 * receipt_counters). The sum of a payment's refunds never exceeds what it received: a refund locks
 * the payment's row before it sums the earlier ones.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    refundNumber: text('refund_number').notNull(),
    fy: text('fy').notNull(),
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    mode: text('mode', { enum: ['cash', 'upi', 'card', 'bankTransfer', 'cheque'] }).notNull(),
    /** The account it was paid from (the branch's cash account for cash). */
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    reference: text('reference').notNull().default(''),
    refundedOn: date('refunded_on', { mode: 'string' }).notNull(),
    /** The refund ended the membership (validTill = today, deactivated). */
    endedMembership: boolean('ended_membership').notNull().default(false),
    previousValidTill: date('previous_valid_till', { mode: 'string' }),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_client_branch_number_uq').on(t.clientId, t.branchId, t.refundNumber),
    index('refunds_client_branch_day_idx').on(t.clientId, t.branchId, t.refundedOn, t.id),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_account_idx').on(t.bankAccountId, t.refundedOn),
  ],
);

/** An expense (DOMAIN.md, Expense): voided with a reason, never edited. */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    mode: text('mode', { enum: ['cash', 'upi', 'card', 'bankTransfer', 'cheque'] }).notNull(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    payee: text('payee').notNull().default(''),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    billId: integer('bill_id'),
    createdBy: integer('created_by').notNull(),
    status: text('status', { enum: ['completed', 'voided'] })
      .notNull()
      .default('completed'),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voidedBy: integer('voided_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('expenses_client_branch_day_idx').on(t.clientId, t.branchId, t.paidOn, t.id),
    index('expenses_account_idx').on(t.bankAccountId, t.paidOn),
  ],
);

/**
 * An expense's bill (jpeg, png or pdf up to 3 MB), kept in the database so a backup holds it and
 * every server process can serve it. Uploaded first, then named by the expense that it belongs to.
 */
export const expenseBills = pgTable('expense_bills', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id')
    .notNull()
    .references(() => clients.id),
  branchId: integer('branch_id')
    .notNull()
    .references(() => branches.id),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  uploadedBy: integer('uploaded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Money moved between two accounts of the organisation (cash deposited in the bank). */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transferredOn: date('transferred_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('account_transfers_from_idx').on(t.fromAccountId, t.transferredOn),
    index('account_transfers_to_idx').on(t.toAccountId, t.transferredOn),
    index('account_transfers_client_branch_day_idx').on(t.clientId, t.branchId, t.transferredOn),
  ],
);

/**
 * A branch's closed day (DOMAIN.md, Cash book and day close): the cash counted and its difference
 * from the books. The difference is a movement of the cash account, so the next day opens with what
 * was counted. Cash rows dated on or before a branch's latest closed day are refused.
 */
export const dayCloses = pgTable(
  'day_closes',
  {
    // A day may be closed again after a reopen (issue 34), so a close is a row of its own.
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    day: date('day', { mode: 'string' }).notNull(),
    cashAccountId: integer('cash_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    expected: bigint('expected', { mode: 'number' }).notNull(),
    counted: bigint('counted', { mode: 'number' }).notNull(),
    difference: bigint('difference', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    closedBy: integer('closed_by').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('day_closes_account_day_idx').on(t.cashAccountId, t.day)],
);

/**
 * A reopened day close (issue 34): never an edit of the close. Its amount (minus the close's
 * difference) is a movement of the cash account that reverses the close's difference, and the close
 * no longer locks its day. A close with a reopen row is no longer in force.
 */
export const dayReopens = pgTable(
  'day_reopens',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    dayCloseId: integer('day_close_id')
      .notNull()
      .references(() => dayCloses.id),
    day: date('day', { mode: 'string' }).notNull(),
    cashAccountId: integer('cash_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reopenedBy: integer('reopened_by').notNull(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('day_reopens_close_uq').on(t.dayCloseId),
    index('day_reopens_account_idx').on(t.cashAccountId, t.day),
  ],
);

// Kept summaries for the dashboard and analytics (issue 13): written in the same transactions as the
// rows they sum, so a figure is a few index reads however many payments or members there are.

/**
 * Sums per branch, day and kind: 'payment' (key: mode; amount received), 'refund' (key: mode),
 * 'expense' (key: mode), 'expenseCategory' (key: category id), 'feeType' (key: fee type id; the
 * amount charged), 'renewal' (key: ''), and, kept by the users trigger, 'joined' (key: ''; count
 * only). Money writes call tally() in modules/books/tallies.ts.
 */
export const dailyTallies = pgTable(
  'daily_tallies',
  {
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.branchId, t.kind, t.day, t.key] })],
);

/** Per branch: members active and inactive, their dues and how many owe (users trigger, migration 0009). */
export const memberStats = pgTable(
  'member_stats',
  {
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    active: integer('active').notNull().default(0),
    inactive: integer('inactive').notNull().default(0),
    dues: bigint('dues', { mode: 'number' }).notNull().default(0),
    owing: integer('owing').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.branchId] })],
);

/**
 * Per branch and last valid day: active members, and members lapsed (switched off as expired) whose
 * validity ended that day (users trigger): "expiring in 7 days" and "expired this week" are 7 rows.
 */
export const memberValidity = pgTable(
  'member_validity',
  {
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    validTill: date('valid_till', { mode: 'string' }).notNull(),
    active: integer('active').notNull().default(0),
    lapsed: integer('lapsed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.branchId, t.validTill] })],
);

/** Per branch and hour of the day: active members with a seat whose daily window covers that hour. */
export const seatHours = pgTable(
  'seat_hours',
  {
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    hour: smallint('hour').notNull(),
    members: integer('members').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.branchId, t.hour] })],
);

// Reminders and messages (issue 17, migration 0013).

/** What a provider (SMS, WhatsApp) is: see providerSchema in the contract. Header values are secrets. */
export type ProviderRow = {
  url: string;
  method: 'POST' | 'GET' | 'PUT';
  headers: { name: string; value: string }[];
  body: string;
};

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
 * with FOR UPDATE SKIP LOCKED (docs/decisions.md, issue 17), so several processes never send one twice.
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
      ],
    }).notNull(),
    /** Which occurrence: the validity end and days, the week of dues, the payment's id... */
    period: text('period').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    language: text('language', { enum: ['en', 'de'] }).notNull(),
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
  ],
);

// WiFi (DOMAIN.md, Doors, WiFi and reminders): FreeRADIUS asks the API through its REST module.

/**
 * A branch's router (RADIUS NAS). FreeRADIUS sends the router's address and the RADIUS secret it
 * shares with it on every REST call (HTTP Basic); only a registered address with its secret is served.
 */
export const wifiRouters = pgTable(
  'wifi_routers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    secret: text('secret').notNull(),
    /** UDP port of the router's RFC 5176 (Disconnect-Request) listener. */
    coaPort: integer('coa_port').notNull().default(3799),
    status: boolean('status').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('wifi_routers_client_branch_name_uq').on(t.clientId, t.branchId, sql`lower(${t.name})`),
    uniqueIndex('wifi_routers_address_secret_uq').on(t.address, t.secret),
    index('wifi_routers_address_idx').on(t.address),
  ],
);

/** One accounting session (Acct-Session-Id of a router); bytes are totals as the router reported them. */
export const wifiSessions = pgTable(
  'wifi_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id').notNull(),
    routerId: integer('router_id')
      .notNull()
      .references(() => wifiRouters.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acctSessionId: text('acct_session_id').notNull(),
    username: text('username').notNull(),
    framedIp: text('framed_ip'),
    callingStationId: text('calling_station_id'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'string' }),
    inputBytes: bigint('input_bytes', { mode: 'number' }).notNull().default(0),
    outputBytes: bigint('output_bytes', { mode: 'number' }).notNull().default(0),
    terminateCause: text('terminate_cause'),
  },
  (t) => [
    uniqueIndex('wifi_sessions_router_acct_uq').on(t.routerId, t.acctSessionId),
    index('wifi_sessions_client_user_started_idx').on(t.clientId, t.userId, t.startedAt),
    index('wifi_sessions_open_idx')
      .on(t.clientId, t.branchId, t.startedAt)
      .where(sql`${t.stoppedAt} is null`),
  ],
);

/** Outbox of RFC 5176 Disconnect-Requests: retried until the router answers; the answer is kept. */
export const wifiDisconnects = pgTable(
  'wifi_disconnects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id').notNull(),
    branchId: integer('branch_id').notNull(),
    routerId: integer('router_id')
      .notNull()
      .references(() => wifiRouters.id),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => wifiSessions.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: ['expired', 'deactivated', 'dataUsedUp', 'staff'] }).notNull(),
    /** The staff member who pressed Disconnect; null for the automatic reasons. */
    requestedBy: integer('requested_by'),
    status: text('status', { enum: ['pending', 'acked', 'nacked', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' })
      .notNull()
      .defaultNow(),
    lastError: text('last_error'),
    /** RFC 5176 Error-Cause of a Disconnect-NAK. */
    errorCause: integer('error_cause'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('wifi_disconnects_pending_uq')
      .on(t.sessionId)
      .where(sql`${t.status} = 'pending'`),
    index('wifi_disconnects_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('wifi_disconnects_client_session_idx').on(t.clientId, t.sessionId),
  ],
);

/**
 * Biometric door devices (issue 15) speaking the ZKTeco push protocol (/iclock/*). A serial number
 * that calls in unknown is held as `pending` with no organisation until staff of a branch claim it;
 * a `removed` device is answered with nothing. The serial number is unique across organisations
 * because the device names nothing else.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id),
    branchId: integer('branch_id').references(() => branches.id),
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull().default(''),
    status: text('status', { enum: ['pending', 'accepted', 'removed'] })
      .notNull()
      .default('pending'),
    firstContactAt: timestamp('first_contact_at', { withTimezone: true, mode: 'string' }),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true, mode: 'string' }),
    lastAddress: text('last_address'),
    /** What the device says about itself (firmware, push version, counts from INFO). */
    info: jsonb('info').$type<Record<string, string>>().notNull().default({}),
    /** The ATTLOG stamp of its last upload, handed back at the handshake. */
    attStamp: text('att_stamp'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('devices_serial_uq').on(t.serialNumber),
    index('devices_client_branch_name_idx').on(t.clientId, t.branchId, t.name, t.id),
  ],
);

/**
 * What each device still has to be told, one row per (device, PIN, topic) while unconfirmed: a newer
 * state replaces an unconfirmed one (new id), so a device that was offline gets only the latest.
 * Written by the trigger on users in the member change's own transaction (migration 0011).
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The member's userId (the PIN on the device). */
    pin: integer('pin').notNull(),
    /** 'user' for the member's record, 'fp:<fid>' for one fingerprint template. */
    topic: text('topic').notNull().default('user'),
    kind: text('kind', { enum: ['enrol', 'window', 'block', 'unblock', 'delete', 'template'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    sentCount: integer('sent_count').notNull().default(0),
    returnCode: integer('return_code'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('device_commands_open_uq')
      .on(t.deviceId, t.pin, t.topic)
      .where(sql`${t.confirmedAt} is null`),
    index('device_commands_device_open_idx')
      .on(t.deviceId, t.id)
      .where(sql`${t.confirmedAt} is null`),
    index('device_commands_client_pin_idx').on(t.clientId, t.pin, t.id),
  ],
);

/** Fingerprint templates uploaded by devices, kept so a replaced device can be provisioned again. */
export const biometricTemplates = pgTable(
  'biometric_templates',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fid: smallint('fid').notNull(),
    size: integer('size').notNull(),
    valid: smallint('valid').notNull().default(1),
    template: text('template').notNull(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId, t.fid] })],
);

/**
 * One row per punch, stored once: (device, PIN, device time) is unique, so a replayed upload adds
 * nothing. `day` is the attendance day (a night window's morning punch belongs to the evening
 * before) and `cutoffAt` the instant the day's open visit is closed; in/out is the punch's place
 * in its member's day (odd = in), so pairing never depends on arrival order.
 */
export const attendancePunches = pgTable(
  'attendance_punches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    pin: integer('pin').notNull(),
    /** The member, when the PIN is one of the organisation's members. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The device's clock as sent (branch local time, no zone). */
    deviceTime: timestamp('device_time', { mode: 'string' }).notNull(),
    punchedAt: timestamp('punched_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    day: date('day', { mode: 'string' }).notNull(),
    cutoffAt: timestamp('cutoff_at', { withTimezone: true, mode: 'string' }).notNull(),
    deviceStatus: smallint('device_status').notNull().default(0),
    verify: smallint('verify').notNull().default(0),
    outsideWindow: boolean('outside_window').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
  },
  (t) => [
    uniqueIndex('attendance_punches_device_pin_time_uq').on(t.deviceId, t.pin, t.deviceTime),
    index('attendance_punches_client_branch_day_idx').on(
      t.clientId,
      t.branchId,
      t.day,
      t.userId,
      t.punchedAt,
    ),
    index('attendance_punches_client_user_idx').on(t.clientId, t.userId, t.day),
  ],
);

// Members' own page (DOMAIN.md, Members' own page; issue 37).

/**
 * A member's personal link. The token is never stored: `tokenHash` (SHA-256, hex) finds the link, and
 * `seed` lets the server make the same token again (HMAC with its secret) for `{memberLink}` in
 * messages, so the database alone gives no working link. One live link per member.
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** A deleted member takes their links along: the link is dead with them. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    seed: text('seed').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    revokedBy: integer('revoked_by'),
  },
  (t) => [
    uniqueIndex('portal_links_token_hash_uq').on(t.tokenHash),
    uniqueIndex('portal_links_client_user_live_uq')
      .on(t.clientId, t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * What the member page offered to pay by UPI: `reference` is the `tr` of the upi:// link, so a claim
 * (and the payee's bank statement) names exactly which quote was paid. The same quote on the same day
 * keeps its reference, so reloading the page does not make new ones.
 */
export const upiRequests = pgTable(
  'upi_requests',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    purpose: text('purpose', { enum: ['dues', 'renewal'] }).notNull(),
    feeStructureId: integer('fee_structure_id').references(() => feeStructures.id),
    /** The quote as offered: amount = lines + lateFine + dues (renewal) or the dues alone. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    lateFine: bigint('late_fine', { mode: 'number' }).notNull().default(0),
    dues: bigint('dues', { mode: 'number' }).notNull().default(0),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    quotedOn: date('quoted_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upi_requests_client_reference_uq').on(t.clientId, t.reference),
    uniqueIndex('upi_requests_same_quote_uq').on(
      t.clientId,
      t.userId,
      t.purpose,
      t.quotedOn,
      t.amount,
      sql`coalesce(${t.feeStructureId}, 0)`,
    ),
  ],
);

/** A member's word that they paid a UPI request: pending until staff confirm (a payment) or reject. */
export const upiClaims = pgTable(
  'upi_claims',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: integer('request_id')
      .notNull()
      .references(() => upiRequests.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The UPI transaction reference (12 digits); once per organisation, whatever became of it. */
    utr: text('utr').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    paymentId: integer('payment_id').references(() => payments.id),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upi_claims_client_utr_uq').on(t.clientId, t.utr),
    index('upi_claims_client_branch_status_idx').on(t.clientId, t.branchId, t.status, t.createdAt),
    index('upi_claims_client_user_idx').on(t.clientId, t.userId, t.createdAt),
  ],
);

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
