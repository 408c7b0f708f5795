// Door access against the real server: the simulator (api/scripts/deviceSimulator.ts) speaks the
// push protocol over HTTP to the API listening on a port, staff act through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SimulatedDevice } from '../../../scripts/deviceSimulator.ts';
import { call, createStaff, csvOf, only, startTestApp, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { expireMembers } from '../users/members.ts';

let t: TestApp;
let base: string;
let m: MoneyBranch;
let serialCounter = 0;
const del = (url: string) => call(t, m.org.ownerToken, { method: 'DELETE', url, branchId: m.branchId });

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  m = await moneyBranch(t);
});
afterAll(async () => t?.close());

const today = isoToday();
const at = (time: string, day = today) => `${day} ${time}`;

/** A device that called in and was accepted by the branch; returns it and its id. */
async function acceptedDevice(name = 'Front door') {
  const device = new SimulatedDevice(base, `SIM${process.pid}${++serialCounter}`);
  expect((await device.handshake()).status).toBe(200);
  const res = await m.send('POST', '/api/device/acceptDevice', { serialNumber: device.serialNumber, name });
  expect(res.statusCode, res.body).toBe(201);
  return { device, deviceId: res.json().id as number };
}

let mobile = 7_100_000_000;
function memberBody(deviceId: number, over: Record<string, unknown> = {}) {
  return {
    name: 'Asha Rao',
    mobile: String(++mobile),
    validFrom: shiftDays(today, -5),
    validTill: shiftDays(today, 20),
    feeStructureId: m.structureId,
    addedToBiometricMachine: true,
    biometricMachineId: deviceId,
    entryTime: '06:00:00',
    exitTime: '22:00:00',
    ...over,
  };
}

async function enrolledMember(deviceId: number, over: Record<string, unknown> = {}) {
  const body = memberBody(deviceId, over);
  const res = await m.send('POST', '/api/user/createUser', body);
  expect(res.statusCode, res.body).toBe(201);
  return { userId: res.json().userId as number, body };
}

const openCommands = async (deviceId: number) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from device_commands where device_id = ${deviceId} and confirmed_at is null`,
      )
    ).rows[0]!.n,
  );

const visits = async (query = '') => {
  const res = await m.send('GET', `/api/attendance/getVisits?pageSize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { userId: number; inAt: string; outAt: string | null; inside: boolean; flags: string[] }[];
    total: number;
  };
};

