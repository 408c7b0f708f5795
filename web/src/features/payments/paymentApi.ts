import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentOptionsSchema,
  paymentQuoteSchema,
  paymentSchema,
  paymentSummarySchema,
  idempotencyKeyHeader,
} from '@app/contract/payments';
import type { PaymentInput } from '@app/contract/payments';
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
    queryFn: ({ signal }) => get('/payment/getPaymentOptions', { schema: paymentOptionsSchema, signal }),
    enabled,
  });
}

export function useQuote(userId: number | null, feeStructureId: number | null) {
  return useQuery({
    queryKey: ['paymentQuote', branchKey(), userId, feeStructureId],
    queryFn: ({ signal }) =>
      get('/payment/getPaymentQuote', {
        query: { userId: userId!, feeStructureId: feeStructureId ?? undefined },
        schema: paymentQuoteSchema,
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
    queryFn: ({ signal }) =>
      get('/payment/getPaymentSummary', { query: filters, schema: paymentSummarySchema, signal }),
  });
}

/** A create carries a key made when the dialog opened: a retry or a double click pays once. */
export const createPayment = (input: PaymentInput, idempotencyKey: string) =>
  post('/payment/createPayment', input, {
    schema: paymentSchema,
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });

export const voidPayment = (paymentId: number, reason: string) =>
  put('/payment/voidPayment', { reason }, { query: { paymentId }, schema: paymentSchema });

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
