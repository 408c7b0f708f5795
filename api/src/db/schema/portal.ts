// Members' own page (DOMAIN.md, Members' own page; issue 37).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, clients } from './organisation.ts';
import { bankAccounts, feeStructures, rooms } from './catalogue.ts';
import { users } from './members.ts';
import { payments } from './money.ts';

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
 * keeps its reference, so reloading the page does not make new ones; a reference belongs to the
 * account it was quoted with, so another UPI account for the branch is quoted with a new one
 * (issue 45, point 3).
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
    /**
     * The member's validity end when quoted: a payment that renews moves it, so the next renewal is
     * another request with a reference of its own (issue 41, point 6). Null on rows from before.
     */
    validTill: date('valid_till', { mode: 'string' }),
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
      sql`coalesce(${t.validTill}, '0001-01-01'::date)`,
      t.bankAccountId,
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
 * A seat a member chose on their page when renewing (issue 45, point 5): theirs for the member's daily
 * window until `expiresAt`, and for as long after as a UPI claim they filed while it was live waits
 * for staff; the confirm of that claim assigns it. Never deleted: a hold ends by time, by a newer
 * choice of the same member ('ended'), or by the confirm ('taken').
 */
export const seatHolds = pgTable(
  'seat_holds',
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
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    seatNumber: integer('seat_number').notNull(),
    /** The member's daily window when they chose: the seat is held for that window only. */
    entryTime: time('entry_time').notNull(),
    exitTime: time('exit_time').notNull(),
    nextDayExit: boolean('next_day_exit').notNull(),
    status: text('status', { enum: ['held', 'taken', 'ended'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('seat_holds_room_idx')
      .on(t.clientId, t.roomId, t.seatNumber)
      .where(sql`${t.status} = 'held'`),
    index('seat_holds_user_idx').on(t.clientId, t.userId, t.createdAt),
  ],
);
