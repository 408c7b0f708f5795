import type { FastifyInstance } from 'fastify';
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { listResponseSchema } from '@app/contract/list';
import {
  disconnectQuerySchema,
  memberWifiQuerySchema,
  memberWifiSchema,
  packageUsageSchema,
  wifiSessionListQuerySchema,
  wifiSessionSchema,
  type MemberWifi,
  type WifiSession,
  type WifiSessionListQuery,
} from '@app/contract/wifi';
import { users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { conflict, notFound, said } from '../../platform/errors.ts';
import { capBytesOf, memberWifiStates } from './memberState.ts';
import { sendDueDisconnects } from './outbox.ts';

const sessionColumns = sql`
  s.id::int as id, s.router_id as "routerId", r.name as "routerName", s.user_id as "userId",
  u.name as "memberName", u.mobile, s.acct_session_id as "acctSessionId", s.framed_ip as "framedIp",
  s.calling_station_id as "callingStationId", s.started_at as "startedAt", s.updated_at as "updatedAt",
  s.stopped_at as "stoppedAt", s.input_bytes::float8 as "inputBytes", s.output_bytes::float8 as "outputBytes",
  s.terminate_cause as "terminateCause",
  (select json_build_object('status', d.status, 'reason', d.reason, 'attempts', d.attempts,
      'lastError', d.last_error, 'createdAt', d.created_at, 'doneAt', d.done_at)
    from wifi_disconnects d where d.session_id = s.id order by d.id desc limit 1) as disconnect`;

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

function toSession(row: Record<string, unknown>): WifiSession {
  const d = row.disconnect as Record<string, unknown> | null;
  return {
    ...(row as unknown as WifiSession),
    startedAt: iso(row.startedAt)!,
    updatedAt: iso(row.updatedAt)!,
    stoppedAt: iso(row.stoppedAt),
    disconnect: d
      ? ({ ...d, createdAt: iso(d.createdAt)!, doneAt: iso(d.doneAt) } as WifiSession['disconnect'])
      : null,
  };
}

async function sessionsOf(db: Db, clientId: number, branchId: number, q: WifiSessionListQuery) {
  const where = sql`s.client_id = ${clientId} and s.branch_id = ${branchId}
    ${q.online === undefined ? sql`` : q.online ? sql`and s.stopped_at is null` : sql`and s.stopped_at is not null`}
    ${q.userId === undefined ? sql`` : sql`and s.user_id = ${q.userId}`}
    ${q.q ? sql`and (u.name ilike ${`%${q.q}%`} or u.mobile ilike ${`%${q.q}%`})` : sql``}`;
  const order = q.sort === 'startedAt' ? sql`s.started_at asc, s.id asc` : sql`s.started_at desc, s.id desc`;
  const [{ rows }, counted] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      select ${sessionColumns}
      from wifi_sessions s join users u on u.id = s.user_id join wifi_routers r on r.id = s.router_id
      where ${where} order by ${order} limit ${q.pageSize} offset ${q.page * q.pageSize}`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from wifi_sessions s join users u on u.id = s.user_id where ${where}`),
  ]);
  return { items: rows.map(toSession), total: counted.rows[0]!.n, page: q.page, pageSize: q.pageSize };
}