describe('a device that is not accepted', () => {
  it('is held as pending: options, no commands, uploads refused so the device keeps them', async () => {
    const device = new SimulatedDevice(base, `PENDING${process.pid}`);
    const hello = await device.handshake();
    expect(hello.status).toBe(200);
    expect(hello.text).toContain(`GET OPTION FROM: ${device.serialNumber}`);
    expect(hello.text).toContain('ATTLOGStamp=None');
    expect(await device.poll()).toEqual([]);
    device.record(1, at('08:00:00'));
    expect((await device.upload()).status).toBe(403);
    expect(device.records[0]!.sent).toBe(false);
    const [row] = (
      await t.db.execute<{ status: string; client_id: number | null }>(
        sql`select status, client_id from devices where serial_number = ${device.serialNumber}`,
      )
    ).rows;
    expect(row).toEqual({ status: 'pending', client_id: null });
  });

  it('cannot be claimed before it has called in, nor twice', async () => {
    const never = await m.send('POST', '/api/device/acceptDevice', { serialNumber: 'NEVERSEEN1', name: 'X' });
    expect(never.statusCode).toBe(409);
    const { device } = await acceptedDevice();
    const again = await m.send('POST', '/api/device/acceptDevice', {
      serialNumber: device.serialNumber,
      name: 'Y',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already accepted/);
  });

  it('a removed device gets nothing and its punches are refused', async () => {
    const { device, deviceId } = await acceptedDevice();
    await enrolledMember(deviceId);
    expect((await del(`/api/device/deleteDevice?deviceId=${deviceId}`)).statusCode).toBe(204);
    expect((await device.handshake()).status).toBe(403);
    await expect(device.poll()).rejects.toThrow(/403/);
    device.record(1, at('09:00:00'));
    expect((await device.upload()).status).toBe(403);
    const list = await m.send('GET', '/api/device/getDevices?pageSize=100');
    expect(list.json().items.map((d: { id: number }) => d.id)).not.toContain(deviceId);
  });
});

describe('enrol, punch, expire, renew', () => {
  it('walks a member through the door and the queue', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId } = await enrolledMember(deviceId, { name: 'Ravi Kumar' });

    // Enrol: the device learns the member with the open group and their window.
    const enrol = await device.sync();
    expect(enrol).toHaveLength(1);
    expect(enrol[0]).toMatch(
      new RegExp(
        `^C:\\d+:DATA UPDATE USERINFO PIN=${userId}\\tName=Ravi Kumar\\t.*Grp=1\\tWindow=06:00-22:00`,
      ),
    );
    expect(device.users.get(userId)).toMatchObject({ group: 1, window: '06:00-22:00' });
    expect(await openCommands(deviceId)).toBe(0);

    // In and out: one visit with both times, nobody inside; a third punch opens a new visit.
    expect(device.punch(userId, at('09:00:00'))).toBe(true);
    expect(device.punch(userId, at('12:30:00'))).toBe(true);
    expect((await device.upload()).text).toBe('OK: 2');
    let mine = (await visits(`&userId=${userId}`)).items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      inAt: `${today}T09:00:00.000Z`,
      outAt: `${today}T12:30:00.000Z`,
      inside: false,
      flags: [],
    });
    device.punch(userId, at('13:15:00'));
    await device.upload();
    mine = (await visits(`&userId=${userId}`)).items;
    expect(mine[0]).toMatchObject({ inAt: `${today}T13:15:00.000Z`, outAt: null, inside: true });
    const summary = (await m.send('GET', '/api/attendance/getAttendanceSummary')).json();
    expect(summary.insideNow).toBeGreaterThanOrEqual(1);
    const inside = (await visits('&inside=true')).items.map((v) => v.userId);
    expect(inside).toContain(userId);
    expect((await m.send('GET', '/api/dashboard/getDashboard')).json().insideNow).toBe(summary.insideNow);

    // Expiry (the hourly sweep) blocks: the device moves the member to the refused group, fingerprints kept.
    device.enrolFinger(userId, 0, 'QUJDREVGR0g=');
    expect((await device.uploadTemplates([userId])).status).toBe(200);
    await t.db.execute(sql`update users set valid_till = ${shiftDays(today, -1)} where id = ${userId}`);
    expect(await expireMembers(t.db)).toBeGreaterThanOrEqual(1);
    const block = await device.sync();
    expect(block).toHaveLength(1);
    expect(block[0]).toMatch(/DATA UPDATE USERINFO .*Grp=2/);
    expect(block[0]).not.toMatch(/DELETE/);
    expect(device.users.get(userId)?.templates.get(0)).toBe('QUJDREVGR0g=');
    expect(device.punch(userId, at('15:00:00'))).toBe(false);

    // Renewal (a payment) unblocks in the payment's own transaction.
    const pay = await m.send('POST', '/api/payment/createPayment', {
      userId,
      feeStructureId: m.structureId,
      received: 200000,
      mode: 'cash',
      bankAccountId: null,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const unblock = await device.sync();
    expect(unblock).toHaveLength(1);
    expect(unblock[0]).toMatch(/Grp=1/);
    expect(device.punch(userId, at('15:05:00'))).toBe(true);
    const kinds = (
      await t.db.execute<{ kind: string }>(
        sql`select kind from device_commands where device_id = ${deviceId} and topic = 'user' order by id`,
      )
    ).rows.map((r) => r.kind);
    expect(kinds).toEqual(['enrol', 'block', 'unblock']);
  });
});

