// Pauses (issue 45, point 4; DOMAIN.md, Members): a member's validity stops for the paused days.
// Staff pause a member at once; a member asks from their page and staff approve or refuse. Approving
// moves validTill on by the days; ending early moves it back by the days not used. The organisation's
// policy (fewest days per pause, most days in a calendar year) bounds both ways in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { memberTokenHeader } from '@app/contract/portalNames';
import {
  pauseIdQuerySchema,
  pauseInputSchema,
  pausePolicySchema,
  pauseSchema,
  rejectPauseInputSchema,
  type Pause,
  type PausePolicy,
} from '@app/contract/pauses';
import { userIdQuerySchema } from '@app/contract/users';
import { clients, memberPauses, users } from '../../db/schema.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { StaffContext } from '../../platform/auth.ts';
import { writeAudit } from '../../platform/audit.ts';
import { auditOf } from '../../platform/crud.ts';
import { AppError, conflict, notFound, said } from '../../platform/errors.ts';
import { orgDay } from '../../platform/orgDay.ts';
import { addDays, daysBetween } from '../payments/quote.ts';
import { branchToday } from '../users/members.ts';
import { memberOfToken } from '../portal/links.ts';
import { memberPageHeaders } from '../portal/memberRoutes.ts';
import { windowCounter } from '../portal/rateLimit.ts';
import { syncPauseDoors } from './doors.ts';

const tags = ['Pauses'];
const branch = 'required' as const;
type PauseRow = typeof memberPauses.$inferSelect;
type Input = z.output<typeof pauseInputSchema>;

/** The first day not paused: the day it was ended on, else from + days. */
const untilOf = (p: Pick<PauseRow, 'fromDay' | 'days' | 'endedOn'>) =>
  p.endedOn ?? addDays(p.fromDay, p.days);
/** Days a pause holds: all its days unless ended (then the days before the end), none once rejected. */
const heldDays = (p: PauseRow) =>
  p.status === 'rejected' ? 0 : p.status === 'ended' ? daysBetween(p.fromDay, p.endedOn!) : p.days;

const toPause = (p: PauseRow, memberName: string): Pause => ({
  id: p.id,
  userId: p.userId,
  memberName,
  from: p.fromDay,
  days: p.days,
  until: untilOf(p),
  reason: p.reason,
  status: p.status,
  requestedBy: p.requestedBy,
  rejectReason: p.rejectReason,
  endedOn: p.endedOn,
  createdAt: new Date(p.createdAt).toISOString(),
});

export async function pausePolicy(db: Db | Tx, clientId: number): Promise<PausePolicy> {
  const [row] = await db
    .select({
      maxDaysYear: clients.pauseMaxDaysYear,
      minDays: clients.pauseMinDays,
      holdsSeat: clients.pauseHoldsSeat,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row!;
}

/** The member's row, locked, in the caller's organisation and branch. */
async function lockedMember(tx: Tx, clientId: number, branchId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.branchId, branchId), eq(users.id, userId)))
    .for('update');
  if (!row) throw notFound('MEMBER');
  return row;
}

/**
 * The policy's and the calendar's checks of a pause for a member (their row locked): at least the
 * fewest days, starting between today and validTill, overlapping none of their pauses, and within
 * the year's days together with the others (requests included) of the year it starts in.
 */
async function checkPause(
  tx: Tx,
  member: typeof users.$inferSelect,
  input: { from: string; days: number },
  today: string,
  exceptId?: number,
) {
  const policy = await pausePolicy(tx, member.clientId);
  if (input.days < policy.minDays) throw conflict(said('PAUSE_TOO_SHORT', { min: policy.minDays }));
  if (input.from < today || input.from > member.validTill) {
    throw conflict(
      said('PAUSE_OUTSIDE_VALIDITY', { date: await orgDay(tx, member.clientId, member.validTill) }),
    );
  }
  const others = (
    await tx
      .select()
      .from(memberPauses)
      .where(and(eq(memberPauses.clientId, member.clientId), eq(memberPauses.userId, member.id)))
  ).filter((p) => p.id !== exceptId && heldDays(p) > 0);
  const until = addDays(input.from, input.days);
  const overlapping = others.find((p) => p.fromDay < until && input.from < untilOf(p));
  if (overlapping) {
    throw conflict(said('PAUSE_OVERLAPS', { date: await orgDay(tx, member.clientId, overlapping.fromDay) }));
  }
  const year = input.from.slice(0, 4);
  const used = others.filter((p) => p.fromDay.startsWith(year)).reduce((n, p) => n + heldDays(p), 0);
  if (used + input.days > policy.maxDaysYear) {
    throw conflict(
      said('PAUSE_YEAR_LIMIT', {
        max: policy.maxDaysYear,
        year,
        left: Math.max(0, policy.maxDaysYear - used),
      }),
    );
  }
}

