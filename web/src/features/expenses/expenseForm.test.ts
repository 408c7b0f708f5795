import { describe, expect, it } from 'vitest';
import { billProblem, emptyExpenseForm, expenseFormSchema, toExpenseInput } from './expenseForm';

const issues = (values: object) => {
  const result = expenseFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the expense form', () => {
  const base = { ...emptyExpenseForm('2026-11-25'), categoryId: 3, amount: 45000 };

  it('is dated today by default and refuses a later day', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, paidAt: '2026-11-26' })).toEqual(['paidAt: expenses.errors.future']);
    expect(issues({ ...base, paidAt: '2026-01-01' })).toEqual([]);
  });

  it('needs a category, an amount above zero and an account unless cash', () => {
    expect(issues({ ...base, categoryId: null, amount: 0, mode: 'upi' })).toEqual([
      'categoryId: validation.required',
      'amount: fieldErrors.moreThanZero',
      'bankAccountId: expenses.errors.account',
    ]);
  });

  it('sends the uploaded bill and no account for cash', () => {
    const parsed = expenseFormSchema.parse({ ...base, bankAccountId: 9 });
    expect(toExpenseInput(parsed, 12)).toMatchObject({ categoryId: 3, billId: 12, bankAccountId: null });
  });
});

describe('a bill', () => {
  it('is a JPEG, PNG or PDF of at most 3 MB', () => {
    expect(billProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(billProblem({ type: 'application/pdf', size: 3 * 1024 * 1024 })).toBeNull();
    expect(billProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 + 1 })).toBe('expenses.bill.size');
    expect(billProblem({ type: 'image/gif', size: 10 })).toBe('expenses.bill.type');
  });
});