describe('other member changes', () => {
  it('a void that restores a lapsed validity blocks again; deleting a member deletes them on the device', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId } = await enrolledMember(deviceId, { validTill: shiftDays(today, -1) });
    const [first] = await device.sync();
    expect(first).toMatch(/Grp=2/);
    const pay = await m.send('POST', '/api/payment/createPayment', {
      userId,
      feeStructureId: m.structureId,
      received: 200000,
      mode: 'cash',
      bankAccountId: null,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(await device.sync()).toEqual([expect.stringMatching(/Grp=1/)]);
    const voided = await m.send('PUT', `/api/payment/voidPayment?paymentId=${pay.json().id}`, {
      reason: 'Wrong member',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await device.sync()).toEqual([expect.stringMatching(/Grp=2/)]);

    const other = await enrolledMember(deviceId);
    await device.sync();
    expect(device.users.has(other.userId)).toBe(true);
    const removed = await del(`/api/user/deleteUser?userId=${other.userId}`);
    expect([200, 204]).toContain(removed.statusCode);
    expect(await device.sync()).toEqual([
      `C:${await lastCommandId(deviceId)}:DATA DELETE USERINFO PIN=${other.userId}`,
    ]);
    expect(device.users.has(other.userId)).toBe(false);
  });
});

const lastCommandId = async (deviceId: number) =>
  Number(
    (
      await t.db.execute<{ id: string }>(
        sql`select max(id) as id from device_commands where device_id = ${deviceId}`,
      )
    ).rows[0]!.id,
  );

describe('a device that was offline', () => {
  it('receives exactly the latest state after three changes', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId, body } = await enrolledMember(deviceId);
    await device.sync();
    device.goOffline();

    const edit = await m.send('PUT', `/api/user/updateUser?userId=${userId}`, {
      ...body,
      entryTime: '07:00:00',
      exitTime: '13:00:00',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await m.send('PUT', `/api/user/deactivateUser?userId=${userId}`)).statusCode).toBe(200);
    expect((await m.send('PUT', `/api/user/reactivateUser?userId=${userId}`)).statusCode).toBe(200);
    expect(await openCommands(deviceId)).toBe(1);

    device.comeBack();
    const lines = await device.sync();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Grp=1\tWindow=07:00-13:00/);
    expect(await openCommands(deviceId)).toBe(0);
  });

  it('keeps a command until confirmed, sends it again after the retry delay, ignores stale confirmations', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId, body } = await enrolledMember(deviceId);
    const first = await device.poll({ confirm: false });
    expect(first).toHaveLength(1);
    expect(await device.poll({ confirm: false })).toEqual([]);
    await t.db.execute(
      sql`update device_commands set sent_at = now() - interval '2 minutes' where device_id = ${deviceId}`,
    );
    const again = await device.poll({ confirm: false });
    expect(again).toEqual(first);
    // A newer state replaces it; the old id's confirmation confirms nothing.
    await m.send('PUT', `/api/user/updateUser?userId=${userId}`, { ...body, exitTime: '21:00:00' });
    const oldId = first[0]!.split(':')[1];
    await fetch(`${base}/iclock/devicecmd?SN=${device.serialNumber}`, {
      method: 'POST',
      body: `ID=${oldId}&Return=0&CMD=DATA`,
    });
    expect(await openCommands(deviceId)).toBe(1);
    const latest = await device.sync();
    expect(latest).toHaveLength(1);
    expect(latest[0]).toMatch(/Window=06:00-21:00/);
    expect(await openCommands(deviceId)).toBe(0);
  });
});