export function wifiSessionRoutes(app: FastifyInstance, db: Db) {
  const sessions = (action: 'view' | 'edit') => ({
    access: { module: 'wifiSessions' as const, action, branch: 'required' as const },
  });

  app.get('/api/wifiSession/getWifiSessions', {
    config: sessions('view'),
    schema: {
      tags: ['WiFi'],
      querystring: wifiSessionListQuerySchema,
      response: { 200: listResponseSchema(wifiSessionSchema) },
    },
    handler: async (request) =>
      sessionsOf(db, request.ctx.clientId, request.ctx.branchId!, request.query as WifiSessionListQuery),
  });

  // Staff ask the router to end a session now: an outbox row like the automatic ones, sent at once.
  app.post('/api/wifiSession/disconnect', {
    config: sessions('edit'),
    schema: { tags: ['WiFi'], querystring: disconnectQuerySchema, response: { 202: wifiSessionSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { sessionId } = request.query as { sessionId: number };
      const { rows } = await db.execute<{ id: number; routerId: number; stopped: boolean }>(sql`
        select id::int, router_id as "routerId", stopped_at is not null as stopped from wifi_sessions
        where id = ${sessionId} and client_id = ${ctx.clientId} and branch_id = ${ctx.branchId}`);
      const session = rows[0];
      if (!session) throw notFound('WIFI_SESSION');
      if (session.stopped) throw conflict(said('WIFI_SESSION_ENDED'));
      const inserted = await db.execute(sql`
        insert into wifi_disconnects (client_id, branch_id, router_id, session_id, reason, requested_by)
        values (${ctx.clientId}, ${ctx.branchId}, ${session.routerId}, ${sessionId}, 'staff', ${ctx.staffId})
        on conflict (session_id) where status = 'pending' do nothing returning id`);
      if (inserted.rows.length === 0) throw conflict(said('DISCONNECT_UNDER_WAY'));
      await writeAudit(db, {
        clientId: ctx.clientId,
        branchId: ctx.branchId,
        staffId: ctx.staffId,
        requestId: ctx.requestId,
        entity: 'wifiSession',
        entityId: sessionId,
        action: 'disconnect',
      });
      await sendDueDisconnects(db);
      const [row] = (
        await db.execute<Record<string, unknown>>(sql`
          select ${sessionColumns}
          from wifi_sessions s join users u on u.id = s.user_id join wifi_routers r on r.id = s.router_id
          where s.id = ${sessionId}`)
      ).rows;
      return reply.code(202).send(toSession(row!));
    },
  });

  const memberWhere = (clientId: number, branchId: number, userId: number) =>
    and(eq(users.clientId, clientId), eq(users.branchId, branchId), eq(users.id, userId))!;

  async function memberWifi(clientId: number, branchId: number, userId: number): Promise<MemberWifi> {
    const [state] = await memberWifiStates(db, memberWhere(clientId, branchId, userId));
    if (!state) throw notFound('MEMBER');
    return {
      userId: state.userId,
      username: state.mobile,
      pin: state.wifiPin,
      packageName: state.packageName,
      devicesPerMember: state.packageId === null ? null : state.devicesPerMember,
      usage: {
        periodStart: state.periodStart,
        usedBytes: state.usedBytes,
        capBytes: state.packageId === null ? null : capBytesOf(state),
        onlineSessions: state.openSessions,
      },
    };
  }

  app.get('/api/wifi/getMemberWifi', {
    config: { access: { module: 'users' as const, action: 'view' as const, branch: 'required' as const } },
    schema: { tags: ['WiFi'], querystring: memberWifiQuerySchema, response: { 200: memberWifiSchema } },
    handler: async (request) => {
      const { userId } = request.query as { userId: number };
      return memberWifi(request.ctx.clientId, request.ctx.branchId!, userId);
    },
  });

  app.post('/api/wifi/resetPin', {
    config: { access: { module: 'users' as const, action: 'edit' as const, branch: 'required' as const } },
    schema: { tags: ['WiFi'], querystring: memberWifiQuerySchema, response: { 200: memberWifiSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId: number };
      const pin = String(randomInt(1_000_000)).padStart(6, '0');
      const updated = await db
        .update(users)
        .set({ wifiPin: pin })
        .where(memberWhere(ctx.clientId, ctx.branchId!, userId))
        .returning({ id: users.id });
      if (updated.length === 0) throw notFound('MEMBER');
      await writeAudit(db, {
        clientId: ctx.clientId,
        branchId: ctx.branchId,
        staffId: ctx.staffId,
        requestId: ctx.requestId,
        entity: 'user',
        entityId: userId,
        action: 'resetWifiPin',
      });
      return memberWifi(ctx.clientId, ctx.branchId!, userId);
    },
  });

  app.get('/api/wifi/getPackageUsage', {
    config: { access: { module: 'packages' as const, action: 'view' as const, branch: 'required' as const } },
    schema: { tags: ['WiFi'], response: { 200: packageUsageSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const states = await memberWifiStates(
        db,
        sql`users.client_id = ${ctx.clientId} and users.branch_id = ${ctx.branchId}
          and users.package_id is not null and users.status`,
      );
      const byPackage = new Map<
        number,
        { packageName: string; members: number; online: number; usedBytes: number; membersAtCap: number }
      >();
      for (const s of states) {
        const entry = byPackage.get(s.packageId!) ?? {
          packageName: s.packageName!,
          members: 0,
          online: 0,
          usedBytes: 0,
          membersAtCap: 0,
        };
        entry.members += 1;
        entry.online += s.openSessions;
        entry.usedBytes += s.usedBytes;
        const cap = capBytesOf(s);
        if (cap !== null && s.usedBytes >= cap) entry.membersAtCap += 1;
        byPackage.set(s.packageId!, entry);
      }
      return {
        items: [...byPackage.entries()]
          .map(([packageId, v]) => ({ packageId, ...v }))
          .sort((a, b) => a.packageName.localeCompare(b.packageName)),
      };
    },
  });
}
