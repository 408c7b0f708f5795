import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import { seatAvailabilityQuerySchema, seatAvailabilitySchema, windowsOverlap } from '@app/contract/seats';
import {
  importBodySchema,
  importPreviewSchema,
  importResultSchema,
  userHistoryEntrySchema,
  userHistoryQuerySchema,
  userIdQuerySchema,
  userInputSchema,
  userListQuerySchema,
  userSchema,
  type ParsedUserInput,
  type UserListQuery,
} from '@app/contract/users';
import { auditLog, rooms, seatHolds, staff, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { can, type StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf, registerCrud } from '../../platform/crud.ts';
import { conflict, forbidden, notFound, said, saidOf } from '../../platform/errors.ts';
import { orgDay } from '../../platform/orgDay.ts';
import { searchCondition } from '../../platform/list.ts';
import {
  branchToday,
  branchTodaySql,
  expireBranchMembers,
  MemberChecker,
  memberValues,
  toUser,
  type UserRow,
} from './members.ts';
import { importTemplate, importUsers, previewImport } from './import.ts';
import { createMember, updateMember } from './memberWrites.ts';
import { listMembers } from './wordSearch.ts';
import { memberCsv } from './exportColumns.ts';
import { exportLanguage } from '../../platform/csvExport.ts';
import { holdCounts } from '../portal/seatHolds.ts';

/** An import's file and the language its columns are named in (the screen's, as for an export). */
const importFile = (request: FastifyRequest) => ({
  csv: (request.body as { csv: string }).csv,
  lang: exportLanguage(request.headers['accept-language']),
});

const tags = ['Users'];

type SeatMapHolder = {
  userId: number;
  name: string;
  seatNumber: number;
  entryTime: string;
  exitTime: string;
  nextDayExit: boolean;
  held?: boolean;
};
const branch = 'required' as const;

const sortColumns = {
  name: users.name,
  mobile: users.mobile,
  validTill: users.validTill,
  validFrom: users.validFrom,
  joinedOn: users.joinedOn,
  seatNumber: users.seatNumber,
  createdAt: users.createdAt,
};
/**
 * Search matches name, mobile and email, partial and case-insensitive. A query of digits only (a
 * leading + allowed) is a mobile number or part of one: it matches the mobile alone, so the trigram
 * index on mobile answers it without OR-ing in the name and email indexes (docs/decisions/performance.md, "Lists
 * at scale"). The search is one of the filters, so the list, its export and Inactive Users share it.
 */
export function memberSearch(q: string | undefined): SQL | undefined {
  if (q && /^\+?\d+$/.test(q)) return searchCondition(q, [users.mobile]);
  return searchCondition(q, [users.name, users.mobile, users.email]);
}
const searchColumns: AnyPgColumn[] = [];

function filters(q: UserListQuery, ctx: StaffContext): (SQL | undefined)[] {
  // Built only for the filter that uses it: the list runs this on every request.
  const today = () => branchTodaySql(ctx.branchId!);
  return [
    q.status === undefined ? undefined : eq(users.status, q.status === 'active'),
    q.reason === undefined ? undefined : and(eq(users.status, false), eq(users.inactiveReason, q.reason)),
    q.expiringWithinDays === undefined
      ? undefined
      : and(
          eq(users.status, true),
          gte(users.validTill, sql`${today()}`),
          lte(users.validTill, sql`${today()} + ${q.expiringWithinDays}::int`),
        ),
    q.roomId === undefined ? undefined : eq(users.roomId, q.roomId),
    q.packageId === undefined ? undefined : eq(users.packageId, q.packageId),
    q.feeStructureId === undefined ? undefined : eq(users.feeStructureId, q.feeStructureId),
    q.addedToBiometricMachine === undefined
      ? undefined
      : eq(users.addedToBiometricMachine, q.addedToBiometricMachine),
    q.paused === undefined ? undefined : pausedToday(today(), q.paused),
  ];
}

/** In an approved pause on the branch's date (the days from its first day, before from + days). */
const pausedToday = (today: SQL, paused: boolean) => {
  const inPause = sql`exists (select 1 from member_pauses mp
     where mp.client_id = ${users.clientId} and mp.user_id = ${users.id} and mp.status = 'approved'
       and mp.from_day <= ${today} and ${today} < mp.from_day + mp.days)`;
  return paused ? inPause : sql`not ${inPause}`;
};

/** Inactive members are the Inactive Users screen's: listing them needs that module's view. */
const asksForInactive = (q?: UserListQuery) => q?.status === 'inactive' || q?.reason !== undefined;

async function findUser(db: Db | Tx, ctx: StaffContext, userId: number, lock = false): Promise<UserRow> {
  const q = db
    .select()
    .from(users)
    .where(and(eq(users.clientId, ctx.clientId), eq(users.branchId, ctx.branchId!), eq(users.id, userId)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound('MEMBER');
  return row;
}

export function userRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    name: 'user',
    label: 'User',
    plural: 'Users',
    recordName: 'MEMBER',
    module: 'users',
    table: users,
    branchScoped: true,
    record: userSchema,
    input: userInputSchema,
    listQuery: userListQuerySchema,
    sortColumns,
    defaultSort: 'name',
    searchColumns,
    searchWhere: memberSearch,
    list: (db, ctx, spec, query, opts) => listMembers(db, ctx, spec, query, opts),
    filters,
    beforeRead: async (db, ctx, query) => {
      if (asksForInactive(query) && !can(ctx, 'inactiveUsers', 'view')) throw forbidden();
      await expireBranchMembers(db, ctx);
    },
    toRecord: (row) => toUser(row as UserRow),
    csv: memberCsv,
    toValues: (body, ctx, tx, existing) =>
      memberValues(tx, ctx, userInputSchema.parse(body), existing as UserRow | undefined),
    uniqueMessages: { users_client_mobile_uq: said('MEMBER_MOBILE_TAKEN') },
    // The body is userInputSchema's output already (the route's validator parsed it).
    create: (ctx, body) => createMember(db, ctx, body as ParsedUserInput),
    update: (ctx, id, body) => updateMember(db, ctx, id, body as ParsedUserInput),
  });

  app.get('/api/user/getInactiveUsers', {
    config: { access: { module: 'inactiveUsers', action: 'view', branch } },
    schema: { tags, querystring: userListQuerySchema, response: { 200: listResponseSchema(userSchema) } },
    handler: async (request) => {
      const ctx = request.ctx;
      const query = { ...(request.query as UserListQuery), status: 'inactive' as const };
      await expireBranchMembers(db, ctx);
      const page = await listMembers(
        db,
        ctx,
        {
          table: users,
          where: [
            eq(users.clientId, ctx.clientId),
            eq(users.branchId, ctx.branchId!),
            ...filters(query, ctx),
          ],
          sortColumns,
          defaultSort: 'name',
          tieBreaker: users.id,
          searchColumns,
          searchWhere: memberSearch,
        },
        query,
      );
      return page;
    },
  });

  app.get('/api/user/getSeatAvailability', {
    config: { access: { module: 'users', action: 'view', branch } },
    schema: { tags, querystring: seatAvailabilityQuerySchema, response: { 200: seatAvailabilitySchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof seatAvailabilityQuerySchema>;
      await expireBranchMembers(db, ctx);
      // The room and its seats' holders in one statement, prepared once per connection (issue 36).
      const rows = await executePrepared<{ capacity: number; holders: SeatMapHolder[] }>(
        db,
        'seat_map',
        sql`
        select r.capacity, coalesce((
          select jsonb_agg(jsonb_build_object('userId', u.id, 'name', u.name, 'seatNumber', u.seat_number,
                   'entryTime', u.entry_time::text, 'exitTime', u.exit_time::text, 'nextDayExit', u.next_day_exit)
                 order by u.seat_number, u.entry_time, u.id)
            from ${users} u
           where u.client_id = ${ctx.clientId} and u.room_id = r.id and u.seat_number is not null and u.status
        ), '[]'::jsonb) || coalesce((
          -- Seats members chose on their page and still hold (issue 45): taken for the desk too.
          select jsonb_agg(jsonb_build_object('userId', m.id, 'name', m.name, 'seatNumber', seat_holds.seat_number,
                   'entryTime', seat_holds.entry_time::text, 'exitTime', seat_holds.exit_time::text,
                   'nextDayExit', seat_holds.next_day_exit, 'held', true)
                 order by seat_holds.seat_number, seat_holds.entry_time, seat_holds.id)
            from ${seatHolds} join ${users} m on m.id = seat_holds.user_id
           where seat_holds.client_id = ${ctx.clientId} and seat_holds.room_id = r.id
             and seat_holds.status = 'held' and ${holdCounts}
        ), '[]'::jsonb) as holders
          from ${rooms} r
         where r.client_id = ${ctx.clientId} and r.branch_id = ${ctx.branchId} and r.id = ${q.roomId}`,
      );
      const room = rows[0];
      if (!room) throw notFound('ROOM');
      const holders = room.holders;
      const wanted = { entryTime: q.entryTime, exitTime: q.exitTime, nextDayExit: q.nextDayExit };
      const seats = Array.from({ length: room.capacity }, (_, i) => {
        const seatNumber = i + 1;
        const takenBy = holders
          .filter((h) => h.seatNumber === seatNumber && h.userId !== q.excludeUserId)
          .map(({ seatNumber: _s, ...h }) => h);
        return { seatNumber, takenBy, free: !takenBy.some((h) => windowsOverlap(h, wanted)) };
      });
      return { capacity: room.capacity, seats };
    },
  });

  app.get('/api/user/getUserHistory', {
    config: { access: { module: 'users', action: 'view', branch } },
    schema: {
      tags,
      querystring: userHistoryQuerySchema,
      response: { 200: listResponseSchema(userHistoryEntrySchema) },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const q = request.query as z.output<typeof userHistoryQuerySchema>;
      await findUser(db, ctx, q.userId);
      const where = and(
        eq(auditLog.clientId, ctx.clientId),
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, String(q.userId)),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            action: auditLog.action,
            staffId: auditLog.staffId,
            staffName: staff.staffName,
            before: auditLog.before,
            after: auditLog.after,
          })
          .from(auditLog)
          .leftJoin(staff, eq(staff.id, auditLog.staffId))
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(q.pageSize)
          .offset(q.page * q.pageSize),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return {
        items: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })),
        total: Number(total?.n ?? 0),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  });

  app.put('/api/user/deactivateUser', {
    config: { access: { module: 'users', action: 'edit', branch } },
    schema: { tags, querystring: userIdQuerySchema, response: { 200: userSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId: number };
      return db.transaction(async (tx) => {
        const row = await findUser(tx, ctx, userId, true);
        if (!row.status) throw conflict(said('MEMBER_ALREADY_INACTIVE', { name: row.name }));
        return setStatus(tx, ctx, row, false, 'deactivate');
      });
    },
  });

  app.put('/api/user/reactivateUser', {
    config: { access: { module: 'inactiveUsers', action: 'edit', branch } },
    schema: { tags, querystring: userIdQuerySchema, response: { 200: userSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId: number };
      return db.transaction(async (tx) => {
        const row = await findUser(tx, ctx, userId, true);
        if (row.status) throw conflict(said('MEMBER_ALREADY_ACTIVE', { name: row.name }));
        const today = await branchToday(tx, ctx.branchId!);
        if (row.validTill < today) {
          throw conflict(said('VALIDITY_ENDED', { date: await orgDay(tx, ctx.clientId, row.validTill) }));
        }
        // An inactive member holds no seat: someone may have taken it meanwhile.
        if (row.roomId !== null && row.seatNumber !== null) {
          const checker = await MemberChecker.load(tx, ctx, {
            mobiles: [],
            roomIds: [row.roomId],
            lock: true,
          });
          const { conflicts } = checker.check(row as ParsedUserInput & UserRow, row);
          if (conflicts[0]) throw conflict(saidOf(conflicts[0]));
        }
        return setStatus(tx, ctx, row, true, 'reactivate');
      });
    },
  });

  app.post('/api/user/previewImport', {
    config: { access: { module: 'users', action: 'add', branch } },
    bodyLimit: 3 * 1024 * 1024,
    schema: { tags, body: importBodySchema, response: { 200: importPreviewSchema } },
    handler: async (request) => previewImport(db, request.ctx, importFile(request)),
  });

  app.post('/api/user/importUsers', {
    config: { access: { module: 'users', action: 'add', branch } },
    bodyLimit: 3 * 1024 * 1024,
    schema: { tags, body: importBodySchema, response: { 200: importResultSchema } },
    handler: async (request) => importUsers(db, request.ctx, importFile(request)),
  });

  app.get('/api/user/importTemplate', {
    config: { access: { module: 'users', action: 'add', branch } },
    schema: { tags },
    handler: async (request, reply) => {
      const lang = exportLanguage(request.headers['accept-language']);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-language', lang)
        .header('vary', 'Accept-Language')
        .header('content-disposition', 'attachment; filename="members-template.csv"')
        .send(importTemplate(lang));
    },
  });
}

async function setStatus(tx: Tx, ctx: StaffContext, row: UserRow, status: boolean, action: string) {
  const [updated] = await tx
    .update(users)
    .set({
      status,
      inactiveReason: status ? null : 'deactivated',
      updatedAt: new Date().toISOString(),
    })
    .where(eq(users.id, row.id))
    .returning();
  await writeAudit(tx, auditOf(ctx, 'user', row.id, action, toUser(row), toUser(updated!)));
  return toUser(updated!);
}