describe('punches', () => {
  it('a replayed ATTLOG is stored once', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId } = await enrolledMember(deviceId);
    await device.sync();
    device.punch(userId, at('08:01:00'));
    device.punch(userId, at('10:02:00'));
    expect((await device.upload()).status).toBe(200);
    expect((await device.upload({ all: true })).status).toBe(200);
    // The handshake after a restart hands back the stamp of the last upload.
    expect((await device.handshake()).text).toContain(`ATTLOGStamp=${device.stamp}\n`);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from attendance_punches where device_id = ${deviceId} and pin = ${userId}`,
    );
    expect(rows[0]!.n).toBe(2);
    expect((await visits(`&userId=${userId}`)).items).toHaveLength(1);
  });

  it('exports the visits of a range as CSV', async () => {
    const { device, deviceId } = await acceptedDevice('CSV door');
    const { userId } = await enrolledMember(deviceId, { name: 'Csv Member' });
    await device.sync();
    device.record(userId, at('07:10:00'));
    device.record(userId, at('09:20:00'));
    await device.upload();
    const res = await m.send('GET', `/api/attendance/exportVisits?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(csvOf(res).header).toEqual([
      'Day',
      'Member',
      'Member no.',
      'PIN',
      'In',
      'Out',
      'Device',
      'Device clock',
      'Received',
      'Flags',
      'Source',
    ]);
    // Times on the branch's clock (UTC here) to the minute, as a spreadsheet reads them.
    const lines = res.body.trim().split('\r\n');
    expect(lines.find((l) => l.includes('Csv Member'))).toMatch(
      new RegExp(
        `^${today},Csv Member,${userId},${userId},${today} 07:10,${today} 09:20,CSV door,${today} 07:10,`,
      ),
    );
    const de = await m.send('GET', `/api/attendance/exportVisits?from=${today}&to=${today}`, undefined, {
      headers: { 'accept-language': 'de' },
    });
    expect(csvOf(de).header.slice(0, 6)).toEqual([
      'Tag',
      'Mitglied',
      'Mitgliedsnummer',
      'PIN',
      'Kommen',
      'Gehen',
    ]);
  });

  it('flags a punch outside the window, by a blocked member, by an unknown PIN; keeps device and server time', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId } = await enrolledMember(deviceId, { entryTime: '08:00:00', exitTime: '12:00:00' });
    const blocked = await enrolledMember(deviceId);
    await device.sync();
    await m.send('PUT', `/api/user/deactivateUser?userId=${blocked.userId}`);
    // The device has not heard of the block yet (it has not polled): it still opens, the server flags.
    device.record(userId, at('18:00:00'));
    device.record(blocked.userId, at('10:00:00'));
    device.record(999_999, at('10:05:00'));
    await device.upload();
    const flagged = (await visits('&flagged=true')).items;
    expect(flagged.find((v) => v.userId === userId)?.flags).toEqual(['outsideWindow']);
    expect(flagged.find((v) => v.userId === blocked.userId)?.flags).toEqual(['blocked']);
    expect(flagged.find((v) => v.userId === null)?.flags).toEqual(['unknownMember']);
    const { rows } = await t.db.execute<{ device_time: string; received_at: string }>(
      sql`select device_time::text, received_at::text from attendance_punches where device_id = ${deviceId} and pin = ${userId}`,
    );
    expect(rows[0]!.device_time).toBe(at('18:00:00'));
    expect(rows[0]!.received_at).toBeTruthy();
  });

  it('pairs a night window across midnight and closes a visit left open at the cut-off', async () => {
    const { device, deviceId } = await acceptedDevice();
    const night = await enrolledMember(deviceId, {
      entryTime: '20:00:00',
      exitTime: '06:00:00',
      nextDayExit: true,
    });
    const forgetful = await enrolledMember(deviceId);
    await device.sync();
    const yesterday = shiftDays(today, -1);
    const before = shiftDays(today, -2);
    device.record(night.userId, at('20:30:00', before));
    device.record(night.userId, at('05:45:00', yesterday));
    device.record(forgetful.userId, at('09:00:00', yesterday));
    await device.upload();
    const range = `&from=${before}&to=${today}`;
    const nightVisits = (await visits(`${range}&userId=${night.userId}`)).items;
    expect(nightVisits).toHaveLength(1);
    expect(nightVisits[0]).toMatchObject({ outAt: `${yesterday}T05:45:00.000Z`, flags: [] });
    const open = (await visits(`${range}&userId=${forgetful.userId}`)).items;
    expect(open[0]).toMatchObject({ outAt: null, inside: false, closedByCutoff: true });
  });

  it('keeps fingerprints so a replacement device is provisioned with them', async () => {
    const { device, deviceId } = await acceptedDevice();
    const { userId, body } = await enrolledMember(deviceId);
    await device.sync();
    device.enrolFinger(userId, 3, 'VEVNUExBVEU=');
    await device.uploadTemplates([userId]);
    const replacement = await acceptedDevice('Replacement');
    await m.send('PUT', `/api/user/updateUser?userId=${userId}`, {
      ...body,
      biometricMachineId: replacement.deviceId,
    });
    const old = await device.sync();
    expect(old).toEqual([expect.stringMatching(new RegExp(`DATA DELETE USERINFO PIN=${userId}$`))]);
    const lines = await replacement.device.sync();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/DATA UPDATE USERINFO/);
    expect(lines[1]).toMatch(new RegExp(`DATA UPDATE FINGERTMP PIN=${userId}\\tFID=3\\t.*TMP=VEVNUExBVEU=`));
    expect(replacement.device.users.get(userId)?.templates.get(3)).toBe('VEVNUExBVEU=');
  });

  it('re-sync all queues every enrolled member again', async () => {
    const { device, deviceId } = await acceptedDevice();
    await enrolledMember(deviceId);
    await enrolledMember(deviceId);
    await device.sync();
    const res = await m.send('POST', '/api/device/resyncAllDevices');
    expect(res.statusCode).toBe(200);
    expect(res.json().queued).toBeGreaterThanOrEqual(2);
    const list = (await m.send('GET', '/api/device/getDevices?pageSize=100')).json();
    const row = list.items.find((d: { id: number }) => d.id === deviceId);
    expect(row).toMatchObject({ queueLength: 2, members: 2, status: 'accepted' });
    expect(row.lastContactAt).not.toBeNull();
    expect(await device.sync()).toHaveLength(2);
  });
});

