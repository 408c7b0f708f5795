import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, branches, clients, users } from '../../db/schema.ts';
import { buildApp } from '../../app.ts';
import {
  call,
  createOrg,
  createStaff,
  csvOf,
  freshDatabase,
  only,
  startTestApp,
  testConfig,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import { expireMembers } from './members.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let home: number;
let other: number;
let room: number;
let otherRoom: number;
let wifi: number;
let structure: number;
let bRoom: number;
let bPackage: number;
let bStructure: number;

type Member = Record<string, unknown> & { userId: number; name: string };
type Res = Awaited<ReturnType<typeof call>>;

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** Test branches are in UTC unless a test moves one. */
const today = () => new Date().toISOString().slice(0, 10);
const localToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

let mobileCounter = 9000000000;
const nextMobile = () => String(++mobileCounter);
const member = (over: Record<string, unknown> = {}) => ({
  name: 'Member',
  mobile: nextMobile(),
  validFrom: today(),
  validTill: addDays(today(), 30),
  ...over,
});

const create = (token: string, branchId: number | undefined, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/user/createUser', payload, branchId });
const update = (token: string, branchId: number, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'PUT', url: `/api/user/updateUser?userId=${id}`, payload, branchId });
const get = (token: string, branchId: number, id: number) =>
  call(t, token, { method: 'GET', url: `/api/user/getUser?userId=${id}`, branchId });
const remove = (token: string, branchId: number, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/user/deleteUser?userId=${id}`, branchId });
const list = (token: string, branchId: number, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/user/getUsers${qs}`, branchId });
const action = (token: string, branchId: number, verb: string, id: number) =>
  call(t, token, { method: 'PUT', url: `/api/user/${verb}?userId=${id}`, branchId });
const names = (res: Res) => (res.json().items as Member[]).map((m) => m.name);
const paths = (res: Res) => (res.json().details as { path: string }[]).map((d) => d.path);

async function made(payload: Record<string, unknown>, branchId = home, org = a): Promise<Member> {
  const res = await create(org.ownerToken, branchId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function ok(res: Res | Promise<Res>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return status === 204 ? undefined : r.json();
}

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  [home, other] = a.branchIds as [number, number];
  const post = (org: TestOrg, url: string, payload: Record<string, unknown>, branchId?: number) =>
    ok(call(t, org.ownerToken, { method: 'POST', url, payload, branchId }), 201);
  room = (await post(a, '/api/room/createRoom', { name: 'Reading Room 1', capacity: 24 }, home)).id;
  otherRoom = (await post(a, '/api/room/createRoom', { name: 'Other Hall', capacity: 10 }, other)).id;
  bRoom = (await post(b, '/api/room/createRoom', { name: 'B Hall', capacity: 10 }, b.branchIds[0])).id;
  wifi = (
    await post(a, '/api/package/createPackage', { packageName: 'WiFi', downloadSpeed: 10, uploadSpeed: 5 })
  ).id;
  bPackage = (
    await post(b, '/api/package/createPackage', { packageName: 'B', downloadSpeed: 10, uploadSpeed: 5 })
  ).id;
  const feeType = (await post(a, '/api/feeType/createFeeType', { name: 'Monthly' })).id;
  const bFeeType = (await post(b, '/api/feeType/createFeeType', { name: 'Monthly' })).id;
  const lines = (id: number) => [{ feeTypeId: id, amount: 100000 }];
  structure = (
    await post(a, '/api/feeStructure/createFeeStructure', {
      name: 'Day',
      lines: lines(feeType),
      durationDays: 30,
    })
  ).id;
  bStructure = (
    await post(b, '/api/feeStructure/createFeeStructure', {
      name: 'Day',
      lines: lines(bFeeType),
      durationDays: 30,
    })
  ).id;
});
afterAll(() => t.close());

