import { z } from 'zod';
import { idSchema, listQuerySchema, queryId } from './list.ts';
import { minorAmountSchema, positiveMinorAmountSchema } from './moneySchemas.ts';
import { paymentModes } from './payments.ts';
import { isoDate } from './users.ts';

// The books (DOMAIN.md, Bank and cash accounts; Cash book and day close; Branch payments).

/** What moved money in or out of an account. */
export const movementKinds = [
  'payment',
  'refund',
  'expense',
  'transferIn',
  'transferOut',
  'dayClose',
  'dayReopen',
] as const;
export type MovementKind = (typeof movementKinds)[number];

/** One line of an account statement: + into the account, - out of it. */
export const movementSchema = z.object({
  kind: z.enum(movementKinds),
  /** The row behind it: payment, refund, expense, transfer, day close or reopen id. */
  id: z.number().int().nullable(),
  day: z.string(),
  /** Receipt or refund number, category, the other account, ... */
  number: z.string(),
  description: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
  /** An uploaded bank statement's line matched it (issue 44, point 6). */
  reconciled: z.boolean(),
});
export type Movement = z.infer<typeof movementSchema>;

export const statementQuerySchema = listQuerySchema(['day'] as const).extend({
  bankAccountId: queryId,
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type StatementQuery = z.output<typeof statementQuerySchema>;

export const statementSchema = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  /** Balance before `from` (the opening balance when there is no `from`). */
  opening: z.number().int(),
  /** Sum in and out within the range, and the balance at its end. */
  totalIn: z.number().int(),
  totalOut: z.number().int(),
  closing: z.number().int(),
  /** Oldest first, with the running balance after each. */
  items: z.array(movementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The bank's balance on the last day up to the range's end that an uploaded statement has lines
   * for (its last line's balance that day), beside the books' balance that day; null without one.
   */
  bankBalance: z
    .object({ day: z.string(), bank: z.number().int(), books: z.number().int() })
    .nullable()
    .optional(),
});
export type Statement = z.infer<typeof statementSchema>;

export const transferInputSchema = z
  .object({
    fromAccountId: idSchema,
    toAccountId: idSchema,
    amount: positiveMinorAmountSchema,
    transferredAt: isoDate,
    reference: z.string().trim().max(120).default(''),
    note: z.string().trim().max(2000).default(''),
  })
  .refine((v) => v.fromAccountId !== v.toAccountId, {
    path: ['toAccountId'],
    message: 'Choose another account than the one it comes from',
  });
export type TransferInput = z.input<typeof transferInputSchema>;
export type ParsedTransferInput = z.output<typeof transferInputSchema>;

export const transferSchema = z.object({
  id: z.number().int(),
  fromAccountId: z.number().int(),
  toAccountId: z.number().int(),
  amount: z.number().int(),
  transferredAt: z.string(),
  reference: z.string(),
  note: z.string(),
  createdBy: z.number().int(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** A branch's cash on one day (GET /cashBook/getCashBook?day=). */
export const cashBookQuerySchema = z.object({ day: isoDate.optional() });

export const cashBookSchema = z.object({
  day: z.string(),
  cashAccountId: z.number().int(),
  /** Cash at the start of the day (the balance after the day before). */
  opening: z.number().int(),
  /** Everything received that day, by mode (only cash counts towards the drawer). */
  collectionsByMode: z.array(
    z.object({ mode: z.enum(paymentModes), count: z.number().int(), amount: z.number().int() }),
  ),
  /** Cash received, by the staff member who took it. */
  cashByStaff: z.array(z.object({ staffId: z.number().int(), name: z.string(), amount: z.number().int() })),
  cashIn: z.number().int(),
  cashRefunds: z.number().int(),
  cashExpenses: z.number().int(),
  /** Cash taken out to another account (deposited in the bank), and brought in from one. */
  deposits: z.number().int(),
  transfersIn: z.number().int(),
  /** opening + cashIn - cashRefunds - cashExpenses - deposits + transfersIn. */
  expected: z.number().int(),
  /** The latest closed day of the branch (cash rows up to it are locked). */
  lockedThrough: z.string().nullable(),
  close: z
    .object({
      counted: z.number().int(),
      expected: z.number().int(),
      difference: z.number().int(),
      note: z.string(),
      closedBy: z.number().int(),
      closedByName: z.string().nullable(),
      closedAt: z.string(),
    })
    .nullable(),
});
export type CashBook = z.infer<typeof cashBookSchema>;

export const closeDayInputSchema = z.object({
  day: isoDate,
  counted: minorAmountSchema,
  /** Why the counted cash differs from the books: required when it does (issue 34). */
  reason: z.string().trim().max(2000).default(''),
  /** The reason's earlier name, still taken. */
  note: z.string().trim().max(2000).default(''),
});
export type CloseDayInput = z.input<typeof closeDayInputSchema>;

/** Reopening a closed day (payments delete permission): its difference is taken back. */
export const reopenDayInputSchema = z.object({
  day: isoDate,
  reason: z.string().trim().min(1).max(2000),
});
export type ReopenDayInput = z.input<typeof reopenDayInputSchema>;

/** Branch payments: per branch for a period (GET /branchPayment/getBranchPayments?from=&to=). */
export const branchPaymentsQuerySchema = z.object({ from: isoDate, to: isoDate });

export const branchFiguresSchema = z.object({
  branchId: z.number().int(),
  branchName: z.string(),
  collections: z.number().int(),
  refunds: z.number().int(),
  /** collections - refunds */
  net: z.number().int(),
  expenses: z.number().int(),
  /** net - expenses */
  netAfterExpenses: z.number().int(),
  paymentCount: z.number().int(),
  refundCount: z.number().int(),
  expenseCount: z.number().int(),
});
export type BranchFigures = z.infer<typeof branchFiguresSchema>;

export const branchPaymentsSchema = z.object({
  from: z.string(),
  to: z.string(),
  branches: z.array(branchFiguresSchema),
  totals: branchFiguresSchema.omit({ branchId: true, branchName: true }),
});
export type BranchPayments = z.infer<typeof branchPaymentsSchema>;

/** The rows behind one branch's figure. */
export const branchRowKinds = ['payments', 'refunds', 'expenses'] as const;
export const branchRowsQuerySchema = listQuerySchema(['day'] as const).extend({
  branchId: queryId,
  kind: z.enum(branchRowKinds),
  from: isoDate,
  to: isoDate,
});
export const branchRowSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  number: z.string(),
  description: z.string(),
  mode: z.enum(paymentModes),
  amount: z.number().int(),
});
export type BranchRow = z.infer<typeof branchRowSchema>;
