import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  billUploadedSchema,
  Expense,
  ExpenseInput,
  ExpenseOptions,
  ExpenseSummary,
} from '@app/contract/expenses';
import { idempotencyKeyHeader } from '@app/contract/paymentNames';
import { get, getBlob, post, put } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';
import { filenameFromDisposition, saveBlob } from '../../lib/table/exportCsv';
import { resourceKey } from '../../lib/table/useResourceList';
import { expenseResource } from './resource';

type BillUploaded = z.output<typeof billUploadedSchema>;

const branchKey = () => readActiveBranch()?.id ?? null;

/** Active categories and the accounts an expense may be paid from, without catalogue rights. */
export function useExpenseOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['expenseOptions', branchKey()],
    queryFn: ({ signal }) => get<ExpenseOptions>('/expense/getExpenseOptions', { signal }),
    enabled,
  });
}

export function useExpenseSummary(query: Record<string, string | number | undefined>) {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = query;
  return useQuery({
    queryKey: [...resourceKey(expenseResource), 'summary', branchKey(), filters],
    queryFn: ({ signal }) => get<ExpenseSummary>('/expense/getExpenseSummary', { query: filters, signal }),
  });
}

/** The bill goes first, as the file itself; the expense then names it. */
export const uploadBill = (file: File) =>
  post<BillUploaded>('/expense/uploadBill', file, { query: { fileName: file.name } });

export const createExpense = (input: ExpenseInput, idempotencyKey: string) =>
  post<Expense>('/expense/createExpense', input, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });

export const voidExpense = (expenseId: number, reason: string) =>
  put<Expense>('/expense/voidExpense', { reason }, { query: { expenseId } });

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
