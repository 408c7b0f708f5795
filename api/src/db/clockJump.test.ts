// Time that jumps (issue 42, points 3 and 4): the API's clock moved by hours with a fake clock in
// this process (vitest's fake Date; PostgreSQL keeps the true time), as a branch PC's clock corrected
// by NTP or by hand would be against its database. Payments get the branch's day on the database's
// clock, the expiry sweep, the reminders and the scheduled backup run once, not twice, and the
// difference is logged once and shown to the owner. Prints the figures of each move.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from './schema.ts';
import { freshDatabase, startTestApp, tokenFor, type TestApp } from '../test/harness.ts';
import { moneyBranch, shiftDays, type MoneyBranch } from '../test/money.ts';
import { expireMembers } from '../modules/users/members.ts';
import { backupIfDue, type BackupLog } from './scheduledBackup.ts';

const hour = 3_600_000;
const work = mkdtempSync(join(tmpdir(), 'clock-jump-'));
let t: TestApp;
let m: MoneyBranch;
let backupDb: Awaited<ReturnType<typeof freshDatabase>>;
let mobile = 7_400_000_000;

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t);
  backupDb = await freshDatabase();
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  await backupDb.drop();
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

/** Moves this process's clock (Date only; timers stay real, so sockets and pg work as ever). */
function moveApiClock(byMs: number) {
  const real = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(real + byMs);
}

const branchDay = async () =>
  (
    await t.db.execute<{ d: string }>(
      sql`select (now() at time zone timezone)::date::text as d from branches where id = ${m.branchId}`,
    )
  ).rows[0]!.d;

/**
 * The API's own idea of the branch's day, from its (moved) clock, in the branch's time zone: in
 * Asia/Kolkata against a branch kept in another zone, 26 hours back fell on the branch's day between
 * 18:30 and 24:00 UTC, and the test failed in the evening.
 */
const apiDay = async () => {
  const zone = (
    await t.db.execute<{ tz: string }>(sql`select timezone as tz from branches where id = ${m.branchId}`)
  ).rows[0]!.tz;
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
};

const recorder = (): BackupLog & { lines: string[] } => {
  const lines: string[] = [];
  return { lines, info: (l) => lines.push(l), error: (l) => lines.push(l) };
};

