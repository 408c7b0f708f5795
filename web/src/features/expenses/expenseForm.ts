import { z } from 'zod';
import { billTypes, maxBillBytes, type ExpenseInput } from '@app/contract/expenses';
import { paymentModes } from '@app/contract/paymentNames';

/** The add-expense form; `today` (the branch's date) bounds the date. */
export const expenseFormSchema = z
  .object({
    today: z.string(),
    categoryId: z.number().nullable(),
    amount: z.number({ error: 'validation.required' }).int('fieldErrors.invalidAmount'),
    paidAt: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    mode: z.enum(paymentModes),
    bankAccountId: z.number().nullable(),
    payee: z.string().trim().max(200),
    reference: z.string().trim().max(120),
    note: z.string().trim().max(2000),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.categoryId === null) issue('categoryId', 'validation.required');
    if (v.amount <= 0) issue('amount', 'fieldErrors.moreThanZero');
    if (v.paidAt > v.today) issue('paidAt', 'expenses.errors.future');
    if (v.mode !== 'cash' && v.bankAccountId === null) issue('bankAccountId', 'expenses.errors.account');
  });
export type ExpenseFormValues = z.input<typeof expenseFormSchema>;

export const emptyExpenseForm = (today: string): ExpenseFormValues => ({
  today,
  categoryId: null,
  amount: 0,
  paidAt: today,
  mode: 'cash',
  bankAccountId: null,
  payee: '',
  reference: '',
  note: '',
});

export const toExpenseInput = (
  v: z.output<typeof expenseFormSchema>,
  billId: number | null,
): ExpenseInput => ({
  categoryId: v.categoryId!,
  amount: v.amount,
  paidAt: v.paidAt,
  mode: v.mode,
  bankAccountId: v.mode === 'cash' ? null : v.bankAccountId,
  payee: v.payee,
  reference: v.reference,
  note: v.note,
  billId,
});

/** The key of the message a bill is refused with before it is sent (the server says the same). */
export function billProblem(file: {
  type: string;
  size: number;
}): 'expenses.bill.type' | 'expenses.bill.size' | null {
  if (!(billTypes as readonly string[]).includes(file.type)) return 'expenses.bill.type';
  if (file.size > maxBillBytes) return 'expenses.bill.size';
  return null;
}
