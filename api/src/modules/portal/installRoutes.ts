// A member's page added to the phone's home screen (issue 45, point 2): a web app manifest per link,
// in the organisation's name and member-page colour, that opens the member's own page, and its icon.
// A browser fetches both without headers, so the token is in their address, beside the page's own
// (/m/<token>/...): not kept (no-store), no Referer, masked in the log like the page.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { palettePrimary, type PaletteKey } from '@app/contract/palettes';
import { memberIconPath } from '@app/contract/portal';
import { clients } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { memberOfToken } from './links.ts';
import { memberPageHeaders } from './memberRoutes.ts';

const hidden = { access: 'public' as const };
const schemaHidden = { hide: true };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The organisation of a live link, with its member-page colour; 404 alike for any dead link. */
async function organisationOf(db: Db, token: string, reply: FastifyReply) {
  memberPageHeaders(reply);
  const member = await memberOfToken(db, token);
  if (!member) throw notFound();
  const [client] = await db
    .select({ name: clients.name, palette: clients.memberPalette })
    .from(clients)
    .where(eq(clients.id, member.clientId));
  if (!client) throw notFound();
  const colour = palettePrimary[client.palette as PaletteKey] ?? palettePrimary.purpleTheme;
  return { name: client.name, colour };
}

/** A square icon: the organisation's first letter, white on its colour (any size: SVG). */
export function memberIcon(name: string, colour: string): string {
  const letter = escapeXml([...name.trim()][0]?.toUpperCase() ?? 'M');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">` +
    `<rect width="512" height="512" rx="96" fill="${colour}"/>` +
    `<text x="256" y="256" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="280" font-weight="600" fill="#fff">${letter}</text></svg>`
  );
}

export function installRoutes(app: FastifyInstance, db: Db) {
  app.get('/m/:token/manifest.webmanifest', {
    config: hidden,
    schema: schemaHidden,
    handler: async (request, reply) => {
      const { token } = request.params as { token: string };
      const { name, colour } = await organisationOf(db, token, reply);
      const page = `/m/${token}`;
      return reply.type('application/manifest+json; charset=utf-8').send(
        JSON.stringify({
          // The member's own page, whichever member of the organisation installs it.
          id: page,
          name,
          short_name: [...name].slice(0, 12).join('').trim(),
          start_url: page,
          scope: page,
          display: 'standalone',
          theme_color: colour,
          background_color: '#ffffff',
          icons: [
            { src: memberIconPath(token), sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
            { src: memberIconPath(token), sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
          ],
        }),
      );
    },
  });

  app.get('/m/:token/icon.svg', {
    config: hidden,
    schema: schemaHidden,
    handler: async (request, reply) => {
      const { token } = request.params as { token: string };
      const { name, colour } = await organisationOf(db, token, reply);
      return reply.type('image/svg+xml').send(memberIcon(name, colour));
    },
  });
}
