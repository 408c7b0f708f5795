// GST documents (issue 44, points 2 and 3; DOMAIN.md, Tax and the accountant): the tax invoice or
// bill of supply a payment at a GST branch is, and the credit notes its refunds and void issue. Each
// is written once, in the payment's (refund's, void's) own transaction, with the GST facts of that
// moment copied onto it: later changes to the branch or fee types never change an issued document.
import {
  bigint,
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
import { branches, clients } from './organisation.ts';
import { payments, refunds } from './money.ts';

/** One line of a GST document: the fee as charged (tax-inclusive) split into taxable value and tax. */
export type TaxLineRow = {
  description: string;
  sac: string;
  /** Percent: 0, 5, 12, 18, 28. */
  rate: number;
  /** The line as charged, tax included (minor units): taxable + cgst + sgst + igst. */
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
};

export type TaxPartyRow = {
  name: string;
  address: string;
  gstin: string | null;
  /** Two-digit GST state code, or null when not known (an unregistered member). */
  stateCode: string | null;
};

/**
 * Gapless counters of document series that are not a branch's receipts: `invoice:{GSTIN}`,
 * `creditNote:{GSTIN}`, `billOfSupply:{GSTIN or branch:{id}}`, per financial year ('2026-27').
 * Taken like receipt_counters: an UPDATE of the row inside the document's transaction.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.series, t.fy] })],
);

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    kind: text('kind', { enum: ['invoice', 'billOfSupply', 'creditNote'] }).notNull(),
    /** `INV/26-27/00001`: at most 16 characters (CGST Rule 46(b)). */
    number: text('number').notNull(),
    series: text('series').notNull(),
    fy: text('fy').notNull(),
    seq: integer('seq').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** A credit note: the refund it is for (null for a void's credit note). */
    refundId: integer('refund_id').references(() => refunds.id),
    /** A credit note: the invoice it reverses. */
    againstId: integer('against_id'),
    /** A credit note: 'refund' or 'void'. */
    reason: text('reason'),
    supplier: jsonb('supplier').$type<TaxPartyRow>().notNull(),
    recipient: jsonb('recipient').$type<TaxPartyRow>().notNull(),
    /** Place of supply: a state code. */
    placeOfSupply: text('place_of_supply'),
    /** CGST + SGST ('intra') or IGST ('inter'); null on a bill of supply. */
    supply: text('supply', { enum: ['intra', 'inter'] }),
    lines: jsonb('lines').$type<TaxLineRow[]>().notNull(),
    taxable: bigint('taxable', { mode: 'number' }).notNull(),
    cgst: bigint('cgst', { mode: 'number' }).notNull(),
    sgst: bigint('sgst', { mode: 'number' }).notNull(),
    igst: bigint('igst', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_series_seq_uq').on(t.clientId, t.series, t.fy, t.seq),
    index('tax_documents_payment_idx').on(t.clientId, t.paymentId),
    index('tax_documents_issued_idx').on(t.clientId, t.issuedOn),
  ],
);
