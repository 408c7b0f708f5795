import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billUploadedSchema,
  expenseOptionsSchema,
  expenseSchema,
  expenseSummarySchema,
  type ExpenseInput,
} from '@app/contract/expenses';
import { idempotencyKeyHeader } from '@app/contract/payments';
import { get, getBlob, post, put } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';
import { filenameFromDisposition, saveBlob } from '../../lib/table/exportCsv';
import { resourceKey } from '../../lib/table/useResourceList';
import { expenseResource } from './resource';

const branchKey = () => readActiveBranch()?.id ?? null;

/** Active categories and the accounts an expense may be paid from, without catalogue rights. */
export function useExpenseOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['expenseOptions', branchKey()],
    queryFn: ({ signal }) => get('/expense/getExpenseOptions', { schema: expenseOptionsSchema, signal }),
    enabled,
  });
}

export function useExpenseSummary(query: Record<string, string | number | undefined>) {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = query;
  return useQuery({
    queryKey: [...resourceKey(expenseResource), 'summary', branchKey(), filters],
    queryFn: ({ signal }) =>
      get('/expense/getExpenseSummary', { query: filters, schema: expenseSummarySchema, signal }),
  });
}

/** The bill goes first, as the file itself; the expense then names it. */
export const uploadBill = (file: File) =>
  post('/expense/uploadBill', file, { query: { fileName: file.name }, schema: billUploadedSchema });

export const createExpense = (input: ExpenseInput, idempotencyKey: string) =>
  post('/expense/createExpense', input, {
    schema: expenseSchema,
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });

export const voidExpense = (expenseId: number, reason: string) =>
  put('/expense/voidExpense', { reason }, { query: { expenseId }, schema: expenseSchema });

export async function downloadBill(expenseId: number, fallbackName: string) {
  const { blob, disposition } = await getBlob('/expense/getBill', { query: { expenseId } });
  saveBlob(blob, filenameFromDisposition(disposition, fallbackName));
}

export function useRefreshAfterExpense() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey(expenseResource) }),
      queryClient.invalidateQueries({ queryKey: ['bankAccount'] }),
      queryClient.invalidateQueries({ queryKey: ['cashBook'] }),
    ]);
}