// More than a day either way: whatever the hour the suite runs at, the API's day is not the
// branch's, so a day taken from the API's clock would show.
describe.each([
  ['ahead', 26 * hour],
  ['behind', -26 * hour],
])('the API’s clock %s of the database’s by hours', (direction, byMs) => {
  it('stamps a payment with the branch’s day on the database’s clock', async () => {
    moveApiClock(byMs);
    const day = await branchDay();
    expect(await apiDay()).not.toBe(day);
    const token = await tokenFor(t, m.org.ownerId, m.org.clientId);
    const member = await m.send(
      'POST',
      '/api/user/createUser',
      {
        name: `Reader ${++mobile}`,
        mobile: String(mobile),
        validFrom: shiftDays(day, -20),
        validTill: shiftDays(day, 10),
        feeStructureId: m.structureId,
      },
      { token },
    );
    expect(member.statusCode, member.body).toBe(201);
    const paid = await m.send(
      'POST',
      '/api/payment/createPayment',
      { userId: member.json().userId, feeStructureId: m.structureId, received: 200000, mode: 'cash' },
      { token },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const row = await t.db.execute<{ paid_on: string }>(
      sql`select paid_on::text from payments where id = ${paid.json().id as number}`,
    );
    expect(row.rows[0]!.paid_on).toBe(day);
    console.log(
      `clock ${direction} by ${byMs / hour} h: API's day ${await apiDay()}, branch's day (database) ${day}, payment's paid_on ${row.rows[0]!.paid_on}`,
    );
  });

  it('runs the expiry sweep and the reminders once, on the branch’s day', async () => {
    const day = await branchDay();
    const created: number[] = [];
    // Valid through today (not expired, no reminder today) and 3 days left (the 3-day reminder).
    for (const validTill of [day, shiftDays(day, 3)]) {
      const res = await m.send('POST', '/api/user/createUser', {
        name: `Reader ${++mobile}`,
        mobile: String(mobile),
        email: `reader${mobile}@test.dev`,
        validFrom: shiftDays(day, -20),
        validTill,
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().userId as number);
    }
    const [lastDay, threeLeft] = created as [number, number];
    moveApiClock(byMs);
    const sweeps = [await expireMembers(t.db), await expireMembers(t.db)];
    const ticks = [await t.app.messageTick(), await t.app.messageTick()];
    const status = await t.db.execute<{ status: boolean }>(
      sql`select status from users where id = ${lastDay}`,
    );
    expect(status.rows[0]!.status).toBe(true);
    expect(sweeps[1]).toBe(0);
    expect(ticks[1]!.added).toBe(0);
    const rowsOf = (userId: number) =>
      t.db
        .select({ event: messages.event, period: messages.period })
        .from(messages)
        .where(eq(messages.userId, userId));
    // On the API's day the one valid through today would be "expired" (ahead) or "1 day left" (behind).
    expect(await rowsOf(lastDay)).toEqual([]);
    expect(await rowsOf(threeLeft)).toEqual([{ event: 'expiring', period: `${shiftDays(day, 3)}/3` }]);
    console.log(
      `clock ${direction} by ${byMs / hour} h: expiry sweep twice switched off ${sweeps.join(' then ')}; ` +
        `reminder tick twice added ${ticks.map((x) => x.added).join(' then ')} (the member valid through ${day}: none, 3 days left: one 3-day reminder)`,
    );
  });

  it('takes the scheduled backup once', async () => {
    await backupDb.database.db.execute(sql`delete from backup_runs`);
    const dir = join(work, direction);
    const schedule = { dir, intervalHours: 24, keep: 14 };
    const log = recorder();
    const first = await backupIfDue(backupDb.url, schedule, log);
    moveApiClock(byMs);
    const second = await backupIfDue(backupDb.url, schedule, log);
    expect(first).toMatchObject({ ran: true, ok: true });
    expect(second).toEqual({ ran: false, why: 'not due' });
    expect(readdirSync(dir).filter((f) => f.endsWith('.backup.gz'))).toHaveLength(1);
    console.log(
      `clock ${direction} by ${byMs / hour} h: backup checked twice: ${first.ran ? 'taken' : 'not taken'}, then ${second.ran ? 'taken again' : second.why}`,
    );
  });

  it('logs the difference once and shows it to the owner', async () => {
    moveApiClock(byMs);
    const warn = vi.spyOn(t.app.log, 'warn');
    for (let i = 0; i < 3; i++) await t.app.clockCheck();
    const token = await tokenFor(t, m.org.ownerId, m.org.clientId);
    const res = await m.send('GET', '/api/server/getServerWarnings', undefined, { token });
    expect(res.statusCode, res.body).toBe(200);
    const clock = res.json().warnings.clock as { offsetSeconds: number; since: string };
    // The database's clock minus the API's: negative when the API's is ahead.
    expect(Math.sign(clock.offsetSeconds)).toBe(-Math.sign(byMs));
    expect(Math.abs(Math.abs(clock.offsetSeconds) - Math.abs(byMs) / 1000)).toBeLessThan(60);
    const lines = warn.mock.calls.filter(([, msg]) => String(msg).includes("API's clock"));
    expect(lines).toHaveLength(1);
    console.log(
      `clock ${direction} by ${byMs / hour} h: 3 checks, ${lines.length} warn line: "${String(lines[0]![1])}"; dashboard: offsetSeconds ${clock.offsetSeconds}`,
    );

    vi.useRealTimers();
    await t.app.clockCheck();
    // A token signed on the moved clock is the API's own business (it signs and checks it): a new one.
    const now = await tokenFor(t, m.org.ownerId, m.org.clientId);
    const after = await m.send('GET', '/api/server/getServerWarnings', undefined, { token: now });
    expect(after.json().warnings.clock).toBeNull();
    warn.mockRestore();
  });
});
