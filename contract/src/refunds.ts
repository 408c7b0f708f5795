import { z } from 'zod';
import { taxDocumentSchema } from './gst.ts';
import { idSchema, listQuerySchema, queryId } from './list.ts';
import { positiveMinorAmountSchema } from './moneySchemas.ts';
import { paymentModes } from './payments.ts';
import { isoDate } from './users.ts';
import { refundSortFields } from './listNames.ts';
import { languages } from './languages.ts';
export { refundSortFields };

/**
 * A refund against a payment (DOMAIN.md, Refund). Its number comes from the branch's own gapless
 * series; the refunds of a payment never add up to more than it received.
 */
export const refundSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  paymentId: z.number().int(),
  /** The receipt number of the payment refunded. */
  receiptNumber: z.string(),
  userId: z.number().int(),
  memberName: z.string(),
  memberMobile: z.string(),
  refundNumber: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  mode: z.enum(paymentModes),
  bankAccountId: z.number().int(),
  bankAccountName: z.string().nullable(),
  reference: z.string(),
  /** The branch's date of the refund, YYYY-MM-DD. */
  refundedAt: z.string(),
  endedMembership: z.boolean(),
  note: z.string(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundInputSchema = z
  .object({
    paymentId: idSchema,
    amount: positiveMinorAmountSchema,
    reason: z.string().trim().min(1, 'Required').max(500),
    mode: z.enum(paymentModes),
    /** Required unless mode is cash (cash comes out of the branch's cash account). */
    bankAccountId: idSchema.nullable().default(null),
    reference: z.string().trim().max(120).default(''),
    /** End the membership: validTill = today, deactivated. */
    endMembership: z.boolean().default(false),
    note: z.string().trim().max(2000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.mode !== 'cash' && v.bankAccountId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['bankAccountId'],
        message: 'Choose the account it is paid from',
      });
    }
  });
export type RefundInput = z.input<typeof refundInputSchema>;
export type ParsedRefundInput = z.output<typeof refundInputSchema>;

export const refundIdQuerySchema = z.object({ refundId: queryId });

/** GET /refund/getRefundable?receiptNumber= or ?paymentId=: what a payment may still give back. */
export const refundableQuerySchema = z
  .object({
    paymentId: queryId.optional(),
    receiptNumber: z.string().trim().min(1).max(60).optional(),
  })
  .refine((v) => v.paymentId !== undefined || v.receiptNumber !== undefined, {
    message: 'Give a payment or a receipt number',
    path: ['receiptNumber'],
  });

export const refundableSchema = z.object({
  paymentId: z.number().int(),
  receiptNumber: z.string(),
  paidAt: z.string(),
  userId: z.number().int(),
  memberName: z.string(),
  mode: z.enum(paymentModes),
  bankAccountId: z.number().int().nullable(),
  received: z.number().int(),
  /** The sum of earlier refunds of this payment. */
  refunded: z.number().int(),
  /** received - refunded: the most a new refund may be. */
  refundable: z.number().int(),
  status: z.enum(['completed', 'voided']),
  /** Whether the member is active today (ending the membership is offered only then). */
  memberActive: z.boolean(),
});
export type Refundable = z.infer<typeof refundableSchema>;

export const refundListQuerySchema = listQuerySchema(refundSortFields).extend({
  from: isoDate.optional(),
  to: isoDate.optional(),
  mode: z.enum(paymentModes).optional(),
  bankAccountId: queryId.optional(),
  paymentId: queryId.optional(),
  userId: queryId.optional(),
});
export type RefundListQuery = z.output<typeof refundListQuerySchema>;

export const refundSummarySchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

/** Everything a refund receipt prints: the refund and who issued it, where (like a payment receipt). */
export const refundReceiptSchema = z.object({
  refund: refundSchema,
  /** The payment refunded: its date and what it received. */
  payment: z.object({ receiptNumber: z.string(), paidAt: z.string(), received: z.number().int() }),
  /** The credit note this refund issued against the payment's tax invoice (issue 44), if any. */
  creditNote: taxDocumentSchema.optional(),
  organisation: z.object({
    name: z.string(),
    address: z.string(),
    taxId: z.string(),
    currency: z.string(),
    locale: z.string(),
  }),
  branch: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
});
export type RefundReceipt = z.infer<typeof refundReceiptSchema>;

export const refundReceiptPdfQuerySchema = z.object({
  refundId: queryId,
  format: z.enum(['a4', 'thermal']).default('a4'),
  lang: z.enum(languages).default('en'),
});

/** Accounts a refund may be paid from, for a clerk without bank-account rights. */
export const refundOptionsSchema = z.object({
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
export type RefundOptions = z.infer<typeof refundOptionsSchema>;
