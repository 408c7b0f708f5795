// The member page's calls (issue 37). Plain fetch with the link's token in the `member-token` header:
// never the staff's session headers (a desk computer opening a member's link sends none of them), and
// never the token in a URL.
import type { MemberClaim, PortalSummary, UpiClaimInput } from '@app/contract/portal';
import type { Pause, PauseInput } from '@app/contract/pauses';
import { memberTokenHeader } from '@app/contract/portalNames';
import { texts, translate, type Key, type Language } from './texts';

/** A failed call: the HTTP status (0 when no answer came), the sentence's code and field errors. */
export class MemberApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: { path: string; message: string; code?: string }[],
  ) {
    super(message);
  }
}

type ErrorAnswer = { message: string; code?: string; details?: MemberApiError['details'] };
const isErrorAnswer = (body: unknown): body is ErrorAnswer =>
  typeof body === 'object' && body !== null && typeof (body as ErrorAnswer).message === 'string';

/**
 * What the member is shown for something the server said: the page's own text for the codes its API
 * answers with, else the server's sentence (English); a failed connection, the generic sentence.
 */
export function saidOnPage(language: Language, said: { message: string; code?: string | undefined }): string {
  const key = `server_${said.code ?? ''}`;
  return Object.hasOwn(texts.en, key) ? translate(language, key as Key) : said.message;
}

/** A failed call as the member reads it. */
export function problemText(language: Language, error: unknown): string {
  if (error instanceof MemberApiError && error.status > 0) return saidOnPage(language, error);
  return translate(language, 'generic');
}

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
    throw new MemberApiError(0, 'Network error');
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  if (isErrorAnswer(body)) throw new MemberApiError(response.status, body.message, body.code, body.details);
  throw new MemberApiError(response.status, response.statusText);
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

/** The member asks for a pause (issue 45, point 4); staff decide. */
export const requestPause = async (token: string, input: PauseInput): Promise<Pause> =>
  (
    await call(token, 'requestPause', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    })
  ).json() as Promise<Pause>;
