// The statistics the users triggers keep (member_stats_sync, migrations 0009 and 0021: member
// counts and dues per branch, seat hours, validity days, members joined per day) equal the same
// figures counted from the members themselves after every kind of write to a member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { expireMembers } from './members.ts';

let t: TestApp;
let org: TestOrg;
let roomId: number;

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
let mobile = 8200000000;
const member = (over: Record<string, unknown> = {}) => ({
  name: 'Kavya Nair',
  mobile: String(++mobile),
  validFrom: addDays(today(), -3),
  validTill: addDays(today(), 30),
  ...over,
});
const send = async (method: string, url: string, payload?: Record<string, unknown>, branch = 0) => {
  const res = await call(t, org.ownerToken, {
    method: method as 'GET',
    url,
    payload,
    branchId: org.branchIds[branch]!,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : res.json();
};

/** What the triggers keep, and the same counted from users (rows that count nothing left out). */
async function kept() {
  const c = org.clientId;
  const rows = async (q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows;
  return {
    stats: await rows(sql`select branch_id, active, inactive, dues::bigint as dues, owing from member_stats
      where client_id = ${c} and (active, inactive, dues, owing) <> (0, 0, 0, 0) order by 1`),
    seatHours: await rows(sql`select branch_id, hour, members from seat_hours
      where client_id = ${c} and members <> 0 order by 1, 2`),
    joined: await rows(sql`select branch_id, day::text, count from daily_tallies
      where client_id = ${c} and kind = 'joined' and count <> 0 order by 1, 2`),
    validity: await rows(sql`select branch_id, valid_till::text, active, lapsed from member_validity
      where client_id = ${c} and (active, lapsed) <> (0, 0) order by 1, 2`),
  };
}
async function counted() {
  const c = org.clientId;
  const rows = async (q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows;
  return {
    stats: await rows(sql`select * from (select branch_id, count(*) filter (where status)::int as active,
      count(*) filter (where not status)::int as inactive, sum(dues)::bigint as dues,
      count(*) filter (where dues > 0)::int as owing from users where client_id = ${c} group by 1) x
      where (active, inactive, dues, owing) <> (0, 0, 0, 0) order by 1`),
    seatHours: await rows(sql`select branch_id, h as hour, count(*)::int as members
      from users, window_hours(entry_time, exit_time, next_day_exit) h
      where client_id = ${c} and status and room_id is not null and seat_number is not null
      group by 1, 2 order by 1, 2`),
    joined: await rows(sql`select branch_id, joined_on::text as day, count(*)::int as count from users
      where client_id = ${c} group by 1, 2 order by 1, 2`),
    validity: await rows(sql`select * from (select branch_id, valid_till::text,
      count(*) filter (where status)::int as active,
      count(*) filter (where not status and inactive_reason = 'expired')::int as lapsed
      from users where client_id = ${c} group by 1, 2) x where (active, lapsed) <> (0, 0) order by 1, 2`),
  };
}
async function expectInStep(after: string) {
  const [k, n] = [await kept(), await counted()];
  // The figures as plain values (bigint columns come back as strings).
  const plain = (x: unknown) =>
    JSON.parse(
      JSON.stringify(x, (_k, v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v)),
    );
  expect(plain(k), after).toEqual(plain(n));
}

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 2 });
  roomId = (await send('POST', '/api/room/createRoom', { name: 'Hall', floor: 'Ground', capacity: 10 })).id;
});
afterAll(() => t?.close());

describe('member statistics', () => {
  it('stay equal to the members counted after every kind of write', async () => {
    const seated = await send(
      'POST',
      '/api/user/createUser',
      member({ roomId, seatNumber: 2, entryTime: '06:00:00', exitTime: '14:00:00' }),
    );
    const night = await send(
      'POST',
      '/api/user/createUser',
      member({ roomId, seatNumber: 3, entryTime: '20:00:00', exitTime: '06:00:00', nextDayExit: true }),
    );
    const lapsed = await send(
      'POST',
      '/api/user/createUser',
      member({ validFrom: addDays(today(), -40), validTill: addDays(today(), -1) }),
    );
    const plain = await send('POST', '/api/user/createUser', member({ joinedOn: addDays(today(), -100) }));
    await send('POST', '/api/user/createUser', member(), 1);
    await expectInStep('after creates');

    const body = (m: Record<string, unknown>, over: Record<string, unknown>) => {
      const {
        userId: _u,
        clientId: _c,
        branchId: _b,
        status: _s,
        inactiveReason: _r,
        enquiryId: _e,
        ...rest
      } = m;
      const { dues: _d, duesSince: _ds, createdAt: _ca, updatedAt: _ua, ...input } = rest;
      return { ...input, ...over };
    };
    await send('PUT', `/api/user/updateUser?userId=${plain.userId}`, body(plain, { name: 'Renamed Only' }));
    await expectInStep('after a rename');
    await send('PUT', `/api/user/updateUser?userId=${seated.userId}`, body(seated, { exitTime: '18:00:00' }));
    await expectInStep('after a seat window edit');
    await send(
      'PUT',
      `/api/user/updateUser?userId=${night.userId}`,
      body(night, { validTill: addDays(today(), 90), joinedOn: addDays(today(), -10) }),
    );
    await expectInStep('after a validity and joined edit');
    await send(
      'PUT',
      `/api/user/updateUser?userId=${plain.userId}`,
      body(plain, { validFrom: addDays(today(), -40), validTill: addDays(today(), -2) }),
    );
    await expectInStep('after an edit into the past (switched off)');
    await send('PUT', `/api/user/deactivateUser?userId=${seated.userId}`);
    await expectInStep('after a deactivation');
    await send('PUT', `/api/user/reactivateUser?userId=${seated.userId}`);
    await expectInStep('after a reactivation');
    await send('DELETE', `/api/user/deleteUser?userId=${lapsed.userId}`);
    await expectInStep('after a delete');
    const csv =
      'name,mobile,validFrom,validTill\n' +
      Array.from(
        { length: 5 },
        (_, i) => `Imported ${i},${++mobile},${addDays(today(), -i)},${addDays(today(), i)}`,
      ).join('\n');
    await send('POST', '/api/user/importUsers', { csv });
    await expectInStep('after an import');
    await t.db.execute(sql`update users set valid_till = ${addDays(today(), -1)}::date
      where client_id = ${org.clientId} and name = 'Imported 0'`);
    await expectInStep('after a plain UPDATE of a validity');
    await expireMembers(t.db);
    await expectInStep('after the expiry sweep');
  });
});
