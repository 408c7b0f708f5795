// The member page (issue 37): staff make links, members read their page and claim UPI payments,
// staff confirm or reject the claims.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimRoutes } from './claimRoutes.ts';
import { counterRoutes } from './counterRoutes.ts';
import { linkRoutes } from './linkRoutes.ts';
import { memberPageHeaders, memberRoutes } from './memberRoutes.ts';
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
  // The page itself (/m/<token>, served by the web app's catch-all): not kept, no Referer onwards.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/m\//i.test(request.url)) memberPageHeaders(reply);
  });
}

/**
 * The request log's URL with a member link's token left out: the page's own address carries it, and
 * a client that wrongly sends it as a query parameter must not get it logged either.
 */
export const loggedUrl = (url: string) =>
  url.replace(/^\/m\/[^/?#]*/i, '/m/[link]').replace(/([?&]member-token=)[^&#]*/gi, '$1[link]');
