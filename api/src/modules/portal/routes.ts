// The member page (issue 37): staff make links, members read their page and claim UPI payments,
// staff confirm or reject the claims.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimRoutes } from './claimRoutes.ts';
import { counterRoutes } from './counterRoutes.ts';
import { installRoutes } from './installRoutes.ts';
import { linkRoutes } from './linkRoutes.ts';
import { memberPageHeaders, memberRoutes } from './memberRoutes.ts';
import { memberPageRoutes } from './page/pageRoutes.ts';
import { devanagariFontRoute } from './page/fontRoute.ts';
import { linkMask, maskMemberLinks } from '../../platform/maskLinks.ts';
import type { Allowance } from './rateLimit.ts';

/** `site` is read per request: the server learns its own address only once it listens. */
export function portalRoutes(
  app: FastifyInstance,
  db: Db,
  site: { publicUrl: string; jwtSecret: string; smtpUrl?: string },
  allowance?: Allowance,
) {
  // E-mail leaves only through a mail server (SMTP_URL); without one it is logged (platform/mailer.ts).
  const mailServer = Boolean(site.smtpUrl);
  linkRoutes(app, db, () => ({ secret: site.jwtSecret, publicUrl: site.publicUrl }), mailServer);
  memberRoutes(app, db, site, allowance);
  claimRoutes(app, db, site);
  counterRoutes(app, db);
  installRoutes(app, db);
  // The page itself (/m/<token>), drawn on the server (issue 45, point 1).
  memberPageRoutes(app, db, () => site.jwtSecret);
  // Its Devanagari font, for a phone that has none (issue 48).
  devanagariFontRoute(app);
  // The member pages (the one above, and the check-in page /m/in/<code> of the web's member entry,
  // served by the web app's catch-all): not kept, no Referer onwards.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/m\//i.test(request.url)) memberPageHeaders(reply);
  });
}

/** Any query value named like a token (token, memberToken, member-token, access_token). */
const tokenQuery = /([?&;][\w-]*token=)[^&#]*/gi;
/** A run of exactly a member token's shape (32 base64url characters), wherever it stands. */
const tokenShaped = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g;
const maskUrl = (url: string) =>
  maskMemberLinks(url).replace(tokenQuery, `$1${linkMask}`).replace(tokenShaped, linkMask);

/**
 * The request log's URL with every form of a member link's token masked (issue 45, point 7): the
 * page's address in any spelling (`/m/`, `//m/`, `/app/m/`, `/%6D/`), a token in any query value
 * named like one, and any run of a token's shape. A URL that decodes to something to mask is logged
 * decoded and masked, so percent-encoding a token does not get it logged.
 */
export function loggedUrl(url: string): string {
  const masked = maskUrl(url);
  let decoded: string;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return masked;
  }
  const maskedDecoded = maskUrl(decoded);
  return maskedDecoded !== decoded ? maskedDecoded : masked;
}
