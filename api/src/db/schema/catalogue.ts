// Catalogue (DOMAIN.md, Catalogue). Every table is organisation-owned; rooms also belong to a branch.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { branches, clients } from './organisation.ts';

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
    /** SAC code and GST rate (%) printed on tax invoices; the fee is tax-inclusive (issue 44). */
    sac: text('sac').notNull().default(''),
    gstRate: integer('gst_rate').notNull().default(18),
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
    /**
     * The merchant category code (4 digits, ISO 18245) the bank gave a merchant (business) UPI id,
     * sent as `mc` in UPI links (issue 45, point 3); '' for a personal UPI id, which sends none.
     */
    upiMerchantCode: text('upi_merchant_code').notNull().default(''),
    /**
     * Which of the file's columns is which, as staff mapped them the last time a statement of this
     * account had headings no known bank uses (issue 44, point 6); null until then.
     */
    statementMapping: jsonb('statement_mapping').$type<Record<string, string>>(),
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