/** validTill moved by `days` (back when negative), audited on the member. */
async function moveValidity(
  tx: Tx,
  ctx: StaffContext,
  member: typeof users.$inferSelect,
  days: number,
  action: string,
) {
  const validTill = addDays(member.validTill, days);
  await tx
    .update(users)
    .set({ validTill, updatedAt: new Date().toISOString() })
    .where(eq(users.id, member.id));
  await writeAudit(
    tx,
    auditOf(ctx, 'user', member.id, action, { validTill: member.validTill }, { validTill }),
  );
}

async function pauseOf(tx: Tx | Db, ctx: StaffContext, pauseId: number) {
  const [row] = await tx
    .select({ pause: memberPauses, name: users.name })
    .from(memberPauses)
    .innerJoin(users, eq(users.id, memberPauses.userId))
    .where(
      and(
        eq(memberPauses.id, pauseId),
        eq(memberPauses.clientId, ctx.clientId),
        eq(memberPauses.branchId, ctx.branchId!),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** A pause of this branch and its member, both locked (the member first, as every member write). */
async function lockedPause(tx: Tx, ctx: StaffContext, pauseId: number) {
  const { pause } = await pauseOf(tx, ctx, pauseId);
  const member = await lockedMember(tx, ctx.clientId, ctx.branchId!, pause.userId);
  const [current] = await tx.select().from(memberPauses).where(eq(memberPauses.id, pause.id)).for('update');
  return { member, current: current! };
}

export function pauseRoutes(app: FastifyInstance, db: Db) {
  /** Staff pause a member: approved at once, validTill moved on by the days. */
  app.post('/api/user/pauseMember', {
    config: { access: { module: 'users', action: 'edit', branch } },
    schema: { tags, querystring: userIdQuerySchema, body: pauseInputSchema, response: { 201: pauseSchema } },
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId: number };
      const input = request.body as Input;
      const made = await db.transaction(async (tx) => {
        const member = await lockedMember(tx, ctx.clientId, ctx.branchId!, userId);
        await checkPause(tx, member, input, await branchToday(tx, member.branchId));
        const [pause] = await tx
          .insert(memberPauses)
          .values({
            clientId: ctx.clientId,
            branchId: member.branchId,
            userId: member.id,
            fromDay: input.from,
            days: input.days,
            reason: input.reason,
            status: 'approved',
            requestedBy: 'staff',
            decidedBy: ctx.staffId,
            decidedAt: new Date().toISOString(),
          })
          .returning();
        await moveValidity(tx, ctx, member, input.days, 'pause');
        // A pause from today shuts the door now, not at the hourly sweep.
        await syncPauseDoors(tx, { clientId: member.clientId, userId: member.id });
        await writeAudit(tx, auditOf(ctx, 'memberPause', pause!.id, 'create', null, pause));
        return toPause(pause!, member.name);
      });
      return reply.code(201).send(made);
    },
  });

  /** A member's pauses, newest first: the profile's history, and (the last `limit`) their page's. */
  async function memberPauseHistory(
    member: { clientId: number; branchId: number; userId: number },
    limit?: number,
  ) {
    const query = db
      .select({ pause: memberPauses, name: users.name })
      .from(memberPauses)
      .innerJoin(users, eq(users.id, memberPauses.userId))
      .where(
        and(
          eq(memberPauses.clientId, member.clientId),
          eq(memberPauses.branchId, member.branchId),
          eq(memberPauses.userId, member.userId),
        ),
      )
      .orderBy(desc(memberPauses.fromDay), desc(memberPauses.id));
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map((r) => toPause(r.pause, r.name));
  }

  /** The member's pauses, newest first (the profile's history). */
  app.get('/api/user/getPauses', {
    config: { access: { module: 'users', action: 'view', branch } },
    schema: { tags, querystring: userIdQuerySchema, response: { 200: pauseSchema.array() } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { userId } = request.query as { userId: number };
      return memberPauseHistory({ clientId: ctx.clientId, branchId: ctx.branchId!, userId });
    },
  });

  /** Members' requests waiting for staff ("Pauses to approve"), oldest first. */
  app.get('/api/user/getPauseRequests', {
    config: { access: { module: 'users', action: 'view', branch } },
    schema: { tags, response: { 200: pauseSchema.array() } },
    handler: async (request) => {
      const ctx = request.ctx;
      const rows = await db
        .select({ pause: memberPauses, name: users.name })
        .from(memberPauses)
        .innerJoin(users, eq(users.id, memberPauses.userId))
        .where(
          and(
            eq(memberPauses.clientId, ctx.clientId),
            eq(memberPauses.branchId, ctx.branchId!),
            eq(memberPauses.status, 'requested'),
          ),
        )
        .orderBy(memberPauses.id);
      return rows.map((r) => toPause(r.pause, r.name));
    },
  });

  app.post('/api/user/approvePause', {
    config: { access: { module: 'users', action: 'edit', branch } },
    schema: { tags, querystring: pauseIdQuerySchema, response: { 200: pauseSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { pauseId } = request.query as { pauseId: number };
      return db.transaction(async (tx) => {
        const { member, current } = await lockedPause(tx, ctx, pauseId);
        if (current.status !== 'requested') throw conflict(said('PAUSE_NOT_REQUESTED'));
        await checkPause(
          tx,
          member,
          { from: current.fromDay, days: current.days },
          await branchToday(tx, member.branchId),
          current.id,
        );
        const [approved] = await tx
          .update(memberPauses)
          .set({
            status: 'approved',
            decidedBy: ctx.staffId,
            decidedAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          })
          .where(eq(memberPauses.id, current.id))
          .returning();
        await moveValidity(tx, ctx, member, current.days, 'pause');
        await syncPauseDoors(tx, { clientId: member.clientId, userId: member.id });
        await writeAudit(tx, auditOf(ctx, 'memberPause', current.id, 'approve', current, approved));
        return toPause(approved!, member.name);
      });
    },
  });

  app.put('/api/user/rejectPause', {
    config: { access: { module: 'users', action: 'edit', branch } },
    schema: {
      tags,
      querystring: pauseIdQuerySchema,
      body: rejectPauseInputSchema,
      response: { 200: pauseSchema },
    },
    handler: async (request) => {
      const ctx = request.ctx;
      const { pauseId } = request.query as { pauseId: number };
      const { reason } = request.body as z.output<typeof rejectPauseInputSchema>;
      return db.transaction(async (tx) => {
        const { name } = await pauseOf(tx, ctx, pauseId);
        const [current] = await tx
          .select()
          .from(memberPauses)
          .where(eq(memberPauses.id, pauseId))
          .for('update');
        if (current!.status !== 'requested') throw conflict(said('PAUSE_NOT_REQUESTED'));
        const [rejected] = await tx
          .update(memberPauses)
          .set({
            status: 'rejected',
            rejectReason: reason,
            decidedBy: ctx.staffId,
            decidedAt: new Date().toISOString(),
            updatedAt: new Date().toISOString(),
          })
          .where(eq(memberPauses.id, pauseId))
          .returning();
        await writeAudit(tx, auditOf(ctx, 'memberPause', pauseId, 'reject', current, rejected));
        return toPause(rejected!, name);
      });
    },
  });

  /**
   * Ends an approved pause today (or, before it began, on its first day: no day used). The days from
   * the end on are given back: validTill moves back by them and the year's allowance gets them again.
   */
  app.put('/api/user/endPause', {
    config: { access: { module: 'users', action: 'edit', branch } },
    schema: { tags, querystring: pauseIdQuerySchema, response: { 200: pauseSchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const { pauseId } = request.query as { pauseId: number };
      return db.transaction(async (tx) => {
        const { member, current } = await lockedPause(tx, ctx, pauseId);
        const today = await branchToday(tx, member.branchId);
        const until = untilOf(current!);
        if (current.status !== 'approved' || until <= today) throw conflict(said('PAUSE_NOT_RUNNING'));
        const endedOn = today > current.fromDay ? today : current.fromDay;
        const [ended] = await tx
          .update(memberPauses)
          .set({ status: 'ended', endedOn, endedBy: ctx.staffId, updatedAt: new Date().toISOString() })
          .where(eq(memberPauses.id, pauseId))
          .returning();
        await moveValidity(tx, ctx, member, -daysBetween(endedOn, until), 'endPause');
        // Ended early: the door opens now.
        await syncPauseDoors(tx, { clientId: member.clientId, userId: member.id });
        await writeAudit(tx, auditOf(ctx, 'memberPause', pauseId, 'end', current, ended));
        return toPause(ended!, member.name);
      });
    },
  });

  app.get('/api/user/getPausePolicy', {
    config: { access: { module: 'users', action: 'view' } },
    schema: { tags, response: { 200: pausePolicySchema } },
    handler: async (request) => pausePolicy(db, request.ctx.clientId),
  });

  app.put('/api/user/updatePausePolicy', {
    config: { access: { module: 'settings', action: 'edit' } },
    schema: { tags, body: pausePolicySchema, response: { 200: pausePolicySchema } },
    handler: async (request) => {
      const ctx = request.ctx;
      const input = request.body as PausePolicy;
      return db.transaction(async (tx) => {
        const before = await pausePolicy(tx, ctx.clientId);
        await tx
          .update(clients)
          .set({
            pauseMaxDaysYear: input.maxDaysYear,
            pauseMinDays: input.minDays,
            pauseHoldsSeat: input.holdsSeat,
            updatedAt: new Date().toISOString(),
          })
          .where(eq(clients.id, ctx.clientId));
        await writeAudit(tx, auditOf(ctx, 'pausePolicy', ctx.clientId, 'update', before, input));
        return input;
      });
    },
  });

  // ---- The member's page (member-token) ----

  const failures = windowCounter(db, 'pauses:failures', { perMinute: 60 });
  const asks = windowCounter(db, 'pauses:asks', { perMinute: 10 });
  const tooMany = () => new AppError(429, 'RATE_LIMITED', said('TOO_MANY_REQUESTS'));

  /** The token's member; `asking` counts the request against the member's asks (reads do not). */
  async function memberOf(request: FastifyRequest, reply: FastifyReply, asking = true) {
    memberPageHeaders(reply);
    if (await failures.over(request.ip)) throw tooMany();
    const raw = request.headers[memberTokenHeader];
    const found = typeof raw === 'string' ? await memberOfToken(db, raw) : undefined;
    if (!found) {
      await failures.take(request.ip);
      throw notFound();
    }
    if (asking && !(await asks.take(`${found.clientId}:${found.id}`))) throw tooMany();
    return found;
  }

  /**
   * The member's own pauses, newest first (issue 45, point 4: the history on their page): what they
   * asked and what staff decided, with the reason of a refusal. The last 10 are plenty for a page.
   */
  app.get('/api/portal/getPauses', {
    config: { access: 'public' as const },
    schema: { tags, response: { 200: pauseSchema.array() } },
    handler: async (request, reply) => {
      const found = await memberOf(request, reply, false);
      return memberPauseHistory({ clientId: found.clientId, branchId: found.branchId, userId: found.id }, 10);
    },
  });

  /** The member asks for a pause: checked as staff's would be, then waits for staff. */
  app.post('/api/portal/requestPause', {
    config: { access: 'public' as const },
    schema: { tags, body: pauseInputSchema, response: { 201: pauseSchema } },
    handler: async (request, reply) => {
      const found = await memberOf(request, reply);
      const input = request.body as Input;
      const made = await db.transaction(async (tx) => {
        const member = await lockedMember(tx, found.clientId, found.branchId, found.id);
        await checkPause(tx, member, input, await branchToday(tx, member.branchId));
        const [pause] = await tx
          .insert(memberPauses)
          .values({
            clientId: member.clientId,
            branchId: member.branchId,
            userId: member.id,
            fromDay: input.from,
            days: input.days,
            reason: input.reason,
            status: 'requested',
            requestedBy: 'member',
          })
          .returning();
        await writeAudit(tx, {
          clientId: member.clientId,
          branchId: member.branchId,
          requestId: request.id,
          entity: 'memberPause',
          entityId: pause!.id,
          action: 'request',
          after: pause,
        });
        return toPause(pause!, member.name);
      });
      return reply.code(201).send(made);
    },
  });
}
