import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  csvOf,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let home: number;
let other: number;

type Room = { id: number; name: string; capacity: number; branchId: number };

// Every call names its branch, as the web app does with the branchId header.
const create = (token: string, branchId: number | undefined, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/room/createRoom', payload, branchId });
const update = (token: string, branchId: number | undefined, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'PUT', url: `/api/room/updateRoom?roomId=${id}`, payload, branchId });
const get = (token: string, branchId: number | undefined, id: number) =>
  call(t, token, { method: 'GET', url: `/api/room/getRoom?roomId=${id}`, branchId });
const remove = (token: string, branchId: number | undefined, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/room/deleteRoom?roomId=${id}`, branchId });
const list = (token: string, branchId: number | null | undefined, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/room/getRooms${qs}`, branchId });
const names = (res: { json: () => { items: Room[] } }) => res.json().items.map((x) => x.name);

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  [home, other] = a.branchIds as [number, number];
  const seed = [
    { name: 'Silent Hall A', floor: 'Ground', capacity: 60 },
    { name: 'reading room 1', floor: '1st', capacity: 24 },
    { name: 'Reading Room 2', floor: '1st', capacity: 30 },
    { name: 'Cabin Row', floor: '2nd', capacity: 12 },
    { name: 'Terrace', capacity: 8, status: false },
    { name: 'Discussion Pod', floor: 'Basement', capacity: 6 },
  ];
  for (const r of seed) expect((await create(a.ownerToken, home, r)).statusCode).toBe(201);
  expect((await create(a.ownerToken, other, { name: 'Other Hall', capacity: 40 })).statusCode).toBe(201);
  expect((await create(b.ownerToken, b.branchIds[0], { name: 'B Hall', capacity: 20 })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('rooms (branch-scoped)', () => {
  it('needs the branchId header on every route', async () => {
    for (const res of [
      await list(a.ownerToken, undefined),
      await list(a.ownerToken, null),
      await create(a.ownerToken, undefined, { name: 'No branch', capacity: 5 }),
      await call(t, a.ownerToken, { method: 'GET', url: '/api/room/exportRooms' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe('BAD_REQUEST');
    }
  });

  it('pages and sorts by capacity and name within the branch', async () => {
    expect((await list(a.ownerToken, home)).json()).toMatchObject({ total: 6, pageSize: 5 });
    const caps = (await list(a.ownerToken, home, '?sort=capacity&pageSize=10'))
      .json()
      .items.map((r: Room) => r.capacity);
    expect(caps).toEqual([6, 8, 12, 24, 30, 60]);
    const asc = names(await list(a.ownerToken, home, '?sort=name&pageSize=10'));
    expect(names(await list(a.ownerToken, home, '?sort=-name&pageSize=10'))).toEqual([...asc].reverse());
  });

  it('searches name and floor, and filters by status', async () => {
    const found = names(await list(a.ownerToken, home, '?q=READING'));
    expect(found.map((n) => n.toLowerCase()).sort()).toEqual(['reading room 1', 'reading room 2']);
    expect(names(await list(a.ownerToken, home, '?q=basement'))).toEqual(['Discussion Pod']);
    expect(names(await list(a.ownerToken, home, '?status=false'))).toEqual(['Terrace']);
  });

  it('creates in the header’s branch, reads, updates and deletes with audit rows', async () => {
    const created = await create(a.ownerToken, home, { name: 'Quiet Corner', capacity: 10, branchId: other });
    expect(created.statusCode).toBe(201);
    // The body's branchId is ignored: the header decides.
    expect(created.json()).toMatchObject({
      name: 'Quiet Corner',
      floor: '',
      capacity: 10,
      status: true,
      branchId: home,
    });
    const id = created.json().id;
    const updated = await update(a.ownerToken, home, id, {
      name: 'Quiet Corner',
      floor: 'Mezzanine',
      capacity: 14,
    });
    expect(updated.json()).toMatchObject({ floor: 'Mezzanine', capacity: 14, branchId: home });
    expect((await remove(a.ownerToken, home, id)).statusCode).toBe(204);
    expect((await get(a.ownerToken, home, id)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'room'), eq(auditLog.entityId, String(id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(audit.every((r) => r.branchId === home)).toBe(true);
  });

  it('keeps names unique per branch (any case), not across branches', async () => {
    const dup = await create(a.ownerToken, home, { name: 'SILENT HALL A', capacity: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A room with this name already exists in this branch.',
    });
    const elsewhere = await create(a.ownerToken, other, { name: 'Silent Hall A', capacity: 5 });
    expect(elsewhere.statusCode).toBe(201);
    expect((await remove(a.ownerToken, other, elsewhere.json().id)).statusCode).toBe(204);
  });

  it('refuses invalid fields with a detail per field', async () => {
    const res = await create(a.ownerToken, home, { name: '', floor: 'x'.repeat(41), capacity: 0 });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.capacity', 'body.floor', 'body.name']);
    const big = await create(a.ownerToken, home, { name: 'Stadium', capacity: 1001 });
    expect(big.json().details.map((d: { path: string }) => d.path)).toEqual(['body.capacity']);
    const half = await create(a.ownerToken, home, { name: 'Half', capacity: 2.5 });
    expect(half.statusCode).toBe(400);
  });

  it('keeps branches apart: another branch’s room is 404 and never listed', async () => {
    const [otherHall] = (await list(a.ownerToken, other)).json().items;
    expect(otherHall.name).toBe('Other Hall');
    expect(names(await list(a.ownerToken, home, '?pageSize=100'))).not.toContain('Other Hall');
    expect((await get(a.ownerToken, home, otherHall.id)).statusCode).toBe(404);
    expect((await update(a.ownerToken, home, otherHall.id, { name: 'Moved', capacity: 1 })).statusCode).toBe(
      404,
    );
    expect((await remove(a.ownerToken, home, otherHall.id)).statusCode).toBe(404);
    expect((await get(a.ownerToken, other, otherHall.id)).json().name).toBe('Other Hall');
  });

  it('refuses a branch the staff member may not use', async () => {
    const limited = await createStaff(t, a, only({ rooms: 'vaed' }), { branchIds: [home] });
    expect((await list(limited.token, home)).statusCode).toBe(200);
    const res = await list(limited.token, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('BRANCH_NOT_ALLOWED');
  });

  it('exports the filtered rows of the branch as CSV', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/room/exportRooms?status=true&sort=-capacity',
      branchId: home,
    });
    expect(res.statusCode).toBe(200);
    const { header, rows } = csvOf(res);
    expect(header).toEqual(['Name', 'Floor', 'Capacity', 'Active']);
    const exported = rows.map((r) => r.Name);
    expect(exported).toEqual(
      names(await list(a.ownerToken, home, '?status=true&sort=-capacity&pageSize=100')),
    );
    expect(exported).toHaveLength(5);
    expect(exported).not.toContain('Terrace');
    expect(exported).not.toContain('Other Hall');
  });

  it('refuses each action without its permission', async () => {
    const nobody = await createStaff(t, a, only({ branches: 'v' }));
    const viewer = await createStaff(t, a, only({ rooms: 'v' }));
    const [room] = (await list(a.ownerToken, home)).json().items;
    const body = { name: room.name, capacity: room.capacity };
    expect((await list(nobody.token, home)).statusCode).toBe(403);
    expect((await get(nobody.token, home, room.id)).statusCode).toBe(403);
    expect((await list(viewer.token, home)).statusCode).toBe(200);
    expect((await create(viewer.token, home, { name: 'X', capacity: 1 })).statusCode).toBe(403);
    expect((await update(viewer.token, home, room.id, body)).statusCode).toBe(403);
    expect((await remove(viewer.token, home, room.id)).statusCode).toBe(403);
  });

  it('keeps organisations apart', async () => {
    const [room] = (await list(a.ownerToken, home)).json().items;
    const bBranch = b.branchIds[0]!;
    expect(names(await list(b.ownerToken, bBranch))).toEqual(['B Hall']);
    expect((await get(b.ownerToken, bBranch, room.id)).statusCode).toBe(404);
    expect((await update(b.ownerToken, bBranch, room.id, { name: 'Hacked', capacity: 1 })).statusCode).toBe(
      404,
    );
    expect((await remove(b.ownerToken, bBranch, room.id)).statusCode).toBe(404);
    // A's branch in B's header is not B's to use.
    expect((await list(b.ownerToken, home)).json().reason).toBe('BRANCH_NOT_ALLOWED');
  });
});

describe('capacity and held seats (issue 14)', () => {
  const addMember = (roomId: number, seatNumber: number, name: string, mobile: string) =>
    call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/user/createUser',
      branchId: home,
      payload: {
        name,
        mobile,
        validFrom: new Date().toISOString().slice(0, 10),
        validTill: `${new Date().getUTCFullYear() + 1}-12-31`,
        roomId,
        seatNumber,
      },
    });

  it('refuses cutting the capacity below held seats, naming who holds the seats above it', async () => {
    const room = (await create(a.ownerToken, home, { name: 'Big Hall', capacity: 60 })).json() as Room;
    expect((await addMember(room.id, 35, 'Asha Rao', '9111100035')).statusCode).toBe(201);
    expect((await addMember(room.id, 55, 'Bilal Khan', '9111100055')).statusCode).toBe(201);
    expect((await addMember(room.id, 3, 'Chitra Das', '9111100003')).statusCode).toBe(201);

    const res = await update(a.ownerToken, home, room.id, { name: 'Big Hall', capacity: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'CONFLICT',
      code: 'ROOM_SEATS_HELD',
      params: { capacity: 5, members: 'Asha Rao (35), Bilal Khan (55)' },
      message: 'Seats above 5 are held by Asha Rao (35), Bilal Khan (55): move them first.',
      details: [{ path: 'body.capacity', code: 'ROOM_SEATS_HELD' }],
    });
    expect((await get(a.ownerToken, home, room.id)).json().capacity).toBe(60);

    // At the highest held seat it is fine; renaming alone is never refused.
    expect((await update(a.ownerToken, home, room.id, { name: 'Big Hall', capacity: 55 })).statusCode).toBe(
      200,
    );
    const below = await update(a.ownerToken, home, room.id, { name: 'Big Hall', capacity: 54 });
    expect(below.json().params.members).toBe('Bilal Khan (55)');
  });
});

describe('reads other screens imply (issue 14)', () => {
  it('lets front-desk staff list and read rooms for the member form, but not export or change them', async () => {
    const desk = await createStaff(t, a, only({ users: 'vae' }));
    const [room] = (await list(a.ownerToken, home)).json().items as Room[];
    expect((await list(desk.token, home)).statusCode).toBe(200);
    expect((await get(desk.token, home, room!.id)).statusCode).toBe(200);
    const exported = await call(t, desk.token, {
      method: 'GET',
      url: '/api/room/exportRooms',
      branchId: home,
    });
    expect(exported.statusCode).toBe(403);
    expect((await create(desk.token, home, { name: 'Desk room', capacity: 2 })).statusCode).toBe(403);
    expect(
      (await update(desk.token, home, room!.id, { name: room!.name, capacity: room!.capacity })).statusCode,
    ).toBe(403);
    for (const url of ['/api/package/getPackages', '/api/feeStructure/getFeeStructures']) {
      expect((await call(t, desk.token, { method: 'GET', url, branchId: home })).statusCode, url).toBe(200);
    }
    // Enquiries imply fee structures only.
    const enquiries = await createStaff(t, a, only({ enquiries: 'v' }));
    const structures = await call(t, enquiries.token, {
      method: 'GET',
      url: '/api/feeStructure/getFeeStructures',
      branchId: home,
    });
    expect(structures.statusCode).toBe(200);
    expect((await list(enquiries.token, home)).statusCode).toBe(403);
  });
});