describe('permissions and tenancy', () => {
  it('needs the devices and attendance permissions', async () => {
    const reception = await createStaff(t, m.org, only({ users: 'v' }));
    const get = (url: string) => call(t, reception.token, { method: 'GET', url, branchId: m.branchId });
    expect((await get('/api/device/getDevices')).statusCode).toBe(403);
    expect((await get('/api/attendance/getVisits')).statusCode).toBe(403);
    const viewer = await createStaff(t, m.org, only({ devices: 'v', attendance: 'v' }));
    expect(
      (await call(t, viewer.token, { method: 'GET', url: '/api/device/getDevices', branchId: m.branchId }))
        .statusCode,
    ).toBe(200);
    const accept = await call(t, viewer.token, {
      method: 'POST',
      url: '/api/device/acceptDevice',
      payload: { serialNumber: 'ANY1', name: 'X' },
      branchId: m.branchId,
    });
    expect(accept.statusCode).toBe(403);
  });

  it("another organisation neither sees nor takes a branch's device", async () => {
    const { device, deviceId } = await acceptedDevice();
    const other = await moneyBranch(t);
    expect((await other.send('GET', `/api/device/getDevice?deviceId=${deviceId}`)).statusCode).toBe(404);
    const take = await other.send('POST', '/api/device/acceptDevice', {
      serialNumber: device.serialNumber,
      name: 'Mine',
    });
    expect(take.statusCode).toBe(409);
    // Its members pointing at the device id queue nothing there.
    const res = await other.send('POST', '/api/user/createUser', {
      ...memberBody(deviceId),
      feeStructureId: other.structureId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await openCommands(deviceId)).toBe(0);
  });

  it('checks date ranges', async () => {
    const bad = await m.send('GET', `/api/attendance/getVisits?from=${today}&to=${shiftDays(today, -3)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason).toBe('VALIDATION_FAILED');
  });
});
