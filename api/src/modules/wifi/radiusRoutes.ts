import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { memberWifiStates } from './memberState.ts';
import { decide, refuse, type WifiDecision } from './policy.ts';
import { attribute, routerOf, type RadiusBody, type RouterRow } from './radiusRequest.ts';
import { recordAccounting } from './accounting.ts';
import { enqueueDueDisconnects } from './outbox.ts';

const radiusBody = z.record(z.string(), z.unknown());

async function decisionFor(db: Db, router: RouterRow, username: string | undefined) {
  if (!username) return { decision: refuse('unknownMember'), pin: undefined };
  const [state] = await memberWifiStates(
    db,
    and(
      eq(users.clientId, router.clientId),
      eq(users.branchId, router.branchId),
      eq(users.mobile, username),
    )!,
  );
  return { decision: decide(state), pin: state?.wifiPin };
}

/**
 * rlm_rest return codes (raddb/mods-available/rest): 2xx with a body is ok/updated and its
 * attributes are applied, 401 is reject (its body is still applied: the Reply-Message).
 */
function answer(reply: FastifyReply, decision: WifiDecision, extra: Record<string, string> = {}) {
  if (!decision.accept) return reply.code(401).send({ 'reply:Reply-Message': decision.message });
  return reply.code(200).send({ ...extra, ...decision.reply, ...decision.control });
}

/**
 * The endpoints FreeRADIUS's rest module calls (docs/decisions/wifi.md, "WiFi through FreeRADIUS").
 * Public for the staff token check; each call is tied to a registered router by routerOf.
 */
export function radiusRoutes(app: FastifyInstance, db: Db) {
  const config = { access: 'public' as const };
  const schema = { tags: ['RADIUS'], body: radiusBody };

  // authorize: accept with the package's attributes and the PIN as control:Cleartext-Password, so
  // FreeRADIUS's pap module checks the password itself.
  app.post('/api/radius/authorize', {
    config,
    schema,
    handler: async (request, reply) => {
      const router = await routerOf(db, request);
      const body = request.body as RadiusBody;
      const { decision, pin } = await decisionFor(db, router, attribute(body, 'User-Name'));
      return answer(reply, decision, pin === undefined ? {} : { 'control:Cleartext-Password': pin });
    },
  });

  // authenticate: for a site that sends the password here instead of using pap.
  app.post('/api/radius/authenticate', {
    config,
    schema,
    handler: async (request, reply) => {
      const router = await routerOf(db, request);
      const body = request.body as RadiusBody;
      const { decision, pin } = await decisionFor(db, router, attribute(body, 'User-Name'));
      const password = attribute(body, 'User-Password');
      if (decision.accept && (pin === undefined || password !== pin)) {
        return answer(reply, refuse('wrongPin'));
      }
      return answer(reply, decision);
    },
  });

  app.post('/api/radius/accounting', {
    config,
    schema,
    handler: async (request, reply) => {
      const router = await routerOf(db, request);
      const { userId } = await recordAccounting(db, router, request.body as RadiusBody);
      // A session that just used up the cap (or belongs to a member switched off meanwhile) is
      // queued for a Disconnect-Request at once; the outbox timer sends it.
      if (userId !== undefined) await enqueueDueDisconnects(db, router.clientId);
      return reply.code(204).send();
    },
  });
}