describe('members: records and validation', () => {
  it('creates with defaults under userId, reads, updates and deletes with audit history', async () => {
    const created = await made(
      member({ name: 'Kavya Iyer', mobile: '98450 12345', clientId: 999, branchId: other }),
    );
    expect(created).toMatchObject({
      name: 'Kavya Iyer',
      mobile: '9845012345',
      email: null,
      status: true,
      inactiveReason: null,
      clientId: a.clientId,
      branchId: home,
      entryTime: '00:00:00',
      exitTime: '00:00:00',
      nextDayExit: false,
      addedToBiometricMachine: false,
      biometricMachineId: null,
      joinedOn: today(),
    });
    expect(created).not.toHaveProperty('id');
    const id = created.userId;
    expect((await ok(get(a.ownerToken, home, id))).name).toBe('Kavya Iyer');
    const updated = await ok(
      update(a.ownerToken, home, id, {
        ...member({ name: 'Kavya R Iyer', mobile: '9845012345' }),
        email: 'kavya@example.com',
        packageId: wifi,
        feeStructureId: structure,
        addedToBiometricMachine: true,
        biometricMachineId: 7,
      }),
    );
    expect(updated).toMatchObject({
      name: 'Kavya R Iyer',
      email: 'kavya@example.com',
      packageId: wifi,
      biometricMachineId: 7,
    });
    await action(a.ownerToken, home, 'deactivateUser', id);
    const history = await ok(
      call(t, a.ownerToken, {
        method: 'GET',
        url: `/api/user/getUserHistory?userId=${id}&pageSize=2`,
        branchId: home,
      }),
    );
    expect(history.total).toBe(3);
    expect(history.items.map((h: { action: string }) => h.action)).toEqual(['deactivate', 'update']);
    expect(history.items[0].staffName).toMatch(/^Owner/);
    const page2 = await ok(
      call(t, a.ownerToken, {
        method: 'GET',
        url: `/api/user/getUserHistory?userId=${id}&pageSize=2&page=1`,
        branchId: home,
      }),
    );
    expect(page2.items.map((h: { action: string }) => h.action)).toEqual(['create']);
    expect((await remove(a.ownerToken, home, id)).statusCode).toBe(204);
    expect((await get(a.ownerToken, home, id)).statusCode).toBe(404);
  });

  it('refuses invalid fields, each at its path', async () => {
    const res = await create(a.ownerToken, home, {
      name: '',
      email: 'not-an-email',
      validFrom: '2025-02-30',
      validTill: 'soon',
      entryTime: '25:00:00',
    });
    expect(res.statusCode).toBe(400);
    expect(paths(res).sort()).toEqual([
      'body.email',
      'body.entryTime',
      'body.mobile',
      'body.name',
      'body.validFrom',
      'body.validTill',
    ]);
    const order = await create(
      a.ownerToken,
      home,
      member({ validFrom: '2025-03-10', validTill: '2025-03-09' }),
    );
    expect(order.statusCode).toBe(400);
    expect(paths(order)).toEqual(['body.validTill']);
    const window = await create(a.ownerToken, home, member({ entryTime: '14:00:00', exitTime: '08:00:00' }));
    expect(paths(window)).toEqual(['body.exitTime']);
    const same = await create(a.ownerToken, home, member({ entryTime: '08:00:00', exitTime: '08:00:00' }));
    expect(paths(same)).toEqual(['body.exitTime']);
    await made(member({ name: 'Night Owl', entryTime: '20:00', exitTime: '06:00', nextDayExit: true }));
    await made(member({ name: 'All Day', entryTime: '00:00:00', exitTime: '00:00:00' }));
    expect(paths(await create(a.ownerToken, home, member({ roomId: room })))).toEqual(['body.seatNumber']);
    expect(
      paths(await create(a.ownerToken, home, member({ email: 'ok@example.com', mobile: '12ab' }))),
    ).toEqual(['body.mobile']);
  });

  it("keeps a registered business's GSTIN, checked by its check character (issue 44)", async () => {
    const wrong = await create(a.ownerToken, home, member({ gstin: '29AAGCB7383J1Z5' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      expect.objectContaining({ path: 'body.gstin', message: expect.stringContaining('check character') }),
    ]);
    expect(paths(await create(a.ownerToken, home, member({ gstin: '29AAGCB7383' })))).toEqual(['body.gstin']);
    const business = await made(member({ gstin: ' 29aagcb7383j1z4 ' }));
    expect(business.gstin).toBe('29AAGCB7383J1Z4');
    expect((await get(a.ownerToken, home, business.userId)).json().gstin).toBe('29AAGCB7383J1Z4');
    // An empty field is no GSTIN.
    expect((await made(member({ gstin: '' }))).gstin).toBeNull();
  });

  it('keeps mobiles unique in the organisation (any branch), naming who has it', async () => {
    await made(member({ name: 'Rohan Das', mobile: '9123456780' }), other);
    const dup = await create(a.ownerToken, home, member({ mobile: '91234-56780' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'Mobile 9123456780 is already used by Rohan Das.',
    });
    await made(member({ mobile: '9123456780' }), b.branchIds[0], b);
  });

  it('accepts only rooms of the active branch, seats within capacity and the organisation’s references', async () => {
    const res = await create(
      a.ownerToken,
      home,
      member({ roomId: otherRoom, seatNumber: 1, packageId: bPackage, feeStructureId: bStructure }),
    );
    expect(res.statusCode).toBe(400);
    expect(paths(res).sort()).toEqual(['body.feeStructureId', 'body.packageId', 'body.roomId']);
    expect(paths(await create(a.ownerToken, home, member({ roomId: bRoom, seatNumber: 1 })))).toEqual([
      'body.roomId',
    ]);
    const seat = await create(a.ownerToken, home, member({ roomId: room, seatNumber: 25 }));
    expect(seat.json().details).toEqual([
      {
        path: 'body.seatNumber',
        message: 'Choose a seat from 1 to 24',
        code: 'SEAT_OUT_OF_RANGE',
        params: { capacity: 24 },
      },
    ]);
    await made(member({ roomId: room, seatNumber: 24, packageId: wifi, feeStructureId: structure }));
  });
});

describe('members: seats', () => {
  let asha: Member;
  it('refuses overlapping windows on one seat, naming the holder; touching windows and night wrap fit', async () => {
    asha = await made(
      member({ name: 'Asha Rao', roomId: room, seatNumber: 12, entryTime: '08:00:00', exitTime: '14:00:00' }),
    );
    // 14:00 end and 14:00 start do not overlap.
    await made(
      member({ name: 'Evening', roomId: room, seatNumber: 12, entryTime: '14:00:00', exitTime: '20:00:00' }),
    );
    const clash = await create(
      a.ownerToken,
      home,
      member({ roomId: room, seatNumber: 12, entryTime: '13:00:00', exitTime: '15:00:00' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Seat 12 of Reading Room 1 is taken by Asha Rao (08:00–14:00)');
    // 20:00 to 06:00 next day fits between evening's end and Asha's start.
    await made(
      member({
        name: 'Night Shift',
        roomId: room,
        seatNumber: 12,
        entryTime: '20:00:00',
        exitTime: '06:00:00',
        nextDayExit: true,
      }),
    );
    const early = await create(
      a.ownerToken,
      home,
      member({ roomId: room, seatNumber: 12, entryTime: '05:00:00', exitTime: '07:00:00' }),
    );
    expect(early.json().message).toBe('Seat 12 of Reading Room 1 is taken by Night Shift (20:00–06:00)');
    const allDay = await create(a.ownerToken, home, member({ roomId: room, seatNumber: 12 }));
    expect(allDay.statusCode).toBe(409);
    // Another seat of the room is free all day.
    await made(member({ roomId: room, seatNumber: 11 }));
    // A member keeps their own seat on update.
    await ok(
      update(a.ownerToken, home, asha.userId, {
        ...member({ name: 'Asha Rao', mobile: asha.mobile }),
        roomId: room,
        seatNumber: 12,
        entryTime: '07:00:00',
        exitTime: '14:00:00',
      }),
    );
  });

  it('frees the seat of an inactive member and re-checks it on reactivation', async () => {
    await ok(action(a.ownerToken, home, 'deactivateUser', asha.userId));
    const taker = await made(
      member({ name: 'Taker', roomId: room, seatNumber: 12, entryTime: '09:00:00', exitTime: '10:00:00' }),
    );
    const back = await action(a.ownerToken, home, 'reactivateUser', asha.userId);
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Seat 12 of Reading Room 1 is taken by Taker (09:00–10:00)');
    await ok(remove(a.ownerToken, home, taker.userId), 204);
    expect((await ok(action(a.ownerToken, home, 'reactivateUser', asha.userId))).status).toBe(true);
  });

  it('answers seat availability for a window', async () => {
    const url = (qs: string) => `/api/user/getSeatAvailability?roomId=${room}${qs}`;
    const get = (qs: string) => ok(call(t, a.ownerToken, { method: 'GET', url: url(qs), branchId: home }));
    const morning = await get('&entryTime=07:00:00&exitTime=13:00:00');
    expect(morning.capacity).toBe(24);
    expect(morning.seats).toHaveLength(24);
    const seat12 = morning.seats[11];
    expect(seat12.takenBy.map((h: { name: string }) => h.name).sort()).toEqual([
      'Asha Rao',
      'Evening',
      'Night Shift',
    ]);
    expect(seat12.free).toBe(false);
    expect(morning.seats[0]).toEqual({ seatNumber: 1, takenBy: [], free: true });
    expect(morning.seats[10].free).toBe(false); // all-day holder
    const gap = await get('&entryTime=06:00&exitTime=07:00');
    expect(gap.seats[11].free).toBe(true);
    const mine = await get(`&entryTime=07:00:00&exitTime=13:00:00&excludeUserId=${asha.userId}`);
    expect(mine.seats[11].free).toBe(true);
    const missing = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/user/getSeatAvailability?roomId=${otherRoom}`,
      branchId: home,
    });
    expect(missing.statusCode).toBe(404);
    const foreign = await call(t, b.ownerToken, {
      method: 'GET',
      url: `/api/user/getSeatAvailability?roomId=${room}`,
      branchId: b.branchIds[0],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('members: lists, expiry and status', () => {
  let expired: Member;
  let deactivated: Member;
  it('searches name, mobile and email case-insensitively and partially', async () => {
    await made(member({ name: 'Priyanka Menon', mobile: '9988776655', email: 'PRIYA.M@Example.com' }));
    expect(names(await list(a.ownerToken, home, '?q=anka%20me'))).toEqual(['Priyanka Menon']);
    expect(names(await list(a.ownerToken, home, '?q=887766'))).toEqual(['Priyanka Menon']);
    expect(names(await list(a.ownerToken, home, '?q=priya.m@example'))).toEqual(['Priyanka Menon']);
    expect((await list(a.ownerToken, home, '?q=%25')).json().total).toBe(0);
  });

  it('filters by room, package, fee structure, biometric flag and expiring window', async () => {
    await made(
      member({
        name: 'Soon Ending',
        validTill: addDays(today(), 3),
        addedToBiometricMachine: true,
        packageId: wifi,
        feeStructureId: structure,
      }),
    );
    const soon = names(await list(a.ownerToken, home, '?expiringWithinDays=7&pageSize=100'));
    expect(soon).toContain('Soon Ending');
    expect(soon).not.toContain('Priyanka Menon');
    expect(names(await list(a.ownerToken, home, '?expiringWithinDays=2&pageSize=100'))).not.toContain(
      'Soon Ending',
    );
    expect(names(await list(a.ownerToken, home, '?addedToBiometricMachine=true&pageSize=100'))).toEqual([
      'Soon Ending',
    ]);
    const byPackage = names(await list(a.ownerToken, home, `?packageId=${wifi}&pageSize=100`));
    expect(byPackage.sort()).toEqual(['Member', 'Soon Ending']);
    expect(names(await list(a.ownerToken, home, `?feeStructureId=${structure}&pageSize=100`)).sort()).toEqual(
      ['Member', 'Soon Ending'],
    );
    const inRoom = names(await list(a.ownerToken, home, `?roomId=${room}&pageSize=100&sort=name`));
    expect(inRoom).toEqual(['Asha Rao', 'Evening', 'Member', 'Member', 'Night Shift']);
  });

  it('shows a member whose validity passed as inactive (expired) at once, without the job', async () => {
    // The branch's date turns: moved from 11 hours behind UTC to 14 hours ahead, its date is always
    // a day or two later, as after midnight. Lists sweep once per branch and date, so the list just
    // before the turn swept and the one after must sweep again.
    const [{ timezone }] = (await t.db
      .select({ timezone: branches.timezone })
      .from(branches)
      .where(eq(branches.id, home))) as [{ timezone: string }];
    const setZone = (zone: string) =>
      t.db.update(branches).set({ timezone: zone }).where(eq(branches.id, home));
    await setZone('Pacific/Pago_Pago');
    const lastDayThere = localToday('Pacific/Pago_Pago');
    expired = await made(
      member({ name: 'Lapsed Lakshmi', validFrom: addDays(lastDayThere, -30), validTill: lastDayThere }),
    );
    expect(names(await list(a.ownerToken, home, '?status=active&pageSize=100'))).toContain('Lapsed Lakshmi');
    await setZone('Pacific/Kiritimati');
    const inactive = (await ok(list(a.ownerToken, home, '?status=inactive&pageSize=100'))).items as Member[];
    expect(inactive.find((m) => m.userId === expired.userId)).toMatchObject({
      status: false,
      inactiveReason: 'expired',
    });
    expect(names(await list(a.ownerToken, home, '?status=active&pageSize=100'))).not.toContain(
      'Lapsed Lakshmi',
    );
    expect(names(await list(a.ownerToken, home, '?reason=expired&pageSize=100'))).toEqual(['Lapsed Lakshmi']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'user'),
          eq(auditLog.entityId, String(expired.userId)),
          eq(auditLog.action, 'expire'),
        ),
      );
    expect(audit).toHaveLength(1);
    await setZone(timezone);
    // Later tests reactivate this member and expect a validity that ended yesterday (UTC).
    await t.db
      .update(users)
      .set({ validTill: addDays(today(), -1) })
      .where(eq(users.id, expired.userId));
    // Created with a validity already over: inactive (expired) from the start.
    const late = await made(member({ name: 'Late Entry', validFrom: '2024-01-01', validTill: '2024-01-31' }));
    expect(late).toMatchObject({ status: false, inactiveReason: 'expired' });
    // A member valid through today stays active.
    const lastDay = await made(member({ name: 'Last Day', validTill: today() }));
    expect((await ok(get(a.ownerToken, home, lastDay.userId))).status).toBe(true);
  });

  it('switches an active member off (expired) when an edit moves the validity into the past', async () => {
    const m = await made(member({ name: 'Backdated Bala' }));
    const res = await ok(
      update(a.ownerToken, home, m.userId, {
        ...member({ name: 'Backdated Bala', mobile: m.mobile }),
        validFrom: addDays(today(), -60),
        validTill: addDays(today(), -2),
      }),
    );
    expect(res).toMatchObject({ status: false, inactiveReason: 'expired' });
    // Moved back into the future it stays off: reactivation is a separate, explicit step.
    const again = await ok(
      update(a.ownerToken, home, m.userId, member({ name: 'Backdated Bala', mobile: m.mobile })),
    );
    expect(again).toMatchObject({ status: false, inactiveReason: 'expired' });
  });

  it('expires by the branch’s own date, in the job for every branch too', async () => {
    const zone = 'Pacific/Kiritimati';
    await t.db.update(branches).set({ timezone: zone }).where(eq(branches.id, other));
    const yesterday = await made(member({ name: 'Zone Yesterday' }), other);
    const todayThere = await made(member({ name: 'Zone Today' }), other);
    await t.db
      .update(users)
      .set({ validTill: addDays(localToday(zone), -1) })
      .where(eq(users.id, yesterday.userId));
    await t.db
      .update(users)
      .set({ validTill: localToday(zone) })
      .where(eq(users.id, todayThere.userId));
    expect(await expireMembers(t.db)).toBeGreaterThanOrEqual(1);
    const [y] = await t.db.select().from(users).where(eq(users.id, yesterday.userId));
    const [z] = await t.db.select().from(users).where(eq(users.id, todayThere.userId));
    expect(y).toMatchObject({ status: false, inactiveReason: 'expired' });
    expect(z).toMatchObject({ status: true, inactiveReason: null });
    expect(await expireMembers(t.db)).toBe(0);
  });

  it('deactivates (reason deactivated) and reactivates only while the validity lasts', async () => {
    deactivated = await made(member({ name: 'Paused Pooja' }));
    expect(await ok(action(a.ownerToken, home, 'deactivateUser', deactivated.userId))).toMatchObject({
      status: false,
      inactiveReason: 'deactivated',
    });
    expect((await action(a.ownerToken, home, 'deactivateUser', deactivated.userId)).statusCode).toBe(409);
    const inactive = await ok(
      call(t, a.ownerToken, {
        method: 'GET',
        url: '/api/user/getInactiveUsers?pageSize=100',
        branchId: home,
      }),
    );
    expect(inactive.items.find((m: Member) => m.userId === deactivated.userId).inactiveReason).toBe(
      'deactivated',
    );
    expect(inactive.items.every((m: Member) => m.status === false)).toBe(true);
    expect(await ok(action(a.ownerToken, home, 'reactivateUser', deactivated.userId))).toMatchObject({
      status: true,
      inactiveReason: null,
    });
    expect((await action(a.ownerToken, home, 'reactivateUser', deactivated.userId)).statusCode).toBe(409);
    const lapsed = await action(a.ownerToken, home, 'reactivateUser', expired.userId);
    expect(lapsed.statusCode).toBe(409);
    expect(lapsed.json().message).toBe(
      `Validity ended on ${addDays(today(), -1).split('-').reverse().join('/')}; record a payment to extend it.`,
    );
  });

  it('exports the filtered members as CSV: names for ids, ISO dates, HH:MM, decimal dues, yes/no', async () => {
    const m = await made(
      member({
        name: 'Csv Export Person',
        roomId: room,
        seatNumber: 7,
        packageId: wifi,
        feeStructureId: structure,
        entryTime: '08:00:00',
        exitTime: '14:30:00',
        validFrom: '2026-01-05',
        validTill: addDays(today(), 40),
      }),
    );
    await t.db.update(users).set({ dues: 123450, duesSince: today() }).where(eq(users.id, m.userId));
    const exported = (lang?: string) =>
      call(t, a.ownerToken, {
        method: 'GET',
        url: '/api/user/exportUsers?q=csv%20export',
        branchId: home,
        headers: lang ? { 'accept-language': lang } : {},
      });
    const en = await exported();
    expect(en.statusCode).toBe(200);
    const { header, rows } = csvOf(en);
    expect(header.slice(0, 8)).toEqual([
      'Member no.',
      'Name',
      'Mobile',
      'Email',
      'Active',
      'Inactive reason',
      'Valid from',
      'Valid till',
    ]);
    expect(header).not.toContain('clientId');
    expect(rows).toEqual([
      expect.objectContaining({
        'Member no.': String(m.userId),
        Name: 'Csv Export Person',
        Active: 'yes',
        'Valid from': '2026-01-05',
        'Valid till': addDays(today(), 40),
        'Fee structure': 'Day',
        'WiFi package': 'WiFi',
        Room: 'Reading Room 1',
        Seat: '7',
        'Entry time': '08:00',
        'Exit time': '14:30',
        'Exit next day': 'no',
        Dues: '1234.50',
      }),
    ]);
    const de = csvOf(await exported('de'));
    expect(de.header.slice(0, 8)).toEqual([
      'Mitgliedsnummer',
      'Name',
      'Mobilnummer',
      'E-Mail',
      'Aktiv',
      'Grund der Inaktivität',
      'Gültig ab',
      'Gültig bis',
    ]);
    expect(de.rows[0]).toMatchObject({ Aktiv: 'ja', Raum: 'Reading Room 1', Rückstände: '1234.50' });
    const hi = csvOf(await exported('hi'));
    expect(hi.header.slice(0, 8)).toEqual([
      'सदस्य संख्या',
      'नाम',
      'मोबाइल',
      'ई-मेल',
      'सक्रिय',
      'निष्क्रिय होने का कारण',
      'वैध कब से',
      'वैध कब तक',
    ]);
    expect(hi.rows[0]).toMatchObject({
      सक्रिय: 'हाँ',
      कमरा: 'Reading Room 1',
      'निकास अगले दिन': 'नहीं',
      बकाया: '1234.50',
    });
  });
});

describe('members: isolation and permissions', () => {
  it('keeps branches and organisations apart', async () => {
    const mine = await made(member({ name: 'Home Only' }));
    expect(names(await list(a.ownerToken, other, '?pageSize=100'))).not.toContain('Home Only');
    expect((await get(a.ownerToken, other, mine.userId)).statusCode).toBe(404);
    const bBranch = b.branchIds[0]!;
    expect((await get(b.ownerToken, bBranch, mine.userId)).statusCode).toBe(404);
    expect((await update(b.ownerToken, bBranch, mine.userId, member())).statusCode).toBe(404);
    expect((await remove(b.ownerToken, bBranch, mine.userId)).statusCode).toBe(404);
    expect((await action(b.ownerToken, bBranch, 'deactivateUser', mine.userId)).statusCode).toBe(404);
    expect((await action(b.ownerToken, bBranch, 'reactivateUser', mine.userId)).statusCode).toBe(404);
    const history = await call(t, b.ownerToken, {
      method: 'GET',
      url: `/api/user/getUserHistory?userId=${mine.userId}`,
      branchId: bBranch,
    });
    expect(history.statusCode).toBe(404);
    expect(names(await list(b.ownerToken, bBranch, '?pageSize=100'))).not.toContain('Home Only');
    expect(
      (await list(a.ownerToken, home, '?pageSize=100'))
        .json()
        .items.every((m: Member) => m.branchId === home),
    ).toBe(true);
  });

  it('checks the permission of each action', async () => {
    const [someone] = (await list(a.ownerToken, home, '?status=active')).json().items as Member[];
    const id = someone!.userId;
    const viewer = await createStaff(t, a, only({ users: 'v' }));
    const inactiveViewer = await createStaff(t, a, only({ inactiveUsers: 've' }));
    const editor = await createStaff(t, a, only({ users: 've', inactiveUsers: 'v' }));
    const nobody = await createStaff(t, a, only({ rooms: 'v' }));
    expect((await list(nobody.token, home)).statusCode).toBe(403);
    expect((await get(nobody.token, home, id)).statusCode).toBe(403);
    expect((await list(viewer.token, home)).statusCode).toBe(200);
    expect((await list(viewer.token, home, '?status=active')).statusCode).toBe(200);
    expect((await list(viewer.token, home, '?status=inactive')).statusCode).toBe(403);
    expect((await list(viewer.token, home, '?reason=expired')).statusCode).toBe(403);
    expect((await list(editor.token, home, '?status=inactive')).statusCode).toBe(200);
    expect((await create(viewer.token, home, member())).statusCode).toBe(403);
    expect((await update(viewer.token, home, id, member())).statusCode).toBe(403);
    expect((await remove(viewer.token, home, id)).statusCode).toBe(403);
    expect((await action(viewer.token, home, 'deactivateUser', id)).statusCode).toBe(403);
    const inactiveList = (tok: string) =>
      call(t, tok, { method: 'GET', url: '/api/user/getInactiveUsers', branchId: home });
    expect((await inactiveList(inactiveViewer.token)).statusCode).toBe(200);
    expect((await inactiveList(viewer.token)).statusCode).toBe(403);
    expect((await list(inactiveViewer.token, home, '?status=inactive')).statusCode).toBe(403);
    expect((await action(inactiveViewer.token, home, 'deactivateUser', id)).statusCode).toBe(403);
    // Reactivation belongs to Inactive Users (edit), deactivation to Users (edit).
    expect((await action(editor.token, home, 'reactivateUser', id)).statusCode).toBe(403);
    expect((await action(editor.token, home, 'deactivateUser', id)).statusCode).toBe(200);
    expect((await action(inactiveViewer.token, home, 'reactivateUser', id)).statusCode).toBe(200);
    const preview = await call(t, viewer.token, {
      method: 'POST',
      url: '/api/user/previewImport',
      payload: { csv: 'name,mobile,validFrom,validTill\n' },
      branchId: home,
    });
    expect(preview.statusCode).toBe(403);
    expect(
      (await call(t, viewer.token, { method: 'GET', url: '/api/user/importTemplate', branchId: home }))
        .statusCode,
    ).toBe(403);
    expect((await call(t, a.ownerToken, { method: 'GET', url: '/api/user/getUsers' })).statusCode).toBe(400);
  });
});

describe('members: CSV import', () => {
  const header =
    'name,mobile,email,validFrom,validTill,entryTime,exitTime,nextDayExit,room,seatNumber,package\r\n';
  // A year from today, not fixed dates: once a fixed year has passed, the imported members are
  // expired at once, their seats free, and the second import below finds a row that no longer clashes.
  const from = today();
  const till = addDays(today(), 365);
  const rows = [
    `"Rao, Meena",9300000001,meena@example.com,${from},${till},08:00,14:00,,reading room 1,5,WiFi`, // line 2 ok
    `Bad Email,9300000002,nope,${from},${till},,,,,,`, // 3
    `Dup In File,9300000001,,${from},${till},,,,,,`, // 4: repeats line 2
    `Existing,9988776655,,${from},${till},,,,,,`, // 5: Priyanka's mobile
    `Backwards,9300000005,,${till},${from},,,,,,`, // 6
    `No Room,9300000006,,${from},${till},,,,Attic,1,`, // 7
    `Seat Clash File,9300000007,,${from},${till},13:00,15:00,,Reading Room 1,5,`, // 8: overlaps line 2
    `Seat Clash Db,9300000008,,${from},${till},,,,Reading Room 1,12,`, // 9: overlaps Asha
    `Night Ok,9300000009,,${from},${till},20:00,06:00,yes,Reading Room 1,5,`, // 10 ok
    `Bad Window,9300000010,,${from},${till},10:00,09:00,,,,`, // 11
    `Bad Flag,9300000011,,${from},${till},,,maybe,,,`, // 12
  ];
  const csv = `\uFEFF${header}${rows.join('\r\n')}\r\n`;
  const errorsByLine = (res: { rows: { line: number; errors: { field: string }[] }[] }) =>
    Object.fromEntries(res.rows.map((r) => [r.line, r.errors.map((e) => e.field).sort()]));

  it('previews every row with its errors', async () => {
    const res = await ok(
      call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/user/previewImport',
        payload: { csv },
        branchId: home,
      }),
    );
    // Columns named as the members export spells them, never by the API's names (issue 41, point 4).
    expect(errorsByLine(res)).toEqual({
      2: [],
      3: ['Email'],
      4: ['Mobile'],
      5: ['Mobile'],
      6: ['Valid till'],
      7: ['Room'],
      8: ['Seat'],
      9: ['Seat'],
      10: [],
      11: ['Exit time'],
      12: ['Exit next day'],
    });
    expect(res).toMatchObject({ validCount: 2, errorCount: 9 });
    expect(res.rows[0].values).toMatchObject({ name: 'Rao, Meena', room: 'reading room 1' });
    const messages = res.rows.flatMap((r: { errors: { message: string }[] }) =>
      r.errors.map((e) => e.message),
    );
    expect(messages).toContain('Mobile 9300000001 is repeated from line 2.');
    expect(messages).toContain('Mobile 9988776655 is already used by Priyanka Menon.');
    expect(messages).toContain('Seat 12 of Reading Room 1 is taken by Asha Rao (07:00–14:00)');
    expect(names(await list(a.ownerToken, home, '?q=9300000'))).toEqual([]);
  });

  it('imports only the valid rows, in one go, and reports the rest', async () => {
    const res = await ok(
      call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/user/importUsers',
        payload: { csv },
        branchId: home,
      }),
    );
    expect(res.imported).toBe(2);
    expect(res.skipped).toBe(9);
    expect(res.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 11, 12]);
    const imported = (await list(a.ownerToken, home, '?q=9300000&sort=name')).json().items as Member[];
    expect(imported.map((m) => m.name)).toEqual(['Night Ok', 'Rao, Meena']);
    expect(imported[1]).toMatchObject({
      roomId: room,
      seatNumber: 5,
      packageId: wifi,
      entryTime: '08:00:00',
      validTill: till,
    });
    expect(imported[0]).toMatchObject({ nextDayExit: true, exitTime: '06:00:00' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.action, 'import')));
    expect(audit).toHaveLength(2);
    // The same file again: every row now clashes with what was imported.
    const again = await ok(
      call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/user/importUsers',
        payload: { csv },
        branchId: home,
      }),
    );
    expect(again.imported).toBe(0);
  });

  it('refuses a file with a bad header or an unclosed quote, and serves a template', async () => {
    const post = (csv: string) =>
      call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/user/previewImport',
        payload: { csv },
        branchId: home,
      });
    const missing = await post('name,email\nA,a@b.co\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].message).toContain('Missing columns: Mobile, Valid from, Valid till.');
    expect((await post('name,mobile,validFrom,validTill,shoeSize\n')).json().details[0].message).toContain(
      'shoeSize',
    );
    expect((await post('name,mobile,validFrom,validTill\n"A,1,2,3\n')).statusCode).toBe(400);
    const big = await post(`name,mobile,validFrom,validTill\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(400);
    expect(big.json().details[0].path).toBe('body.csv');
    // Close to 2 MB is accepted (above the API's usual 1 MB body limit).
    const large = await post(`${header}Filler,9300000099,,${from},${till},,,,,,${' '.repeat(1_900_000)}\r\n`);
    expect(large.statusCode, large.body.slice(0, 200)).toBe(200);
    expect(large.json().validCount).toBe(1);
    const template = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/user/importTemplate',
      branchId: home,
    });
    expect(template.headers['content-type']).toContain('text/csv');
    const [head, example] = template.body.trim().split('\r\n');
    expect(head!.startsWith('Name,Mobile,Email,Valid from,Valid till')).toBe(true);
    expect(example).toContain('Asha Rao');
  });
});

describe('members: documentation', () => {
  it('documents the member and enquiry routes in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/user/getUsers',
        '/api/user/getInactiveUsers',
        '/api/user/getSeatAvailability',
        '/api/user/getUserHistory',
        '/api/user/reactivateUser',
        '/api/user/deactivateUser',
        '/api/user/previewImport',
        '/api/user/importUsers',
        '/api/user/importTemplate',
        '/api/user/exportUsers',
        '/api/enquiry/getEnquiries',
        '/api/enquiry/convertEnquiry',
      ]),
    );
  });
});

