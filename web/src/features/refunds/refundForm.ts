import { z } from 'zod';
import { paymentModes } from '@app/contract/paymentNames';
import type { RefundInput } from '@app/contract/refunds';

/** The refund form; `refundable` (what the payment may still give back) bounds the amount. */
export const refundFormSchema = z
  .object({
    refundable: z.number(),
    amount: z.number({ error: 'validation.required' }).int('fieldErrors.invalidAmount'),
    reason: z.string().trim().min(1, 'validation.required').max(500),
    mode: z.enum(paymentModes),
    bankAccountId: z.number().nullable(),
    reference: z.string().trim().max(120),
    endMembership: z.boolean(),
    note: z.string().trim().max(2000),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.amount <= 0) issue('amount', 'fieldErrors.moreThanZero');
    else if (v.amount > v.refundable) issue('amount', 'refunds.errors.moreThanRefundable');
    if (v.mode !== 'cash' && v.bankAccountId === null) issue('bankAccountId', 'refunds.errors.account');
  });
export type RefundFormValues = z.input<typeof refundFormSchema>;

/** A fresh form for a payment: the whole refundable amount, paid back the way it came in. */
export const emptyRefundForm = (
  refundable: number,
  mode: RefundFormValues['mode'],
  bankAccountId: number | null,
) => ({
  refundable,
  amount: refundable,
  reason: '',
  mode,
  bankAccountId: mode === 'cash' ? null : bankAccountId,
  reference: '',
  endMembership: false,
  note: '',
});

export const toRefundInput = (paymentId: number, v: z.output<typeof refundFormSchema>): RefundInput => ({
  paymentId,
  amount: v.amount,
  reason: v.reason,
  mode: v.mode,
  bankAccountId: v.mode === 'cash' ? null : v.bankAccountId,
  reference: v.reference,
  endMembership: v.endMembership,
  note: v.note,
});
