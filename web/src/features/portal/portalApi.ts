// Staff's side of the member page (issue 37): members' links and the UPI claims to confirm.
import { useQuery } from '@tanstack/react-query';
import type { Payment } from '@app/contract/payments';
import type { PortalLink, UpiClaim, UpiClaimList, UpiClaimStatus } from '@app/contract/portal';
import { get, post, put } from '../../lib/api';
import { readActiveBranch } from '../../lib/session';

export const upiClaimsKey = ['upiClaims'] as const;

export function useUpiClaims(status: UpiClaimStatus, enabled = true) {
  return useQuery({
    queryKey: [...upiClaimsKey, readActiveBranch()?.id ?? null, status],
    queryFn: ({ signal }) => get<UpiClaimList>('/payment/getUpiClaims', { query: { status }, signal }),
    enabled,
  });
}

export const confirmUpiClaim = (claimId: number) =>
  post<Payment>('/payment/confirmUpiClaim', undefined, { query: { claimId } });
export const rejectUpiClaim = (claimId: number, reason: string) =>
  put<UpiClaim>('/payment/rejectUpiClaim', { reason }, { query: { claimId } });

/** `send`: the server also sends the link by the organisation's message channels. */
export const createMemberLink = (userId: number, send = false) =>
  post<PortalLink>('/portal/createLink', undefined, { query: { userId, send } });
export const revokeMemberLink = (userId: number) =>
  put<{ revoked: boolean }>('/portal/revokeLink', undefined, { query: { userId } });