describe('members: indexes', () => {
  it('has pg_trgm GIN indexes for search and the btree for sorted paging', async () => {
    const rows = await t.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'users'`,
    );
    const defs = Object.fromEntries(rows.rows.map((r) => [r.indexname, r.indexdef]));
    for (const col of ['name', 'mobile', 'email']) {
      expect(defs[`users_${col}_trgm_idx`]).toMatch(new RegExp(`USING gin \\(${col} gin_trgm_ops\\)`));
    }
    expect(defs.users_client_branch_name_idx).toMatch(/btree \(client_id, branch_id, name, id\)/);
    // Validity ranges, and the dashboard's renewals due in date then name order (migration 0014).
    expect(defs.users_client_branch_status_valid_name_idx).toMatch(
      /btree \(client_id, branch_id, status, valid_till, name, id\)/,
    );
    expect(defs.users_client_branch_status_valid_idx).toBeUndefined();
  });
});

describe('members: the expiry job', () => {
  it('switches off members past validity when the app starts', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const [client] = await database.db.insert(clients).values({ name: 'Job Org' }).returning();
      const [br] = await database.db
        .insert(branches)
        .values({ clientId: client!.id, name: 'Job Branch' })
        .returning();
      const base = {
        clientId: client!.id,
        branchId: br!.id,
        validFrom: '2020-01-01',
        joinedOn: '2020-01-01',
      };
      await database.db.insert(users).values([
        { ...base, name: 'Past', mobile: '7000000001', validTill: addDays(today(), -1) },
        { ...base, name: 'Current', mobile: '7000000002', validTill: addDays(today(), 1) },
      ]);
      const app = await buildApp(testConfig(), { ...database, close: async () => {} });
      await app.ready();
      const rows = await database.db.select().from(users).orderBy(users.name);
      expect(rows.map((r) => [r.name, r.status, r.inactiveReason])).toEqual([
        ['Current', true, null],
        ['Past', false, 'expired'],
      ]);
      await app.close();
    } finally {
      await drop();
    }
  });
});
