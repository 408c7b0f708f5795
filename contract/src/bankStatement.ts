// Bank statements (issue 44, point 6): an account's statement uploaded as its bank exports it, each
// credit matched to a member's pending UPI claim or a recorded payment, the rest decided by staff.
import { z } from 'zod';
import { idSchema, listQuerySchema, queryId } from './list.ts';

/** The roles of a statement's columns; a mapping names the file's heading for each. */
export const statementRoles = ['date', 'narration', 'reference', 'debit', 'credit', 'balance'] as const;
export type StatementRole = (typeof statementRoles)[number];

/** 2 MB of text, as the member import; an XLSX file is sent base64 (a third larger). */
export const maxStatementChars = 2_000_000;

const heading = z.string().trim().max(200);

/**
 * The file's heading for each role. Date, narration and at least one of debit/credit are needed;
 * reference and balance may be left out ('').
 */
export const statementMappingSchema = z.object({
  date: heading.min(1, 'Required'),
  narration: heading.min(1, 'Required'),
  reference: heading.default(''),
  debit: heading.default(''),
  credit: heading.default(''),
  balance: heading.default(''),
});
export type StatementMapping = z.output<typeof statementMappingSchema>;

export const statementImportQuerySchema = z.object({ bankAccountId: queryId });

export const statementImportBodySchema = z
  .object({
    csv: z.string().min(1).max(maxStatementChars, 'The file is larger than 2 MB').optional(),
    xlsxBase64: z
      .string()
      .min(1)
      .max(Math.ceil((maxStatementChars * 4) / 3), 'The file is larger than 2 MB')
      .optional(),
    /** Sent after the API answered 422 naming the file's headings; remembered for the account. */
    mapping: statementMappingSchema.optional(),
  })
  .refine((b) => (b.csv === undefined) !== (b.xlsxBase64 === undefined), {
    path: ['csv'],
    message: 'Send the file as csv or as xlsxBase64',
  });
export type StatementImportBody = z.input<typeof statementImportBodySchema>;

/** What one import did. */
export const statementImportResultSchema = z.object({
  /** The bank whose headings the file has ('plain', 'sbi', ...), or 'mapped'. */
  format: z.string(),
  /** Lines read from the file, and those of them already stored by an earlier upload. */
  read: z.number().int(),
  added: z.number().int(),
  alreadyImported: z.number().int(),
  /** Rows without a date (a bank's header, summary or footer rows) read past. */
  skipped: z.number().int(),
  /** New credits that confirmed a pending UPI claim, matched a recorded payment, or neither. */
  claimsConfirmed: z.number().int(),
  reconciled: z.number().int(),
  unmatched: z.number().int(),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

export const statementLineStatuses = ['unmatched', 'matched', 'set_aside'] as const;

export const statementLineSchema = z.object({
  id: z.number().int(),
  bankAccountId: z.number().int(),
  day: z.string(),
  narration: z.string(),
  reference: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int().nullable(),
  status: z.enum(statementLineStatuses),
  matchedKind: z.enum(['payment', 'expense', 'transferIn', 'transferOut']).nullable(),
  matchedId: z.number().int().nullable(),
  matchedBy: z.enum(['claim', 'reference', 'recorded']).nullable(),
  /** The matched payment's receipt number, member name; an expense's or transfer's reference. */
  matchedNumber: z.string().nullable(),
  matchedName: z.string().nullable(),
  setAsideReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementLineListQuerySchema = listQuerySchema(['day'] as const).extend({
  bankAccountId: queryId,
  status: z.enum(statementLineStatuses).default('unmatched'),
});
export type StatementLineListQuery = z.output<typeof statementLineListQuerySchema>;

export const statementLineIdQuerySchema = z.object({ lineId: queryId });

export const setAsideInputSchema = z.object({ reason: z.string().trim().min(1, 'Required').max(500) });

/**
 * An unmatched credit recorded as a member's payment: received is the credit, into the line's
 * account, with its reference (the UTR). A fee structure renews; without one it settles dues.
 */
export const statementPaymentInputSchema = z.object({
  userId: idSchema,
  feeStructureId: idSchema.nullable().default(null),
  duesSettled: z.number().int().min(0).default(0),
  mode: z.enum(['upi', 'bankTransfer', 'cheque', 'card']).default('bankTransfer'),
  note: z.string().trim().max(2000).default(''),
});
export type StatementPaymentInput = z.input<typeof statementPaymentInputSchema>;
