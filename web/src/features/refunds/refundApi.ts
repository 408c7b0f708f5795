import { useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '@app/contract/paymentNames';
import type { Refund, Refundable, RefundInput, RefundOptions, RefundSummary } from '@app/contract/refunds';
import { get, post } from '../../lib/api';
import { hasPermission, readActiveBranch } from '../../lib/session';
import { resourceKey } from '../../lib/table/useResourceList';
import { paymentResource } from '../payments/resource';
import { activeUserResource } from '../users/resource';
import { refundResource } from './resource';

const branchKey = () => readActiveBranch()?.id ?? null;

export const canRefund = () => hasPermission('refunds', 'add');

/** Accounts a refund may be paid from (the branch's cash and the bank accounts), without bank-account rights. */
export function useRefundOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['refundOptions', branchKey()],
    queryFn: ({ signal }) => get<RefundOptions>('/refund/getRefundOptions', { signal }),
    enabled,
  });
}

/** What a payment may still give back, by its id or its receipt number. */
export const getRefundable = (by: { paymentId: number } | { receiptNumber: string }) =>
  get<Refundable>('/refund/getRefundable', { query: by });

export function useRefundSummary(query: Record<string, string | number | undefined>) {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = query;
  return useQuery({
    queryKey: [...resourceKey(refundResource), 'summary', branchKey(), filters],
    queryFn: ({ signal }) => get<RefundSummary>('/refund/getRefundSummary', { query: filters, signal }),
  });
}

/** One key per opening of the dialog: a retry or a double click refunds once. */
export const createRefund = (input: RefundInput, idempotencyKey: string) =>
  post<Refund>('/refund/createRefund', input, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });

/** A refund changes the refunds, the payment's refundable amount, balances and maybe a member. */
export function useRefreshAfterRefund() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey(refundResource) }),
      queryClient.invalidateQueries({ queryKey: resourceKey(paymentResource) }),
      queryClient.invalidateQueries({ queryKey: resourceKey(activeUserResource) }),
      queryClient.invalidateQueries({ queryKey: ['bankAccount'] }),
      queryClient.invalidateQueries({ queryKey: ['cashBook'] }),
    ]);
}
