// Entrance screens (issue 47). Staff make a six-digit pairing code (devices edit), the screen trades
// it for a kiosk key (kept hashed, revocable), then, with only that key, shows its rotating QR code,
// checks in members whose own QR it scans, and listens to the results of its code's scans. A member's
// phone checks in with the screen's code and the member page's token (POST /api/portal/checkIn).
// A kiosk key is nothing to any other route: the staff's authentication does not read it.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  checkInInputSchema,
  checkInResultSchema,
  checkInRulesSchema,
  kioskCodeSchema,
  kioskIdQuerySchema,
  kioskKeyHeader,
  kioskSchema,
  memberCheckInCodeSchema,
  overrideInputSchema,
  pairingCodeInputSchema,
  pairingCodeSchema,
  pairInputSchema,
  pairResultSchema,
  scanMemberInputSchema,
  checkInPathPrefix,
  type CheckInResult,
  type CheckInRules,
  type Kiosk,
} from '@app/contract/kiosk';
import { memberTokenHeader } from '@app/contract/portalNames';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { AppError, notFound, said } from '../../platform/errors.ts';
import { hashToken, tokenShape } from '../portal/links.ts';
import { memberPageHeaders } from '../portal/memberRoutes.ts';
import { windowCounter } from '../portal/rateLimit.ts';
import { checkInRulesOf } from '../attendance/members.ts';
import { checkInMember, insideNow, refused, type CheckInBy } from './checkIn.ts';
import { checkMemberCode, kioskCode, memberCode, parseMemberCode, readKioskCode } from './codes.ts';
import { kioskEvents } from './events.ts';

const tags = ['Entrance screens'];
const publicRoute = { access: 'public' as const };
const branch = 'required' as const;
const pairingMinutes = 10;
const kioskHeaders = z.object({ [kioskKeyHeader]: z.string().optional() });
const memberHeaders = z.object({ [memberTokenHeader]: z.string().optional() });
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const tooMany = () => new AppError(429, 'RATE_LIMITED', said('TOO_MANY_REQUESTS'));

/** Allowances per minute: a screen's calls, an address's pairing tries and members' check-ins. */
export type KioskLimits = { perKiosk: number; perAddress: number };
const defaultLimits: KioskLimits = { perKiosk: 240, perAddress: 30 };

