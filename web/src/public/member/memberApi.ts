// The member page's calls (issue 37). Plain fetch with the link's token in the `member-token` header:
// never the staff's session headers (a desk computer opening a member's link sends none of them), and
// never the token in a URL.
import type { MemberClaim, PortalSummary, UpiClaimInput } from '@app/contract/portal';
import { memberTokenHeader } from '@app/contract/portalNames';
import { ApiError, isErrorBody } from '../../lib/api';

async function call(token: string, path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`/api/portal/${path}`, {
      ...init,
      headers: { ...init.headers, [memberTokenHeader]: token },
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiError({ status: 0, reason: 'NETWORK_ERROR', message: 'Network error' });
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) throw new ApiError({ ...body, status: response.status });
  throw new ApiError({
    status: response.status,
    reason: 'UNEXPECTED_RESPONSE',
    message: response.statusText,
  });
}

export const fetchSummary = async (token: string): Promise<PortalSummary> =>
  (await call(token, 'getSummary')).json() as Promise<PortalSummary>;

export const fetchReceiptPdf = async (token: string, paymentId: number, lang: string): Promise<Blob> =>
  (await call(token, `getReceiptPdf?paymentId=${paymentId}&lang=${lang === 'de' ? 'de' : 'en'}`)).blob();

export const claimUpiPayment = async (token: string, input: UpiClaimInput): Promise<MemberClaim> =>
  (
    await call(token, 'claimUpiPayment', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    })
  ).json() as Promise<MemberClaim>;
