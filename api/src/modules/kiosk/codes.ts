// Rotating check-in codes (issue 47): a new one every 30 seconds, refused once older than 60, signed
// with the server's secret (HMAC-SHA256) so nobody can make one. A screen's code names the screen; a
// member's own code names their page's link and is derived from that link's token hash, so it stops
// working when the link is revoked and only the member's page can show it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { codeMaxAgeSeconds, codeRotationSeconds, memberCodePrefix } from '@app/contract/kiosk';

const slotMs = codeRotationSeconds * 1000;
export const slotOf = (ms: number) => Math.floor(ms / slotMs);
/** When a slot's code is replaced by the next one. */
export const slotEnds = (slot: number) => new Date((slot + 1) * slotMs).toISOString();

const sign = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);

const sameSignature = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type CodeProblem = 'codeInvalid' | 'codeExpired';

/** Checks a slot's age: not from the future (beyond a second of clock), not older than 60 s. */
function slotProblem(slot: number, now: number): CodeProblem | null {
  if (!Number.isSafeInteger(slot) || slot * slotMs > now + 1000) return 'codeInvalid';
  return now - slot * slotMs > codeMaxAgeSeconds * 1000 ? 'codeExpired' : null;
}

export function kioskCode(secret: string, kioskId: number, now = Date.now()) {
  const slot = slotOf(now);
  return {
    code: `${kioskId}.${slot}.${sign(secret, `kiosk:${kioskId}:${slot}`)}`,
    expiresAt: slotEnds(slot),
  };
}

/** The screen a code names, or why it is refused. */
export function readKioskCode(
  secret: string,
  code: string,
  now = Date.now(),
): { kioskId: number; slot: number } | CodeProblem {
  const m = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(code);
  if (!m) return 'codeInvalid';
  const kioskId = Number(m[1]);
  const slot = Number(m[2]);
  if (!sameSignature(m[3]!, sign(secret, `kiosk:${kioskId}:${slot}`))) return 'codeInvalid';
  return slotProblem(slot, now) ?? { kioskId, slot };
}

export function memberCode(secret: string, link: { id: number; tokenHash: string }, now = Date.now()) {
  const slot = slotOf(now);
  const sig = sign(secret, `member:${link.id}:${link.tokenHash}:${slot}`);
  return { memberCode: `${memberCodePrefix}${link.id}.${slot}.${sig}`, expiresAt: slotEnds(slot) };
}

/** The parts of a member's code; its signature is checked against the link (checkMemberCode). */
export function parseMemberCode(code: string): { linkId: number; slot: number; sig: string } | null {
  if (!code.startsWith(memberCodePrefix)) return null;
  const m = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(code.slice(memberCodePrefix.length));
  return m ? { linkId: Number(m[1]), slot: Number(m[2]), sig: m[3]! } : null;
}

export function checkMemberCode(
  secret: string,
  parsed: { linkId: number; slot: number; sig: string },
  tokenHash: string,
  now = Date.now(),
): CodeProblem | null {
  const expected = sign(secret, `member:${parsed.linkId}:${tokenHash}:${parsed.slot}`);
  if (!sameSignature(parsed.sig, expected)) return 'codeInvalid';
  return slotProblem(parsed.slot, now);
}
