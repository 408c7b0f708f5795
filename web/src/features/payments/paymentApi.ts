import { useQuery, useQueryClient } from '@tanstack/react-query';
import { idempotencyKeyHeader } from '@app/contract/paymentNames';
import type {
  Payment,
  PaymentInput,
  PaymentOptions,
  PaymentQuote,
  PaymentSummary,
} from '@app/contract/payments';
import { get, post, put } from '../../lib/api';
import { hasPermission, readActiveBranch, readCookie } from '../../lib/session';
import { resourceKey } from '../../lib/table/useResourceList';
import { activeUserResource } from '../users/resource';
import { paymentResource } from './resource';

/** Recording is offered only with payments add and while the organisation has payments on. */
export function canRecordPayments(): boolean {
  return hasPermission('payments', 'add') && readCookie('paymentDisabled') !== 'true';
}

const branchKey = () => readActiveBranch()?.id ?? null;

export function usePaymentOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['paymentOptions', branchKey()],
    queryFn: ({ signal }) => get<PaymentOptions>('/payment/getPaymentOptions', { signal }),
    enabled,
  });
}

export function useQuote(userId: number | null, feeStructureId: number | null) {
  return useQuery({
    queryKey: ['paymentQuote', branchKey(), userId, feeStructureId],
    queryFn: ({ signal }) =>
      get<PaymentQuote>('/payment/getPaymentQuote', {
        query: { userId: userId!, feeStructureId: feeStructureId ?? undefined },
        signal,
      }),
    enabled: userId !== null,
    // A quote depends on today's date and the member's dues: always fresh when the dialog asks.
    staleTime: 0,
  });
}

export function usePaymentSummary(query: Record<string, string | number | undefined>) {
  const { page: _page, pageSize: _size, sort: _sort, ...filters } = query;
  return useQuery({
    queryKey: [...resourceKey(paymentResource), 'summary', branchKey(), filters],
    queryFn: ({ signal }) => get<PaymentSummary>('/payment/getPaymentSummary', { query: filters, signal }),
  });
}

/** A create carries a key made when the dialog opened: a retry or a double click pays once. */
export const createPayment = (input: PaymentInput, idempotencyKey: string) =>
  post<Payment>('/payment/createPayment', input, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });

export const voidPayment = (paymentId: number, reason: string) =>
  put<Payment>('/payment/voidPayment', { reason }, { query: { paymentId } });

/** Payments, dues and members change together: every list of them is refetched. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKey(paymentResource) }),
      queryClient.invalidateQueries({ queryKey: resourceKey(activeUserResource) }),
      queryClient.invalidateQueries({ queryKey: ['dues'] }),
      queryClient.invalidateQueries({ queryKey: ['paymentQuote'] }),
    ]);
}
