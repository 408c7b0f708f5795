import { useQuery } from '@tanstack/react-query';
import type { CashBook } from '@app/contract/books';
import { get } from '../../lib/api';
import { orgToday } from '../../lib/dates';
import { hasPermission, readActiveBranch } from '../../lib/session';

/**
 * The day up to which the branch's cash book is closed, when that includes today: cash cannot be
 * taken then, and the payment dialog says so before the clerk fills it in (issue 34). The same
 * query key as the cash book's tab, so a close or a reopen there refreshes it. Null while unknown,
 * when today is open, or when the staff member may not read the cash book.
 */
export function useCashClosedThrough(enabled: boolean): string | null {
  const today = orgToday();
  const book = useQuery({
    queryKey: ['cashBook', readActiveBranch()?.id ?? null, today],
    queryFn: ({ signal }) => get<CashBook>('/cashBook/getCashBook', { query: { day: today }, signal }),
    enabled: enabled && hasPermission('payments', 'view'),
    meta: { handlesError: true },
  });
  const locked = book.data?.lockedThrough ?? null;
  return locked !== null && locked >= today ? locked : null;
}
