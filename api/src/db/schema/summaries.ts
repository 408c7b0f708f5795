// Kept summaries for the dashboard and analytics (issue 13): written in the same transactions as the
// rows they sum, so a figure is a few index reads however many payments or members there are.
import { bigint, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

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
