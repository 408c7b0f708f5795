import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, memberPauses, messages, users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';
import { branchToday } from '../users/members.ts';
import { memberWifiStates } from '../wifi/memberState.ts';
import { decide } from '../wifi/policy.ts';
import { addDueReminders } from '../messages/events.ts';

// Pauses (issue 45, point 4): staff's pause, a member's request approved or refused, the
// arithmetic of validTill, the policy's limits, and WiFi and reminders shut during a pause.
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let branchId: number;
let today: string;
let mobile = 8_400_000_000;
let address = 0;

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  other = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  today = await branchToday(t.db, branchId);
  const policy = await staff('PUT', '/api/user/updatePausePolicy', {
    maxDaysYear: 60,
    minDays: 5,
    holdsSeat: true,
  });
  expect(policy.statusCode, policy.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = org.ownerToken) =>
  call(t, token, { method, url, branchId, ...(payload && { payload }) });

async function member(validTill = addDays(today, 100)) {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Paused ${++mobile}`,
    mobile: String(mobile),
    email: `p${mobile}@test.dev`,
    validFrom: addDays(today, -10),
    validTill,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().userId as number;
}
const validTillOf = async (userId: number) =>
  (await t.db.select({ v: users.validTill }).from(users).where(eq(users.id, userId)))[0]!.v;
const pause = (userId: number, from: string, days: number, reason = 'Exams') =>
  staff('POST', `/api/user/pauseMember?userId=${userId}`, { from, days, reason });
const codeOf = (res: { statusCode: number; json: () => { code: string } }) => [
  res.statusCode,
  res.json().code,
];

async function linkFor(userId: number) {
  const res = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().url as string).split('/m/')[1]!;
}
const request = (token: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal/requestPause',
    remoteAddress: `10.7.0.${++address}`,
    headers: { 'member-token': token },
    payload: body,
  });

describe('pauses', () => {
  it('staff pause moves validTill on by the days, is listed and audited', async () => {
    const userId = await member();
    const before = await validTillOf(userId);
    const res = await pause(userId, addDays(today, 3), 10);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'approved',
      requestedBy: 'staff',
      from: addDays(today, 3),
      until: addDays(today, 13),
      reason: 'Exams',
    });
    expect(await validTillOf(userId)).toBe(addDays(before, 10));
    const list = (await staff('GET', `/api/user/getPauses?userId=${userId}`)).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([res.json().id]);
    const audits = await t.db
      .select({ entity: auditLog.entity, action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.clientId, org.clientId),
          sql`(${auditLog.entity} = 'user' and ${auditLog.entityId} = ${String(userId)})
            or (${auditLog.entity} = 'memberPause' and ${auditLog.entityId} = ${String(res.json().id)})`,
        ),
      );
    expect(audits).toEqual(
      expect.arrayContaining([
        { entity: 'user', action: 'pause' },
        { entity: 'memberPause', action: 'create' },
      ]),
    );
  });

  it("keeps to the policy: fewest days, the year's most days, no overlap, inside validity", async () => {
    const userId = await member(addDays(today, 900));
    expect(codeOf(await pause(userId, today, 4))).toEqual([409, 'PAUSE_TOO_SHORT']);
    expect(codeOf(await pause(userId, addDays(today, -1), 10))).toEqual([409, 'PAUSE_OUTSIDE_VALIDITY']);
    expect(codeOf(await pause(userId, addDays(today, 901), 10))).toEqual([409, 'PAUSE_OUTSIDE_VALIDITY']);
    // The year is the calendar year of the pause's first day: next year's, whole.
    const year = String(Number(today.slice(0, 4)) + 1);
    const start = `${year}-03-01`;
    expect((await pause(userId, start, 20)).statusCode).toBe(201);
    expect(codeOf(await pause(userId, addDays(start, 10), 10))).toEqual([409, 'PAUSE_OVERLAPS']);
    expect((await pause(userId, addDays(start, 20), 30)).statusCode).toBe(201);
    const over = await pause(userId, addDays(start, 60), 11);
    expect(codeOf(over)).toEqual([409, 'PAUSE_YEAR_LIMIT']);
    expect(over.json().params).toMatchObject({ max: 60, left: 10, year });
    expect((await pause(userId, addDays(start, 60), 10)).statusCode).toBe(201);
    // The year is full; the year after starts whole.
    expect(codeOf(await pause(userId, `${year}-12-01`, 5))).toEqual([409, 'PAUSE_YEAR_LIMIT']);
    expect((await pause(userId, `${Number(year) + 1}-01-01`, 60)).statusCode).toBe(201);
  });

  it('counts days already paused in the year, by the year of their first day', async () => {
    const userId = await member(addDays(today, 900));
    const year = String(Number(today.slice(0, 4)) + 1);
    // 55 days paused from 1 January: 5 left in that year.
    await t.db.insert(memberPauses).values({
      clientId: org.clientId,
      branchId,
      userId,
      fromDay: `${year}-01-01`,
      days: 55,
      status: 'approved',
      requestedBy: 'staff',
    });
    expect(codeOf(await pause(userId, `${year}-06-01`, 6))).toEqual([409, 'PAUSE_YEAR_LIMIT']);
    expect((await pause(userId, `${year}-06-01`, 5)).statusCode).toBe(201);
    const nextYear = `${Number(year) + 1}-01-10`;
    expect((await pause(userId, nextYear, 60)).statusCode).toBe(201);
  });

  it('ending early gives back the days not used, and they count again in the year', async () => {
    const userId = await member();
    const before = await validTillOf(userId);
    // A pause running since 3 days ago for 10 days: 3 used, 7 given back.
    const [running] = await t.db
      .insert(memberPauses)
      .values({
        clientId: org.clientId,
        branchId,
        userId,
        fromDay: addDays(today, -3),
        days: 10,
        status: 'approved',
        requestedBy: 'staff',
      })
      .returning();
    await t.db
      .update(users)
      .set({ validTill: addDays(before, 10) })
      .where(eq(users.id, userId));
    const ended = await staff('PUT', `/api/user/endPause?pauseId=${running!.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', endedOn: today, until: today });
    expect(await validTillOf(userId)).toBe(addDays(before, 3));
    expect(codeOf(await staff('PUT', `/api/user/endPause?pauseId=${running!.id}`))).toEqual([
      409,
      'PAUSE_NOT_RUNNING',
    ]);

    // A pause not begun yet, ended: every day back.
    const future = (await pause(userId, addDays(today, 20), 8)).json();
    expect(await validTillOf(userId)).toBe(addDays(before, 11));
    const cancelled = await staff('PUT', `/api/user/endPause?pauseId=${future.id}`);
    expect(cancelled.json()).toMatchObject({ status: 'ended', endedOn: addDays(today, 20) });
    expect(await validTillOf(userId)).toBe(addDays(before, 3));
    // Its days are free again: the same days can be paused anew.
    expect((await pause(userId, addDays(today, 20), 8)).statusCode).toBe(201);
  });

  it("a member's request waits for staff, who approve or refuse it in one click", async () => {
    const userId = await member();
    const token = await linkFor(userId);
    const before = await validTillOf(userId);
    const asked = await request(token, { from: addDays(today, 5), days: 7, reason: 'Travel' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'requested', requestedBy: 'member' });
    expect(await validTillOf(userId)).toBe(before);
    expect(codeOf(await request(token, { from: today, days: 2 }))).toEqual([409, 'PAUSE_TOO_SHORT']);
    expect((await request('x'.repeat(32), { from: today, days: 7 })).statusCode).toBe(404);

    const waiting = (await staff('GET', '/api/user/getPauseRequests')).json();
    expect(waiting.map((p: { id: number }) => p.id)).toContain(asked.json().id);
    // Another organisation neither sees nor decides it.
    const theirs = await call(t, other.ownerToken, {
      method: 'GET',
      url: '/api/user/getPauseRequests',
      branchId: other.branchIds[0]!,
    });
    expect(theirs.json()).toEqual([]);
    const foreign = await call(t, other.ownerToken, {
      method: 'POST',
      url: `/api/user/approvePause?pauseId=${asked.json().id}`,
      branchId: other.branchIds[0]!,
    });
    expect(foreign.statusCode).toBe(404);

    const approved = await staff('POST', `/api/user/approvePause?pauseId=${asked.json().id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(await validTillOf(userId)).toBe(addDays(before, 7));
    expect(codeOf(await staff('POST', `/api/user/approvePause?pauseId=${asked.json().id}`))).toEqual([
      409,
      'PAUSE_NOT_REQUESTED',
    ]);

    const second = (await request(token, { from: addDays(today, 30), days: 5 })).json();
    const refused = await staff('PUT', `/api/user/rejectPause?pauseId=${second.id}`, { reason: 'Exam week' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'rejected', rejectReason: 'Exam week' });
    expect(await validTillOf(userId)).toBe(addDays(before, 7));
    expect((await staff('GET', '/api/user/getPauseRequests')).json()).not.toContainEqual(
      expect.objectContaining({ id: second.id }),
    );

    // The member's own history (their page): both, newest first, the refusal with its reason.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/portal/getPauses',
      remoteAddress: `10.7.0.${++address}`,
      headers: { 'member-token': token },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject([
      { id: second.id, status: 'rejected', rejectReason: 'Exam week' },
      { id: asked.json().id, status: 'approved', days: 7 },
    ]);
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/portal/getPauses',
      remoteAddress: `10.7.0.${++address}`,
      headers: { 'member-token': 'x'.repeat(32) },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('shuts WiFi and holds back reminders during a pause, and not before it begins', async () => {
    const paused = await member(addDays(today, 3));
    const later = await member(addDays(today, 3));
    const free = await member(addDays(today, 3));
    // Pauses inserted as approved without moving validTill, so the expiry reminder would be due.
    await t.db.insert(memberPauses).values(
      [
        { clientId: org.clientId, branchId, userId: paused, fromDay: today, days: 5 },
        { clientId: org.clientId, branchId, userId: later, fromDay: addDays(today, 1), days: 5 },
      ].map((p) => ({ ...p, status: 'approved' as const, requestedBy: 'staff' as const })),
    );
    await t.db
      .update(users)
      .set({ dues: 10000 })
      .where(inArray(users.id, [paused, later, free]));

    const states = await memberWifiStates(t.db, sql`users.id in (${paused}, ${later}, ${free})`);
    const byId = new Map(states.map((s) => [s.userId, s]));
    expect(byId.get(paused)!.paused).toBe(true);
    expect(decide(byId.get(paused)!)).toMatchObject({ accept: false, reason: 'paused' });
    expect(byId.get(later)!.paused).toBe(false);
    expect(byId.get(free)!.paused).toBe(false);

    await addDueReminders(t.db, new Date());
    const sent = await t.db
      .select({ userId: messages.userId, event: messages.event })
      .from(messages)
      .where(inArray(messages.userId, [paused, later, free]));
    const eventsOf = (id: number) => sent.filter((m) => m.userId === id).map((m) => m.event);
    expect(eventsOf(free)).toEqual(expect.arrayContaining(['expiring', 'dues']));
    expect(eventsOf(later)).toEqual(expect.arrayContaining(['expiring', 'dues']));
    expect(eventsOf(paused)).toEqual([]);
  });
});
