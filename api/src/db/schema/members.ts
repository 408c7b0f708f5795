// Members and enquiries (DOMAIN.md, Members). Both belong to a branch.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { languages } from '@app/contract/languages';
import { timestamps } from './columns.ts';
import { branches, clients } from './organisation.ts';
import { feeStructures, packages, rooms } from './catalogue.ts';

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
    /** The member's GSTIN when they are a registered business: their invoices are B2B (issue 44). */
    gstin: text('gstin'),
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
    /**
     * What was said of the validity the member was added with (issue 41, point 2): 'pay' (charged and
     * paid at the desk next), 'owing' (charged, left owing: an opening charge among their payments),
     * 'paidBefore' (paid before this product; the create's audit row keeps who and when). Null: added
     * without a fee structure, imported, converted from an enquiry, or before this was asked.
     */
    firstPeriod: text('first_period', { enum: ['pay', 'owing', 'paidBefore'] }),
    /**
     * Language of the member's page and messages (en, de, hi; issue 48). The default is the column's;
     * a new member is written with the organisation's (memberWrites, the import, an enquiry's convert).
     */
    language: text('language', { enum: languages }).notNull().default('en'),
    /** Channels the member asked not to be messaged on (email, sms, whatsapp). */
    messageOptOut: text('message_opt_out')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** A guardian who is also told of overdue dues or an expiry on WhatsApp (issue 46, point 5). */
    guardianName: text('guardian_name'),
    guardianMobile: text('guardian_mobile'),
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
 * (api/src/modules/users/wordSearch.ts, docs/decisions/performance.md "Lists at scale").
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
