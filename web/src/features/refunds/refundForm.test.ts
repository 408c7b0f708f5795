import { describe, expect, it } from 'vitest';
import { emptyRefundForm, refundFormSchema, toRefundInput } from './refundForm';

const issues = (values: object) => {
  const result = refundFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the refund form', () => {
  const base = { ...emptyRefundForm(150000, 'upi', 7), reason: 'Left early' };

  it('starts with the whole refundable amount, paid back the way it came in', () => {
    expect(emptyRefundForm(150000, 'upi', 7)).toMatchObject({
      amount: 150000,
      mode: 'upi',
      bankAccountId: 7,
    });
    expect(emptyRefundForm(150000, 'cash', 7).bankAccountId).toBeNull();
  });

  it('bounds the amount by what is left and above zero', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, amount: 150001 })).toEqual(['amount: refunds.errors.moreThanRefundable']);
    expect(issues({ ...base, amount: 0 })).toEqual(['amount: fieldErrors.moreThanZero']);
  });

  it('needs a reason, and an account unless cash', () => {
    expect(issues({ ...base, reason: ' ', bankAccountId: null })).toEqual([
      'reason: validation.required',
      'bankAccountId: refunds.errors.account',
    ]);
    expect(issues({ ...base, mode: 'cash', bankAccountId: null })).toEqual([]);
  });

  it('sends no account for cash', () => {
    const parsed = refundFormSchema.parse({ ...base, mode: 'cash', bankAccountId: 7 });
    expect(toRefundInput(3, parsed)).toMatchObject({ paymentId: 3, bankAccountId: null, amount: 150000 });
  });
});