type KioskRow = {
  id: number;
  client_id: number;
  branch_id: number;
  name: string;
  last_contact_at: string | null;
  last_address: string | null;
  created_at: string;
};
const toKiosk = (r: KioskRow): Kiosk => ({
  id: r.id,
  branchId: r.branch_id,
  name: r.name,
  lastContactAt: iso(r.last_contact_at),
  lastAddress: r.last_address,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The address the screen reached the server by: a phone scanning its QR reaches it there too. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function kioskRoutes(
  app: FastifyInstance,
  db: Db,
  site: { jwtSecret: string },
  limits: KioskLimits = defaultLimits,
) {
  const events = kioskEvents(db, (err) => app.log.error({ err }, 'kiosk events failed'));
  app.addHook('preClose', async () => events.close());
  const perKiosk = windowCounter(db, 'kiosk:calls', { perMinute: limits.perKiosk });
  const perAddress = windowCounter(db, 'kiosk:address', { perMinute: limits.perAddress });

  /** The screen a kiosk key names (not revoked), its last contact moved; else 401. */
  async function kioskOf(request: FastifyRequest): Promise<KioskRow> {
    const key = request.headers[kioskKeyHeader];
    if (typeof key !== 'string' || key.length < 20 || key.length > 100) {
      throw new AppError(401, 'TOKEN_INVALID_OR_EXPIRED', said('SESSION_EXPIRED'));
    }
    const { rows } = await db.execute<KioskRow>(sql`
      update kiosks set last_contact_at = now(), last_address = ${request.ip}
       where key_hash = ${sha256(key)} and revoked_at is null
      returning id, client_id, branch_id, name, last_contact_at::text, last_address, created_at::text`);
    const kiosk = rows[0];
    if (!kiosk) throw new AppError(401, 'TOKEN_INVALID_OR_EXPIRED', said('SESSION_EXPIRED'));
    if (!(await perKiosk.take(`kiosk:${kiosk.id}`))) throw tooMany();
    return kiosk;
  }

  /**
   * Sends a result to the screen's stream, after the answer: counting who is inside does not hold up
   * the phone or the scanner waiting for its decision.
   */
  function announce(kioskId: number, clientId: number, branchId: number, result: CheckInResult) {
    void insideNow(db, clientId, branchId)
      .then((inside) => events.publish(kioskId, { ...result, insideNow: inside }))
      .catch((err: unknown) => app.log.error({ err }, 'kiosk event failed'));
  }

  // ---- Staff ----

  app.post('/api/kiosk/createPairingCode', {
    config: { access: { module: 'devices', action: 'edit', branch } },
    schema: { tags, body: pairingCodeInputSchema, response: { 201: pairingCodeSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { name } = request.body as z.output<typeof pairingCodeInputSchema>;
      await db.execute(sql`delete from kiosk_pairing_codes where used_at is null and expires_at < now()`);
      for (let attempt = 0; ; attempt++) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const { rows } = await db.execute<{ id: number; expires_at: string }>(sql`
          insert into kiosk_pairing_codes (client_id, branch_id, code, name, created_by, expires_at)
          values (${ctx.clientId}, ${ctx.branchId}, ${code}, ${name}, ${ctx.staffId},
                  now() + make_interval(mins => ${pairingMinutes}))
          on conflict do nothing returning id, expires_at::text`);
        if (rows[0]) {
          await writeAudit(db, auditOf(ctx, 'kioskPairingCode', rows[0].id, 'create', null, { name }));
          return reply.code(201).send({ code, expiresAt: new Date(rows[0].expires_at).toISOString() });
        }
        if (attempt > 20) throw new AppError(503, 'SERVICE_UNAVAILABLE', said('SERVER_BUSY'));
      }
    },
  });

  app.get('/api/kiosk/getKiosks', {
    config: { access: { module: 'devices', action: 'view', branch } },
    schema: { tags, response: { 200: z.object({ items: z.array(kioskSchema) }) } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { rows } = await db.execute<KioskRow>(sql`
        select id, client_id, branch_id, name, last_contact_at::text, last_address, created_at::text from kiosks
         where client_id = ${ctx.clientId} and branch_id = ${ctx.branchId} and revoked_at is null
         order by id`);
      return { items: rows.map(toKiosk) };
    },
  });

  app.delete('/api/kiosk/revokeKiosk', {
    config: { access: { module: 'devices', action: 'delete', branch } },
    schema: { tags, querystring: kioskIdQuerySchema },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { kioskId } = request.query as z.output<typeof kioskIdQuerySchema>;
      const { rows } = await db.execute<KioskRow>(sql`
        update kiosks set revoked_at = now(), revoked_by = ${ctx.staffId}, updated_at = now()
         where id = ${kioskId} and client_id = ${ctx.clientId} and branch_id = ${ctx.branchId} and revoked_at is null
        returning id, client_id, branch_id, name, last_contact_at::text, last_address, created_at::text`);
      if (!rows[0]) throw notFound();
      await writeAudit(db, auditOf(ctx, 'kiosk', kioskId, 'revoke', toKiosk(rows[0]), null));
      await events.revoke(kioskId);
      return reply.code(204).send();
    },
  });

  app.get('/api/kiosk/getRules', {
    config: { access: { module: 'devices', action: 'view', branch } },
    schema: { tags, response: { 200: checkInRulesSchema } },
    handler: async (request) => checkInRulesOf(db, request.ctx.clientId),
  });

  app.put('/api/kiosk/updateRules', {
    config: { access: { module: 'devices', action: 'edit', branch } },
    schema: { tags, body: checkInRulesSchema, response: { 200: checkInRulesSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as CheckInRules;
      return db.transaction(async (tx) => {
        const before = await checkInRulesOf(tx, ctx.clientId);
        await tx.execute(sql`
          insert into check_in_rules (client_id, margin_minutes, dues_limit) values (${ctx.clientId}, ${input.marginMinutes}, ${input.duesLimit})
          on conflict (client_id) do update set margin_minutes = excluded.margin_minutes,
                                                dues_limit = excluded.dues_limit, updated_at = now()`);
        await writeAudit(tx, { ...auditOf(ctx, 'checkInRules', 0, 'update', before, input), entityId: null });
        return input;
      });
    },
  });

  // Staff let a member in (or out) whatever the rules say, with a reason: audited, and the punch is
  // flagged with what the rules would have refused.
  app.post('/api/kiosk/overrideCheckIn', {
    config: { access: { module: 'attendance', action: 'add', branch } },
    schema: { tags, body: overrideInputSchema, response: { 200: checkInResultSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId, reason } = request.body as z.output<typeof overrideInputSchema>;
      const by: CheckInBy = {
        source: 'staff',
        kioskId: null,
        staffId: ctx.staffId,
        note: reason,
        override: true,
        usedKey: null,
      };
      const decided = await checkInMember(db, ctx.clientId, ctx.branchId!, userId, by);
      if (decided.result.reason === 'notMember' || decided.result.reason === 'otherBranch') {
        throw notFound('MEMBER');
      }
      await writeAudit(
        db,
        auditOf(ctx, 'attendance', decided.punchId ?? 0, 'override', null, {
          userId,
          reason,
          result: decided.result.result,
          refusals: decided.refusals,
        }),
      );
      return decided.result;
    },
  });

  // ---- The entrance screen (kiosk key) ----

  app.post('/api/kiosk/pair', {
    config: publicRoute,
    schema: { tags, body: pairInputSchema, response: { 201: pairResultSchema } },
    handler: async (request, reply) => {
      if (!(await perAddress.take(`pair:${request.ip}`))) throw tooMany();
      const { code } = request.body as z.output<typeof pairInputSchema>;
      const kioskKey = randomBytes(32).toString('base64url');
      const made = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{
          id: number;
          client_id: number;
          branch_id: number;
          name: string;
          created_by: number | null;
        }>(sql`
          select id, client_id, branch_id, name, created_by from kiosk_pairing_codes
           where code = ${code} and used_at is null and expires_at > now() for update`);
        const pairing = rows[0];
        if (!pairing) return null;
        const { rows: kiosks } = await tx.execute<{ id: number }>(sql`
          insert into kiosks (client_id, branch_id, name, key_hash, created_by, last_contact_at, last_address)
          values (${pairing.client_id}, ${pairing.branch_id}, ${pairing.name}, ${sha256(kioskKey)}, ${pairing.created_by}, now(), ${request.ip})
          returning id`);
        await tx.execute(
          sql`update kiosk_pairing_codes set used_at = now(), kiosk_id = ${kiosks[0]!.id} where id = ${pairing.id}`,
        );
        await writeAudit(tx, {
          clientId: pairing.client_id,
          branchId: pairing.branch_id,
          staffId: pairing.created_by,
          requestId: request.id,
          entity: 'kiosk',
          entityId: kiosks[0]!.id,
          action: 'pair',
          before: null,
          after: { name: pairing.name, address: request.ip },
        });
        return kiosks[0]!.id;
      });
      if (made === null) throw notFound();
      return reply.code(201).send({ kioskKey });
    },
  });

  app.get('/api/kiosk/getCode', {
    config: publicRoute,
    schema: { tags, headers: kioskHeaders, response: { 200: kioskCodeSchema } },
    handler: async (request) => {
      const kiosk = await kioskOf(request);
      const { code, expiresAt } = kioskCode(site.jwtSecret, kiosk.id);
      const { rows } = await db.execute<{ name: string }>(
        sql`select name from branches where id = ${kiosk.branch_id} and client_id = ${kiosk.client_id}`,
      );
      const url = `${originOf(request)}${checkInPathPrefix}${code}`;
      return {
        url,
        qrDataUrl: await qrOf(url),
        expiresAt,
        branchName: rows[0]?.name ?? '',
        kioskName: kiosk.name,
        insideNow: await insideNow(db, kiosk.client_id, kiosk.branch_id),
        serverTime: new Date().toISOString(),
      };
    },
  });

  // The screen read a member's own code (a barcode scanner or its camera).
  app.post('/api/kiosk/scanMember', {
    config: publicRoute,
    schema: {
      tags,
      headers: kioskHeaders,
      body: scanMemberInputSchema,
      response: { 200: checkInResultSchema },
    },
    handler: async (request) => {
      const kiosk = await kioskOf(request);
      const { memberCode: text } = request.body as z.output<typeof scanMemberInputSchema>;
      const parsed = parseMemberCode(text);
      let result: CheckInResult;
      if (!parsed) result = refused('codeInvalid');
      else {
        const { rows } = await db.execute<{ user_id: number; client_id: number; token_hash: string }>(sql`
          select user_id, client_id, token_hash from portal_links where id = ${parsed.linkId} and revoked_at is null`);
        const link = rows[0];
        const problem = link ? checkMemberCode(site.jwtSecret, parsed, link.token_hash) : 'codeInvalid';
        if (problem || !link || link.client_id !== kiosk.client_id)
          result = refused(problem ?? 'codeInvalid');
        else {
          result = (
            await checkInMember(db, kiosk.client_id, kiosk.branch_id, link.user_id, {
              ...screen(kiosk.id),
              usedKey: `m:${text}`,
            })
          ).result;
        }
      }
      announce(kiosk.id, kiosk.client_id, kiosk.branch_id, result);
      return result;
    },
  });

  app.get('/api/kiosk/events', {
    config: publicRoute,
    schema: { tags, headers: kioskHeaders },
    handler: async (request, reply) => {
      const kiosk = await kioskOf(request);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // ': open' once the stream hears every result decided from now on, on any server.
      await events.open(kiosk.id, reply.raw);
      reply.raw.write(': open\n\n');
    },
  });

  // ---- The member's phone (member-token) ----

  /** The live link of a member-token, or 404 (counted against the address). */
  async function linkOf(request: FastifyRequest, reply: FastifyReply) {
    memberPageHeaders(reply);
    if (await perAddress.over(`member:${request.ip}`)) throw tooMany();
    const raw = request.headers[memberTokenHeader];
    const { rows } =
      typeof raw === 'string' && tokenShape.test(raw)
        ? await db.execute<{ id: number; client_id: number; user_id: number; token_hash: string }>(sql`
            select l.id, l.client_id, l.user_id, l.token_hash from portal_links l
              join users u on u.id = l.user_id and u.client_id = l.client_id
             where l.token_hash = ${hashToken(raw)} and l.revoked_at is null`)
        : { rows: [] };
    if (!rows[0]) {
      await perAddress.take(`member:${request.ip}`);
      throw notFound();
    }
    return rows[0];
  }

  app.get('/api/portal/getCheckInCode', {
    config: publicRoute,
    schema: { tags, headers: memberHeaders, response: { 200: memberCheckInCodeSchema } },
    handler: async (request, reply) => {
      const link = await linkOf(request, reply);
      const made = memberCode(site.jwtSecret, { id: link.id, tokenHash: link.token_hash });
      return { ...made, qrDataUrl: await qrOf(made.memberCode) };
    },
  });

  app.post('/api/portal/checkIn', {
    config: publicRoute,
    schema: {
      tags,
      headers: memberHeaders,
      body: checkInInputSchema,
      response: { 200: checkInResultSchema },
    },
    handler: async (request, reply) => {
      const link = await linkOf(request, reply);
      if (!(await perAddress.take(`checkIn:${link.client_id}:${link.user_id}`))) throw tooMany();
      const { code } = request.body as z.output<typeof checkInInputSchema>;
      const read = readKioskCode(site.jwtSecret, code.split('/').pop() ?? '');
      if (typeof read === 'string') return refused(read);
      const { rows } = await db.execute<{ client_id: number; branch_id: number }>(
        sql`select client_id, branch_id from kiosks where id = ${read.kioskId} and revoked_at is null`,
      );
      const kiosk = rows[0];
      if (!kiosk || kiosk.client_id !== link.client_id) return refused('codeInvalid');
      const { result } = await checkInMember(db, kiosk.client_id, kiosk.branch_id, link.user_id, {
        ...screen(read.kioskId),
        usedKey: `k:${code}:${link.user_id}`,
        perResult: true,
      });
      announce(read.kioskId, kiosk.client_id, kiosk.branch_id, result);
      return result;
    },
  });
}

const qrOf = (text: string) => QRCode.toDataURL(text, { margin: 1, width: 320, errorCorrectionLevel: 'M' });

const screen = (kioskId: number): Omit<CheckInBy, 'usedKey'> => ({
  source: 'screen',
  kioskId,
  staffId: null,
  note: null,
  override: false,
});
