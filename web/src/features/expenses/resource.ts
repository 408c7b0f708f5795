import { expenseSortFields } from '@app/contract/listNames';
import type { Expense } from '@app/contract/expenses';
import { defineResource } from '../../lib/table/resource';

/** Expenses of the active branch (GET /expense/getExpenses, export /expense/exportExpenses). */
export const expenseResource = defineResource<Expense>({
  name: 'expense',
  label: 'Expense',
  plural: 'Expenses',
  module: 'expenses',
  sortFields: expenseSortFields,
  filterNames: ['from', 'to', 'categoryId', 'mode', 'bankAccountId', 'status'],
});
