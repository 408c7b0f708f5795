import { z } from 'zod';
import { idSchema, listQuerySchema, queryId } from './list.ts';
import { positiveMinorAmountSchema } from './moneySchemas.ts';
import { paymentModes, paymentStatuses } from './payments.ts';
import { isoDate } from './users.ts';
import { expenseSortFields } from './listNames.ts';
export { expenseSortFields };

/** What a bill may be: a photo or a scan, up to 3 MB. */
export const billTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type BillType = (typeof billTypes)[number];
export const maxBillBytes = 3 * 1024 * 1024;

/** An expense (DOMAIN.md, Expense): voided with a reason, never edited. */
export const expenseSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  amount: z.number().int(),
  /** The branch's date it was paid, YYYY-MM-DD. */
  paidAt: z.string(),
  mode: z.enum(paymentModes),
  bankAccountId: z.number().int(),
  bankAccountName: z.string().nullable(),
  payee: z.string(),
  reference: z.string(),
  note: z.string(),
  /** The attached bill, if any. */
  bill: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  status: z.enum(paymentStatuses),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseInputSchema = z
  .object({
    categoryId: idSchema,
    amount: positiveMinorAmountSchema,
    /** The day it was paid; not after the branch's today. */
    paidAt: isoDate,
    mode: z.enum(paymentModes),
    /** Required unless mode is cash. */
    bankAccountId: idSchema.nullable().default(null),
    payee: z.string().trim().max(200).default(''),
    reference: z.string().trim().max(120).default(''),
    note: z.string().trim().max(2000).default(''),
    /** From POST /expense/uploadBill, sent before. */
    billId: idSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'cash' && v.bankAccountId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['bankAccountId'],
        message: 'Choose the account it was paid from',
      });
    }
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ParsedExpenseInput = z.output<typeof expenseInputSchema>;

export const uploadBillQuerySchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // No control characters, slashes or backslashes: the name is only ever a label and a download name.
    .refine((v) => !/[/\\]/.test(v) && ![...v].some((c) => c.charCodeAt(0) < 32), 'Not a file name'),
});
export const billUploadedSchema = z.object({ billId: z.number().int() });

export const expenseIdQuerySchema = z.object({ expenseId: queryId });
export const voidExpenseInputSchema = z.object({ reason: z.string().trim().min(1, 'Required').max(500) });

export const expenseListQuerySchema = listQuerySchema(expenseSortFields).extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  categoryId: queryId.optional(),
  mode: z.enum(paymentModes).optional(),
  bankAccountId: queryId.optional(),
  status: z.enum(paymentStatuses).optional(),
});
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

/** Totals of the filtered view (completed expenses; voided ones counted apart). */
export const expenseSummarySchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  voidedCount: z.number().int(),
});
export type ExpenseSummary = z.infer<typeof expenseSummarySchema>;

/** Active categories and accounts, for a clerk without catalogue rights (GET /expense/getExpenseOptions). */
export const expenseOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  bankAccounts: z.array(
    z.object({
      id: z.number().int(),
      accountName: z.string(),
      bankName: z.string(),
      kind: z.enum(['bank', 'cash']),
      branchId: z.number().int().nullable(),
    }),
  ),
});
export type ExpenseOptions = z.infer<typeof expenseOptionsSchema>;
