// Members' personal links (issue 37). The token is an HMAC of a random seed with the server's secret:
// the database keeps the seed and the token's SHA-256, so a copy of the database opens no page, while
// the server can write the live link into a reminder ({memberLink}) without storing the token.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { portalLinks, users, type WhatsAppTemplateSend } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { linkMask } from '../../platform/maskLinks.ts';

export type LinkSecrets = { secret: string; publicUrl: string };

/** 24 bytes of HMAC-SHA256 (192 bits), base64url: 32 characters. */
const tokenOf = (secret: string, seed: string) =>
  createHmac('sha256', secret).update(`member-link:${seed}`).digest().subarray(0, 24).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page's address for a token. */
export const linkUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/m/${token}`;

/** A token can only be one the server made: base64url, 32 characters. */
export const tokenShape = /^[A-Za-z0-9_-]{32}$/;

/** Ends the member's live link, if any. */
export async function revokeLinks(tx: Db | Tx, clientId: number, userId: number, staffId: number) {
  return tx
    .update(portalLinks)
    .set({ revokedAt: sql`now()`, revokedBy: staffId })
    .where(
      and(eq(portalLinks.clientId, clientId), eq(portalLinks.userId, userId), isNull(portalLinks.revokedAt)),
    )
    .returning({ id: portalLinks.id });
}

/** A new link for the member; the one before stops working in the same transaction. */
export async function createLink(
  tx: Tx,
  s: LinkSecrets,
  clientId: number,
  userId: number,
  staffId: number,
): Promise<{ id: number; url: string }> {
  await revokeLinks(tx, clientId, userId, staffId);
  const seed = randomBytes(16).toString('base64url');
  const token = tokenOf(s.secret, seed);
  const [row] = await tx
    .insert(portalLinks)
    .values({ clientId, userId, seed, tokenHash: hashToken(token), createdBy: staffId })
    .returning({ id: portalLinks.id });
  return { id: row!.id, url: linkUrl(s.publicUrl, token) };
}

/**
 * A stored live link's address, made again from its seed; '' for none. After a change of the server's
 * secret the seed no longer makes the stored token: no link then, rather than one that does not open.
 */
export function linkOfRow(
  s: LinkSecrets | undefined,
  row: { seed: string | null; tokenHash: string | null },
) {
  if (!s || !row.seed || !row.tokenHash) return '';
  const token = tokenOf(s.secret, row.seed);
  return hashToken(token) === row.tokenHash ? linkUrl(s.publicUrl, token) : '';
}

/** The member's live link as an address, or '' when they have none (for `{{memberLink}}`). */
export async function liveLinkUrl(db: Db | Tx, s: LinkSecrets | undefined, clientId: number, userId: number) {
  if (!s) return '';
  const [row] = await db
    .select({ seed: portalLinks.seed, tokenHash: portalLinks.tokenHash })
    .from(portalLinks)
    .where(
      and(eq(portalLinks.clientId, clientId), eq(portalLinks.userId, userId), isNull(portalLinks.revokedAt)),
    );
  return row ? linkOfRow(s, row) : '';
}

/**
 * The member a token opens: a live link of a member who still exists. Unknown, revoked and deleted
 * all answer undefined alike, so the caller cannot tell them apart.
 */
export async function memberOfToken(db: Db, token: string) {
  if (!tokenShape.test(token)) return undefined;
  const [row] = await db
    .select({ member: users })
    .from(portalLinks)
    .innerJoin(users, and(eq(users.id, portalLinks.userId), eq(users.clientId, portalLinks.clientId)))
    .where(and(eq(portalLinks.tokenHash, hashToken(token)), isNull(portalLinks.revokedAt)));
  return row?.member;
}

/**
 * The link as messages keep it: the token left out. The live link is put in only when the message is
 * sent (fillLinks), so the outbox, its listing and a copy of the database open no page.
 */
export const maskedLinkUrl = (url: string) => url.replace(/\/m\/[A-Za-z0-9_-]{32}$/, `/m/${linkMask}`);

const maskedInText = /https?:\/\/\S*?\/m\/\[link\]/g;

/** True when a kept text holds a masked member link. */
export const holdsMaskedLink = (text: string) => text.search(maskedInText) >= 0;

/** A kept text with its masked member links made live again ('' where the member has none now). */
export const fillLinks = (text: string, liveUrl: string) => text.replace(maskedInText, liveUrl);

/**
 * A kept message as it is sent: its masked member link made live from the member's link now, in the
 * subject, the body and a WhatsApp template's parameters. A reminder or receipt whose member has no
 * live link any more goes without one (as when they had none when it was added); the message that
 * sends the link itself cannot go without it.
 */
export async function withLiveLink<
  M extends {
    clientId: number;
    userId: number | null;
    event: string;
    subject: string;
    body: string;
    waTemplate?: WhatsAppTemplateSend | null;
  },
>(db: Db, s: LinkSecrets | undefined, m: M): Promise<M> {
  const texts = [m.subject, m.body, ...(m.waTemplate?.parameters ?? [])];
  if (!texts.some(holdsMaskedLink)) return m;
  const url = m.userId === null ? '' : await liveLinkUrl(db, s, m.clientId, m.userId);
  if (!url && m.event === 'memberLink') {
    throw new Error('The member’s page link was ended before this message went out.');
  }
  const fill = (text: string) => fillLinks(text, url);
  return {
    ...m,
    subject: fill(m.subject),
    body: fill(m.body),
    ...(m.waTemplate && { waTemplate: { ...m.waTemplate, parameters: m.waTemplate.parameters.map(fill) } }),
  };
}
