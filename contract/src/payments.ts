import { z } from 'zod';
import { listQuerySchema, queryId, idSchema } from './list.ts';
import { minorAmountSchema, positiveMinorAmountSchema } from './moneySchemas.ts';
import { isoDate } from './users.ts';
import { duesSortFields, paymentSortFields } from './listNames.ts';
export { duesSortFields, paymentSortFields };

import {
  idempotencyKeyHeader,
  paymentModes,
  paymentStatuses,
  type PaymentMode,
  type PaymentStatus,
} from './paymentNames.ts';

export { idempotencyKeyHeader, paymentModes, paymentStatuses, type PaymentMode, type PaymentStatus };

/** One charged line, a snapshot of the fee type's name and amount when the payment was made. */
export const paymentLineSchema = z.object({
  /** null on lines that are not a fee type (none today; kept for lines added by hand later). */
  feeTypeId: z.number().int().nullable(),
  name: z.string(),
  amount: z.number().int(),
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

/**
 * A payment (DOMAIN.md, Money). total = lines + duesSettled + lateFine - discount; received <= total;
 * the rest (total - received) is added to the member's dues.
 */
export const paymentSchema = z.object({
  id: z.number().int(),
  branchId: z.number().int(),
  userId: z.number().int(),
  /** The member's name and mobile as they are now (for lists and receipts). */
  memberName: z.string(),
  memberMobile: z.string(),
  receiptNumber: z.string(),
  feeStructureId: z.number().int().nullable(),
  feeStructureName: z.string().nullable(),
  lines: z.array(paymentLineSchema),
  duesSettled: z.number().int(),
  lateFine: z.number().int(),
  lateFineWaiverReason: z.string().nullable(),
  discount: z.number().int(),
  discountReason: z.string().nullable(),
  total: z.number().int(),
  received: z.number().int(),
  /**
   * What of this payment is still owed now: what it left owing, less what later payments settled
   * (the oldest owing is settled first; DOMAIN.md, Dues). The member's dues are the sum of these.
   */
  due: z.number().int(),
  /** total - received: what this payment left owing when it was made (what its receipt prints). */
  leftOwing: z.number().int(),
  mode: z.enum(paymentModes),
  /**
   * 'openingCharge': a new member's first period charged when they were added and left owing
   * (received 0, nothing moved, no account; issue 41, point 2); 'payment' otherwise.
   */
  kind: z.enum(['payment', 'openingCharge']),
  bankAccountId: z.number().int().nullable(),
  bankAccountName: z.string().nullable(),
  reference: z.string(),
  /** The branch's date of the payment, YYYY-MM-DD. */
  paidAt: z.string(),
  coversFrom: z.string().nullable(),
  coversTill: z.string().nullable(),
  /** The validTill this payment replaced (a void restores it). */
  previousValidTill: z.string().nullable(),
  note: z.string(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  status: z.enum(paymentStatuses),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** Path of the public verification page: /r/{token}. */
  verifyPath: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

const reason = z.string().trim().min(1, 'Required').max(500);
const optionalReason = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * Record a payment for a member. With a fee structure it is a renewal: the server takes the
 * structure's lines (snapshot), and the member's validity is extended by its durationDays in the same
 * transaction. `lines` may override the amounts of the structure's lines (same fee types). Without a
 * fee structure the payment settles earlier dues only (duesSettled > 0).
 */
export const paymentInputSchema = z
  .object({
    userId: idSchema,
    feeStructureId: idSchema.nullable().default(null),
    /** Amounts per fee type; omitted: the structure's amounts. */
    lines: z
      .array(z.object({ feeTypeId: idSchema, amount: minorAmountSchema }))
      .max(50)
      .optional(),
    /** How much of the member's earlier dues this payment settles (0 .. current dues). */
    duesSettled: minorAmountSchema.default(0),
    /** The late fine charged; below the quote's proposal it needs lateFineWaiverReason. Omitted: the proposal. */
    lateFine: minorAmountSchema.optional(),
    lateFineWaiverReason: optionalReason,
    discount: minorAmountSchema.default(0),
    discountReason: optionalReason,
    received: positiveMinorAmountSchema,
    mode: z.enum(paymentModes),
    /** Required unless mode is cash. */
    bankAccountId: idSchema.nullable().default(null),
    reference: z.string().trim().max(120).default(''),
    note: z.string().trim().max(2000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.discount > 0 && !v.discountReason) {
      ctx.addIssue({ code: 'custom', path: ['discountReason'], message: 'Give a reason for the discount' });
    }
    if (v.mode !== 'cash' && v.bankAccountId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['bankAccountId'],
        message: 'Choose the account that received it',
      });
    }
    if (v.feeStructureId === null && v.duesSettled === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['feeStructureId'],
        message: 'Choose a fee structure, or settle earlier dues',
      });
    }
  });
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type ParsedPaymentInput = z.output<typeof paymentInputSchema>;

export const voidPaymentInputSchema = z.object({ reason });

export const paymentIdQuerySchema = z.object({ paymentId: queryId });

/**
 * What a payment would be: GET /payment/getPaymentQuote?userId=&feeStructureId=. With a structure it
 * is a renewal; without one it settles earlier dues only.
 */
export const paymentQuoteQuerySchema = z.object({
  userId: queryId,
  feeStructureId: queryId.optional(),
});

export const paymentQuoteSchema = z.object({
  userId: z.number().int(),
  memberName: z.string(),
  /** The branch's today. */
  today: z.string(),
  currentValidTill: z.string(),
  feeStructureId: z.number().int().nullable(),
  lines: z.array(paymentLineSchema),
  /** Days past validTill + grace (0 when not late). */
  daysLate: z.number().int(),
  /** The proposed late fine (per day x days late, capped). */
  lateFine: z.number().int(),
  /** The member's current dues (what a "previous dues" line may settle). */
  dues: z.number().int(),
  /** Lines + late fine + dues: what settles everything. */
  total: z.number().int(),
  /** The validity this renewal buys; null without a fee structure. */
  coversFrom: z.string().nullable(),
  coversTill: z.string().nullable(),
  /**
   * The member's first period, charged when they were added and still owed (part of `dues`): a
   * payment settling dues settles it first and covers its period (issue 41, point 2). Null otherwise.
   */
  openingCharge: z
    .object({
      receiptNumber: z.string(),
      due: z.number().int(),
      coversFrom: z.string(),
      coversTill: z.string(),
    })
    .nullable(),
});
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;

export const paymentListQuerySchema = listQuerySchema(paymentSortFields).extend({
  /** Inclusive range of paidAt (the branch's date). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  mode: z.enum(paymentModes).optional(),
  status: z.enum(paymentStatuses).optional(),
  /** Staff member who recorded it. */
  createdBy: queryId.optional(),
  feeStructureId: queryId.optional(),
  bankAccountId: queryId.optional(),
  userId: queryId.optional(),
  /** Only payments that still leave something owed (what later payments settled is not owed). */
  withDue: z.enum(['true', 'false']).optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/** Totals of the filtered view (completed payments only; voided ones are counted apart). */
export const paymentSummarySchema = z.object({
  count: z.number().int(),
  /** What the view's payments charged: lines + fines - discounts, without settled earlier dues. */
  total: z.number().int(),
  /** Everything received, including what settled earlier dues. */
  received: z.number().int(),
  /** The part of `received` that settled earlier dues ("previous dues" lines). */
  duesSettled: z.number().int(),
  /** What the view's payments still leave owed now (the same figure as the members' dues). */
  due: z.number().int(),
  voidedCount: z.number().int(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

/** The public verification page's facts: no personal data. */
export const receiptVerificationSchema = z.object({
  receiptNumber: z.string(),
  organisation: z.string(),
  branch: z.string(),
  /** What the member paid with this receipt (the same as `received`). */
  amount: z.number().int(),
  /** What the member paid, and what the payment came to: they differ for a part payment. */
  received: z.number().int(),
  total: z.number().int(),
  /**
   * What of this payment is still owed now (issue 41, point 6): its open due, the one dues figure
   * (DOMAIN.md, Dues), so later settlements lower it; 0 once settled, paid in full or voided.
   */
  due: z.number().int(),
  currency: z.string(),
  locale: z.string(),
  paidAt: z.string(),
  status: z.enum(paymentStatuses),
});
export type ReceiptVerification = z.infer<typeof receiptVerificationSchema>;

/** A member who owes money (the dues list): oldest first. */
export const memberDueSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  status: z.boolean(),
  validTill: z.string(),
  dues: z.number().int(),
  duesSince: z.string().nullable(),
});
export type MemberDue = z.infer<typeof memberDueSchema>;

export const duesListQuerySchema = listQuerySchema(duesSortFields);

/** What the record-payment dialog needs, without catalogue permissions (GET /payment/getPaymentOptions). */
export const paymentOptionsSchema = z.object({
  feeStructures: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      total: z.number().int(),
      durationDays: z.number().int(),
    }),
  ),
  bankAccounts: z.array(
    z.object({
      id: z.number().int(),
      accountName: z.string(),
      bankName: z.string(),
      branchId: z.number().int().nullable(),
    }),
  ),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;
