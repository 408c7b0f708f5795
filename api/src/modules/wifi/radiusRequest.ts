import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { wifiRouters } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, said } from '../../platform/errors.ts';

export type RouterRow = typeof wifiRouters.$inferSelect;

/**
 * rlm_rest's JSON body (raddb/mods-available/rest, "JSON - All attributes and values are escaped"):
 * `{ "User-Name": { "type": "string", "value": ["..."] }, ... }`. Plain `"name": "value"` pairs are
 * read too, so the endpoints can be called by hand.
 */
export type RadiusBody = Record<string, unknown>;

export function attribute(body: RadiusBody, name: string): string | undefined {
  const entry = body[name];
  if (typeof entry === 'string' || typeof entry === 'number') return String(entry);
  if (entry && typeof entry === 'object' && 'value' in entry) {
    const value = (entry as { value: unknown }).value;
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' || typeof first === 'number') return String(first);
  }
  return undefined;
}

export const integerAttribute = (body: RadiusBody, name: string): number => {
  const n = Number(attribute(body, name) ?? 0);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
};

const sameSecret = (given: string, stored: string) => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(stored, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

function basicCredentials(request: FastifyRequest): { user: string; password: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const refused = () => forbidden(said('ROUTER_REFUSED'));

/**
 * The router a REST call is about. FreeRADIUS sends HTTP Basic credentials made from the RADIUS
 * request itself: user = the router's address (`%{Packet-Src-IP-Address}`), password = the secret
 * FreeRADIUS shares with it (`%{client:secret}`). Only an address registered on a router that is
 * switched on, with that router's secret, is served: the allow-list is the Routers screen.
 */
export async function routerOf(db: Db, request: FastifyRequest): Promise<RouterRow> {
  const credentials = basicCredentials(request);
  if (!credentials) throw refused();
  const candidates = await db
    .select()
    .from(wifiRouters)
    .where(and(eq(wifiRouters.address, credentials.user), eq(wifiRouters.status, true)));
  const router = candidates.find((r) => sameSecret(credentials.password, r.secret));
  if (!router) throw refused();
  // "Last contact" on the Routers screen; written at most once a minute per router.
  if (!router.lastSeenAt || Date.now() - new Date(router.lastSeenAt).getTime() > 60_000) {
    await db
      .update(wifiRouters)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(wifiRouters.id, router.id));
  }
  return router;
}
