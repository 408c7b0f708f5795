// The books (DOMAIN.md, Money): money moved between accounts, and the cash book's closed and
// reopened days. Rows are never edited in place and never deleted.
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches, clients } from './organisation.ts';
import { bankAccounts } from './catalogue.ts';

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
