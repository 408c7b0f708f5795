// During a pause the door and WiFi are shut (issue 45, point 4): the door devices are told through
// their command queue at the pause's start and again at its end or early end; open WiFi sessions get
// a Disconnect-Request; the member list filters paused members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SimulatedDevice } from '../../../scripts/deviceSimulator.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { branchToday } from '../users/members.ts';
import { enqueueDueDisconnects } from '../wifi/outbox.ts';
import { syncPauseDoors } from './doors.ts';

let t: TestApp;
let base: string;
let m: MoneyBranch;
let today: string;
let mobile = 7_300_000_000;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  m = await moneyBranch(t, { branchCount: 1 });
  today = await branchToday(t.db, m.branchId);
  const policy = await m.send('PUT', '/api/user/updatePausePolicy', {
    maxDaysYear: 366,
    minDays: 1,
    holdsSeat: true,
  });
  expect(policy.statusCode, policy.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

async function acceptedDevice() {
  const device = new SimulatedDevice(base, `PAUSE${process.pid}${++mobile}`);
  expect((await device.handshake()).status).toBe(200);
  const res = await m.send('POST', '/api/device/acceptDevice', {
    serialNumber: device.serialNumber,
    name: 'Door',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { device, deviceId: res.json().id as number };
}

async function member(over: Record<string, unknown> = {}) {
  const res = await m.send('POST', '/api/user/createUser', {
    name: `Paused ${++mobile}`,
    mobile: String(mobile),
    validFrom: shiftDays(today, -5),
    validTill: shiftDays(today, 60),
    feeStructureId: m.structureId,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().userId as number;
}

const pause = async (userId: number, from: string, days: number) => {
  const res = await m.send('POST', `/api/user/pauseMember?userId=${userId}`, { from, days, reason: 'Exams' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

describe('a pause shuts the door', () => {
  it('blocks on the device at once for a pause from today, keeps it blocked through edits, unblocks on early end', async () => {
    const { device, deviceId } = await acceptedDevice();
    const userId = await member({ addedToBiometricMachine: true, biometricMachineId: deviceId });
    expect(await device.sync()).toHaveLength(1); // enrol
    expect(device.punch(userId, `${today} 10:00:00`)).toBe(true);

    const pauseId = await pause(userId, today, 10);
    const block = await device.sync();
    expect(block).toHaveLength(1);
    expect(block[0]).toMatch(/DATA UPDATE USERINFO .*Grp=2/);
    expect(device.punch(userId, `${today} 10:05:00`)).toBe(false);

    // Another change of the member during the pause does not open the door.
    const edit = await m.send('PUT', `/api/user/updateUser?userId=${userId}`, {
      name: 'Renamed While Paused',
      mobile: String(mobile),
      validFrom: shiftDays(today, -5),
      validTill: shiftDays(today, 70),
      feeStructureId: m.structureId,
      addedToBiometricMachine: true,
      biometricMachineId: deviceId,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const renamed = await device.sync();
    expect(renamed).toHaveLength(1);
    expect(renamed[0]).toMatch(/Name=Renamed While Paused.*Grp=2/);

    // The hourly sweep has nothing more to do for it.
    expect(await syncPauseDoors(t.db, { clientId: m.org.clientId, userId })).toEqual({ shut: 0, opened: 0 });

    const end = await m.send('PUT', `/api/user/endPause?pauseId=${pauseId}`);
    expect(end.statusCode, end.body).toBe(200);
    const unblock = await device.sync();
    expect(unblock).toHaveLength(1);
    expect(unblock[0]).toMatch(/Grp=1/);
    expect(device.punch(userId, `${today} 10:10:00`)).toBe(true);
  });

  it('a pause from a later day: the sweep blocks on its first day and unblocks after its last, once each', async () => {
    const { device, deviceId } = await acceptedDevice();
    const userId = await member({ addedToBiometricMachine: true, biometricMachineId: deviceId });
    await device.sync();
    const pauseId = await pause(userId, shiftDays(today, 3), 5);
    expect(await device.sync()).toEqual([]);
    const scope = { clientId: m.org.clientId, userId };
    expect(await syncPauseDoors(t.db, scope)).toEqual({ shut: 0, opened: 0 });

    // Its first day comes.
    await t.db.execute(sql`update member_pauses set from_day = ${today} where id = ${pauseId}`);
    expect(await syncPauseDoors(t.db)).toMatchObject({ shut: 1 });
    expect(await syncPauseDoors(t.db, scope)).toEqual({ shut: 0, opened: 0 });
    const block = await device.sync();
    expect(block).toHaveLength(1);
    expect(block[0]).toMatch(/Grp=2/);

    // Its days are over.
    await t.db.execute(
      sql`update member_pauses set from_day = ${shiftDays(today, -5)} where id = ${pauseId}`,
    );
    expect(await syncPauseDoors(t.db)).toMatchObject({ opened: 1 });
    expect(await syncPauseDoors(t.db, scope)).toEqual({ shut: 0, opened: 0 });
    const unblock = await device.sync();
    expect(unblock).toHaveLength(1);
    expect(unblock[0]).toMatch(/Grp=1/);
  });

  it('an expired member stays blocked when their pause ends', async () => {
    const { device, deviceId } = await acceptedDevice();
    const userId = await member({ addedToBiometricMachine: true, biometricMachineId: deviceId });
    await device.sync();
    const pauseId = await pause(userId, today, 3);
    await device.sync();
    await t.db.execute(
      sql`update users set status = false, inactive_reason = 'expired' where id = ${userId}`,
    );
    await device.sync();
    await t.db.execute(
      sql`update member_pauses set from_day = ${shiftDays(today, -5)} where id = ${pauseId}`,
    );
    await syncPauseDoors(t.db, { clientId: m.org.clientId, userId });
    const after = await device.sync();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/Grp=2/);
  });
});

describe('a pause cuts WiFi and is a filter of the member list', () => {
  it('queues a disconnect of an open session at the pause’s start, not before', async () => {
    const router = await t.db.execute<{ id: number }>(sql`
      insert into wifi_routers (client_id, branch_id, name, address, secret)
      values (${m.org.clientId}, ${m.branchId}, 'Hall', '127.0.0.1', 'secret') returning id`);
    const routerId = router.rows[0]!.id;
    const session = async (userId: number) =>
      (
        await t.db.execute<{ id: number }>(sql`
          insert into wifi_sessions (client_id, branch_id, router_id, user_id, acct_session_id, username)
          values (${m.org.clientId}, ${m.branchId}, ${routerId}, ${userId}, ${`s${userId}`}, ${`u${userId}`})
          returning id`)
      ).rows[0]!.id;
    const now = await member();
    const later = await member();
    await pause(now, today, 5);
    await pause(later, shiftDays(today, 2), 5);
    const nowSession = await session(now);
    const laterSession = await session(later);
    await enqueueDueDisconnects(t.db, m.org.clientId);
    const queued = await t.db.execute<{ session_id: string; reason: string }>(sql`
      select session_id::text, reason from wifi_disconnects
       where session_id in (${nowSession}, ${laterSession})`);
    expect(queued.rows).toEqual([{ session_id: String(nowSession), reason: 'paused' }]);
  });

  it('lists paused members with paused=true and leaves them out with paused=false', async () => {
    const paused = await member();
    const notYet = await member();
    const free = await member();
    await pause(paused, today, 5);
    await pause(notYet, shiftDays(today, 1), 5);
    const ids = async (query: string) => {
      const res = await m.send('GET', `/api/user/getUsers?status=active&pageSize=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { userId: number }[]).map((u) => u.userId);
    };
    const pausedIds = await ids('&paused=true');
    expect(pausedIds).toContain(paused);
    expect(pausedIds).not.toContain(notYet);
    expect(pausedIds).not.toContain(free);
    const notPaused = await ids('&paused=false');
    expect(notPaused).not.toContain(paused);
    expect(notPaused).toEqual(expect.arrayContaining([notYet, free]));
    expect((await m.send('GET', '/api/user/getUsers?paused=maybe')).statusCode).toBe(400);
  });
});
