import { describe, expect, it } from 'vitest';
import type { PaymentQuote } from '@app/contract/payments';
import { emptyPaymentForm, formTotal, fromQuote, paymentFormSchema, toPaymentInput } from './paymentForm';

const quote: PaymentQuote = {
  userId: 7,
  memberName: 'Asha',
  today: '2026-11-24',
  currentValidTill: '2026-11-14',
  feeStructureId: 5,
  lines: [
    { feeTypeId: 1, name: 'Monthly Fee', amount: 150000 },
    { feeTypeId: 2, name: 'Locker', amount: 30000 },
  ],
  daysLate: 7,
  lateFine: 14000,
  dues: 20000,
  total: 214000,
  coversFrom: '2026-11-24',
  coversTill: '2026-12-23',
  openingCharge: null,
};

const filled = () => fromQuote(emptyPaymentForm({ userId: 7, feeStructureId: 5 }), quote);
const problems = (values: object) => {
  const result = paymentFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the record-payment form', () => {
  it('takes every line, the proposed fine and all earlier dues from the quote, received in full', () => {
    const values = filled();
    expect(values).toMatchObject({
      lateFine: 14000,
      proposedFine: 14000,
      duesSettled: 20000,
      dues: 20000,
      received: 214000,
    });
    expect(formTotal(values)).toBe(214000);
    expect(problems(values)).toEqual([]);
  });

  it('follows the typed amounts: lines + fine + dues - discount', () => {
    const values = { ...filled(), discount: 4000, discountReason: 'Student' };
    values.lines = [{ ...values.lines[0]!, amount: 100000 }, values.lines[1]!];
    expect(formTotal(values)).toBe(100000 + 30000 + 14000 + 20000 - 4000);
  });

  it('asks for a reason when the fine is lowered or a discount given, and an account unless cash', () => {
    expect(problems({ ...filled(), lateFine: 0, received: 200000 })).toEqual([
      'lateFineWaiverReason: payments.errors.waiverReason',
    ]);
    expect(problems({ ...filled(), discount: 100, received: 100 })).toEqual([
      'discountReason: payments.errors.discountReason',
    ]);
    expect(problems({ ...filled(), mode: 'upi' })).toEqual(['bankAccountId: payments.errors.account']);
    expect(problems({ ...filled(), lateFine: 20000 })).toEqual([
      'lateFine: payments.errors.fineAboveProposal',
    ]);
  });

  it('refuses received above the total, none, or more dues than owed', () => {
    expect(problems({ ...filled(), received: 214001 })).toEqual([
      'received: payments.errors.receivedAboveTotal',
    ]);
    expect(problems({ ...filled(), received: 0 })).toEqual(['received: fieldErrors.moreThanZero']);
    expect(problems({ ...filled(), duesSettled: 20001, received: 100 })).toEqual([
      'duesSettled: payments.errors.duesAboveOwed',
    ]);
  });

  it('sends what the API takes: reasons only when needed, no account for cash', () => {
    const values = paymentFormSchema.parse({
      ...filled(),
      lateFine: 0,
      lateFineWaiverReason: 'First delay',
      received: 200000,
      bankAccountId: 3,
    });
    expect(toPaymentInput(values)).toEqual({
      userId: 7,
      feeStructureId: 5,
      lines: [
        { feeTypeId: 1, amount: 150000 },
        { feeTypeId: 2, amount: 30000 },
      ],
      duesSettled: 20000,
      lateFine: 0,
      lateFineWaiverReason: 'First delay',
      discount: 0,
      discountReason: null,
      received: 200000,
      mode: 'cash',
      bankAccountId: null,
      reference: '',
      note: '',
    });
  });
});
