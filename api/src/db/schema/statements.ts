// Bank statements (issue 44, point 6): the lines of an account's statement as the bank exported them,
// each matched to what the books hold (a member's UPI claim confirmed into a payment, a recorded
// payment, an expense or a transfer), set aside with a reason, or still unmatched. Lines are never
// deleted; a line's decision is taken once, under its row lock.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './organisation.ts';
import { bankAccounts } from './catalogue.ts';

export const statementLines = pgTable(
  'statement_lines',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    narration: text('narration').notNull().default(''),
    reference: text('reference').notNull().default(''),
    /** Minor units; one of the two is 0. */
    debit: bigint('debit', { mode: 'number' }).notNull().default(0),
    credit: bigint('credit', { mode: 'number' }).notNull().default(0),
    /** The bank's balance after the line, when the file gives one. */
    balance: bigint('balance', { mode: 'number' }),
    /**
     * sha256 of the line's day, texts, amounts, balance and its position among identical lines of
     * its file: the same file uploaded again adds nothing, two genuinely identical lines stay two.
     */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['unmatched', 'matched', 'set_aside'] })
      .notNull()
      .default('unmatched'),
    /** What the line matched: a movement kind of the account statement and its row. */
    matchedKind: text('matched_kind', { enum: ['payment', 'expense', 'transferIn', 'transferOut'] }),
    matchedId: integer('matched_id'),
    /** How: a pending UPI claim confirmed, a reference found, or a payment recorded from the line. */
    matchedBy: text('matched_by', { enum: ['claim', 'reference', 'recorded'] }),
    claimId: integer('claim_id'),
    setAsideReason: text('set_aside_reason'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    importedBy: integer('imported_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('statement_lines_client_account_fingerprint_uq').on(
      t.clientId,
      t.bankAccountId,
      t.fingerprint,
    ),
    // A payment, expense or transfer is matched by one line at most.
    uniqueIndex('statement_lines_client_matched_uq')
      .on(t.clientId, t.matchedKind, t.matchedId)
      .where(sql`${t.matchedId} is not null`),
    index('statement_lines_client_account_status_idx').on(t.clientId, t.bankAccountId, t.status, t.day, t.id),
    check('statement_lines_status_ck', sql`${t.status} in ('unmatched', 'matched', 'set_aside')`),
    check(
      'statement_lines_amount_ck',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0 or ${t.credit} = 0)`,
    ),
  ],
);
