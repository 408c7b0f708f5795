import { z } from 'zod';
import { paymentModes } from '@app/contract/paymentNames';
import type { PaymentInput, PaymentQuote } from '@app/contract/payments';
import { maxMinorAmount } from '@app/contract/money';

const amount = z
  .number({ error: 'validation.required' })
  .int('fieldErrors.invalidAmount')
  .min(0, 'fieldErrors.notNegative')
  .max(maxMinorAmount, 'fieldErrors.amountTooLarge');

/** The record-payment form: amounts in minor units, the quote's proposal kept to check a waiver. */
export const paymentFormSchema = z
  .object({
    userId: z.number().nullable(),
    feeStructureId: z.number().nullable(),
    lines: z.array(z.object({ feeTypeId: z.number().nullable(), name: z.string(), amount })),
    proposedFine: z.number(),
    lateFine: amount,
    lateFineWaiverReason: z.string().trim().max(500),
    dues: z.number(),
    duesSettled: amount,
    discount: amount,
    discountReason: z.string().trim().max(500),
    received: amount,
    mode: z.enum(paymentModes),
    bankAccountId: z.number().nullable(),
    reference: z.string().trim().max(120),
    note: z.string().trim().max(2000),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.userId === null) issue('userId', 'validation.required');
    if (v.lateFine > v.proposedFine) issue('lateFine', 'payments.errors.fineAboveProposal');
    if (v.lateFine < v.proposedFine && !v.lateFineWaiverReason)
      issue('lateFineWaiverReason', 'payments.errors.waiverReason');
    if (v.duesSettled > v.dues) issue('duesSettled', 'payments.errors.duesAboveOwed');
    if (v.discount > 0 && !v.discountReason) issue('discountReason', 'payments.errors.discountReason');
    const total = formTotal(v);
    if (v.discount > total + v.discount) issue('discount', 'payments.errors.discountAboveAmount');
    if (total <= 0) issue('received', 'payments.errors.nothingToPay');
    else if (v.received <= 0) issue('received', 'fieldErrors.moreThanZero');
    else if (v.received > total) issue('received', 'payments.errors.receivedAboveTotal');
    if (v.mode !== 'cash' && v.bankAccountId === null) issue('bankAccountId', 'payments.errors.account');
  });

export type PaymentFormValues = z.input<typeof paymentFormSchema>;

type Amounts = Pick<PaymentFormValues, 'lines' | 'lateFine' | 'duesSettled' | 'discount'>;

/** Lines + late fine + previous dues - discount: what the server will charge. */
export function formTotal(v: Amounts): number {
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return v.lines.reduce((sum, l) => sum + n(l.amount), 0) + n(v.lateFine) + n(v.duesSettled) - n(v.discount);
}

/** A fresh form for `member` (or none yet): their own fee structure proposed. */
export const emptyPaymentForm = (
  member: { userId: number; feeStructureId: number | null } | null,
): PaymentFormValues => ({
  userId: member?.userId ?? null,
  feeStructureId: member?.feeStructureId ?? null,
  lines: [],
  proposedFine: 0,
  lateFine: 0,
  lateFineWaiverReason: '',
  dues: 0,
  duesSettled: 0,
  discount: 0,
  discountReason: '',
  received: 0,
  mode: 'cash',
  bankAccountId: null,
  reference: '',
  note: '',
});

/** The amounts a quote proposes: every line, the fine, all earlier dues, paid in full. */
export function fromQuote(current: PaymentFormValues, quote: PaymentQuote): PaymentFormValues {
  const next = {
    ...current,
    feeStructureId: quote.feeStructureId,
    lines: quote.lines,
    proposedFine: quote.lateFine,
    lateFine: quote.lateFine,
    lateFineWaiverReason: '',
    dues: quote.dues,
    duesSettled: quote.dues,
    discount: 0,
    discountReason: '',
  };
  return { ...next, received: formTotal(next) };
}

/** The request body: amounts the structure proposes are sent as typed, reasons only when needed. */
export function toPaymentInput(v: z.output<typeof paymentFormSchema>): PaymentInput {
  return {
    userId: v.userId!,
    feeStructureId: v.feeStructureId,
    lines: v.lines
      .filter((l) => l.feeTypeId !== null)
      .map((l) => ({ feeTypeId: l.feeTypeId!, amount: l.amount })),
    duesSettled: v.duesSettled,
    lateFine: v.lateFine,
    lateFineWaiverReason: v.lateFine < v.proposedFine ? v.lateFineWaiverReason : null,
    discount: v.discount,
    discountReason: v.discount > 0 ? v.discountReason : null,
    received: v.received,
    mode: v.mode,
    bankAccountId: v.mode === 'cash' ? null : v.bankAccountId,
    reference: v.reference,
    note: v.note,
  };
}
