// A member's create and edit in two statements (memberWrites.ts): the record PostgreSQL builds for the
// answer and the audit row is toUser's record of the same row; edits sent together still chain in
// the audit as one after the other; seats are still taken by one clerk at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let branchId: number;
let roomId: number;

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
let mobile = 8100000000;
const member = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  mobile: String(++mobile),
  validFrom: addDays(today(), -3),
  validTill: addDays(today(), 30),
  ...over,
});
const send = (method: string, url: string, payload?: Record<string, unknown>) =>
  call(t, org.ownerToken, { method: method as 'GET', url, payload, branchId });
const read = async (id: number) => (await send('GET', `/api/user/getUser?userId=${id}`)).json();
const history = async (id: number) =>
  (await send('GET', `/api/user/getUserHistory?userId=${id}&pageSize=100`)).json().items as {
    id: number;
    action: string;
    before: unknown;
    after: unknown;
  }[];

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const room = await send('POST', '/api/room/createRoom', { name: 'Hall', floor: 'Ground', capacity: 3 });
  expect(room.statusCode, room.body).toBe(201);
  roomId = room.json().id;
});
afterAll(() => t?.close());

describe('the record a write answers and audits', () => {
  it('is what a read of the row answers, for every kind of member', async () => {
    const bodies = [
      member(),
      member({ name: 'Ravi Kumar', email: 'ravi@example.in', notes: 'Needs a locker', address: '12, HSR' }),
      member({ roomId, seatNumber: 1, entryTime: '06:00:00', exitTime: '14:00:00' }),
      member({ entryTime: '20:00:00', exitTime: '06:00:00', nextDayExit: true, joinedOn: '2024-02-29' }),
      member({ validFrom: addDays(today(), -60), validTill: addDays(today(), -1) }),
      member({ addedToBiometricMachine: true, biometricMachineId: 7 }),
    ];
    for (const body of bodies) {
      const created = await send('POST', '/api/user/createUser', body);
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json();
      expect(record).toEqual(await read(record.userId));
      expect(record.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const [audit] = await history(record.userId);
      expect(audit).toMatchObject({ action: 'create', before: null, after: record });

      const edited = await send('PUT', `/api/user/updateUser?userId=${record.userId}`, {
        ...body,
        name: `${body.name} Jr`,
        notes: 'Edited',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toEqual(await read(record.userId));
      const [latest] = await history(record.userId);
      expect(latest).toMatchObject({ action: 'update', before: record, after: edited.json() });
    }
  });

  it('switches off an active member whose edited validity lies in the past, as before', async () => {
    const created = (await send('POST', '/api/user/createUser', member())).json();
    const body = member({
      mobile: created.mobile,
      validFrom: addDays(today(), -40),
      validTill: addDays(today(), -2),
    });
    const edited = await send('PUT', `/api/user/updateUser?userId=${created.userId}`, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: false, inactiveReason: 'expired' });
  });

  it('answers 404 for a member of another branch or none, and 409 for a mobile someone has', async () => {
    const missing = await send('PUT', '/api/user/updateUser?userId=999999', member());
    expect(missing.statusCode).toBe(404);
    const first = (await send('POST', '/api/user/createUser', member())).json();
    const second = (await send('POST', '/api/user/createUser', member())).json();
    const clash = await send(
      'PUT',
      `/api/user/updateUser?userId=${second.userId}`,
      member({ mobile: first.mobile }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Asha Rao');
  });
});

describe('writes sent together', () => {
  it('edits of one member chain in the audit as one after the other', async () => {
    const body = member();
    const created = (await send('POST', '/api/user/createUser', body)).json();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send('PUT', `/api/user/updateUser?userId=${created.userId}`, { ...body, notes: `Edit ${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const rows = (await history(created.userId)).sort((x, y) => x.id - y.id);
    expect(rows).toHaveLength(9);
    // Each edit's `before` is exactly what the edit before it left (none was lost or read stale).
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.before).toEqual(rows[i - 1]!.after);
    expect(rows.at(-1)!.after).toEqual(await read(created.userId));
  });

  it('one seat window is taken by one of several clerks, the others are refused', async () => {
    const seat = { roomId, seatNumber: 3, entryTime: '08:00:00', exitTime: '12:00:00' };
    const movers = [];
    for (let i = 0; i < 3; i++) movers.push((await send('POST', '/api/user/createUser', member())).json());
    const answers = await Promise.all([
      send('POST', '/api/user/createUser', member(seat)),
      send('POST', '/api/user/createUser', member(seat)),
      ...movers.map((m) =>
        send('PUT', `/api/user/updateUser?userId=${m.userId}`, member({ mobile: m.mobile, ...seat })),
      ),
    ]);
    const taken = answers.filter((r) => r.statusCode < 300);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect([taken.length, refused.length], answers.map((r) => r.body).join('\n')).toEqual([1, 4]);
    const map = await send(
      'GET',
      `/api/user/getSeatAvailability?roomId=${roomId}&entryTime=09:00:00&exitTime=10:00:00`,
    );
    expect(map.json().seats[2].takenBy).toHaveLength(1);
  });
});
