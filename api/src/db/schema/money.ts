// Money (DOMAIN.md, Money). Rows are never edited in place except a void's status columns, and never
// deleted.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';
import { branches, clients } from './organisation.ts';
import { bankAccounts, categories, feeStructures } from './catalogue.ts';
import { users } from './members.ts';

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
    /**
     * 'openingCharge': a new member's first period charged when they were added and left owing
     * (received 0, no account, covers the validity they were added with): the dues machinery reads it
     * as any payment that left something owing, and the next payment settles it first (issue 41, point 2).
     */
    kind: text('kind', { enum: ['payment', 'openingCharge'] })
      .notNull()
      .default('payment'),
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
    // The payments that left something owing, per member in order (payments/dues.ts, issue 34): a
    // member with years of payments in full is never read to spread their dues.
    index('payments_owing_idx')
      .on(t.clientId, t.userId, t.createdAt, t.id)
      .where(sql`${t.status} = 'completed' and ${t.total} > ${t.received}`),
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
