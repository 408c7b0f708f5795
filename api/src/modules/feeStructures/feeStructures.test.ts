import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feeStructures } from '../../db/schema.ts';
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
const ft: Record<string, number> = {};
let wifi: number;
let bFeeType: number;
let bPackage: number;

type Structure = { id: number; name: string; total: number; durationDays: number };

const create = (token: string, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/feeStructure/createFeeStructure', payload });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  call(t, token, {
    method: 'PUT',
    url: `/api/feeStructure/updateFeeStructure?feeStructureId=${id}`,
    payload,
  });
const get = (token: string, id: number) =>
  call(t, token, { method: 'GET', url: `/api/feeStructure/getFeeStructure?feeStructureId=${id}` });
const remove = (token: string, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/feeStructure/deleteFeeStructure?feeStructureId=${id}` });
const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/feeStructure/getFeeStructures${qs}` });
const names = (res: { json: () => { items: Structure[] } }) => res.json().items.map((x) => x.name);
const paths = (res: { json: () => { details: { path: string }[] } }) => res.json().details.map((d) => d.path);

async function feeType(org: TestOrg, name: string, status = true): Promise<number> {
  const res = await call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/feeType/createFeeType',
    payload: { name, status },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

async function pkg(org: TestOrg, packageName: string, status = true): Promise<number> {
  const res = await call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/package/createPackage',
    payload: { packageName, downloadSpeed: 50, uploadSpeed: 10, status },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  for (const name of ['Admission', 'Monthly', 'Locker', 'Deposit']) ft[name] = await feeType(a, name);
  ft.Retired = await feeType(a, 'Retired', false);
  wifi = await pkg(a, 'WiFi 50');
  bFeeType = await feeType(b, 'B fee');
  bPackage = await pkg(b, 'B WiFi');
  const seed = [
    { name: 'Day Shift', lines: [{ feeTypeId: ft.Monthly, amount: 150000 }], durationDays: 30 },
    {
      name: 'Night Shift',
      lines: [{ feeTypeId: ft.Monthly, amount: 120000 }],
      durationDays: 30,
      entryTime: '20:00:00',
      exitTime: '06:00:00',
      nextDayExit: true,
      branchIds: [a.branchIds[1]],
    },
    {
      name: 'Quarterly + WiFi',
      lines: [
        { feeTypeId: ft.Admission, amount: 50000 },
        { feeTypeId: ft.Monthly, amount: 400000 },
      ],
      durationDays: 90,
      packageId: wifi,
      branchIds: [a.branchIds[0]],
    },
    { name: 'Yearly', lines: [{ feeTypeId: ft.Monthly, amount: 1500000 }], durationDays: 365 },
    { name: 'Weekly', lines: [{ feeTypeId: ft.Monthly, amount: 40000 }], durationDays: 7, status: false },
    { name: 'Half year', lines: [{ feeTypeId: ft.Monthly, amount: 800000 }], durationDays: 180 },
  ];
  for (const s of seed) {
    const res = await create(a.ownerToken, s);
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

describe('fee structures', () => {
  it('computes the total on the server, ignoring one sent in the body', async () => {
    const res = await create(a.ownerToken, {
      name: 'Full kit',
      lines: [
        { feeTypeId: ft.Admission, amount: 50000 },
        { feeTypeId: ft.Monthly, amount: 150000 },
        { feeTypeId: ft.Locker, amount: 25050 },
      ],
      total: 1,
      durationDays: 30,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      total: 225050,
      packageId: null,
      branchIds: null,
      entryTime: null,
      exitTime: null,
      nextDayExit: false,
      status: true,
    });
    const [row] = await t.db.select().from(feeStructures).where(eq(feeStructures.id, res.json().id));
    expect(row!.total).toBe(225050);
    const updated = await update(a.ownerToken, res.json().id, {
      name: 'Full kit',
      lines: [{ feeTypeId: ft.Locker, amount: 30000 }],
      total: 999999,
      durationDays: 30,
    });
    expect(updated.json()).toMatchObject({ total: 30000, lines: [{ feeTypeId: ft.Locker, amount: 30000 }] });
    expect((await remove(a.ownerToken, res.json().id)).statusCode).toBe(204);
  });

  it('pages and sorts by total, durationDays and name', async () => {
    expect((await list(a.ownerToken)).json()).toMatchObject({ total: 6, pageSize: 5 });
    expect(names(await list(a.ownerToken, '?sort=total&pageSize=10'))).toEqual([
      'Weekly',
      'Night Shift',
      'Day Shift',
      'Quarterly + WiFi',
      'Half year',
      'Yearly',
    ]);
    const byDays = (await list(a.ownerToken, '?sort=-durationDays&pageSize=10'))
      .json()
      .items.map((s: Structure) => s.durationDays);
    expect(byDays).toEqual([365, 180, 90, 30, 30, 7]);
    const asc = names(await list(a.ownerToken, '?sort=name&pageSize=10'));
    expect(names(await list(a.ownerToken, '?sort=-name&pageSize=10'))).toEqual([...asc].reverse());
  });

  it('searches by name and filters by status, package and branch', async () => {
    expect(names(await list(a.ownerToken, '?q=shift&sort=name'))).toEqual(['Day Shift', 'Night Shift']);
    expect(names(await list(a.ownerToken, '?status=false'))).toEqual(['Weekly']);
    expect(names(await list(a.ownerToken, `?packageId=${wifi}`))).toEqual(['Quarterly + WiFi']);
    // Structures for all branches plus those listing the branch.
    const first = names(await list(a.ownerToken, `?branchId=${a.branchIds[0]}&pageSize=10`));
    expect(first.sort()).toEqual(['Day Shift', 'Half year', 'Quarterly + WiFi', 'Weekly', 'Yearly']);
    const second = names(await list(a.ownerToken, `?branchId=${a.branchIds[1]}&pageSize=10`));
    expect(second.sort()).toEqual(['Day Shift', 'Half year', 'Night Shift', 'Weekly', 'Yearly']);
  });

  it('keeps the night window with nextDayExit', async () => {
    const [night] = (await list(a.ownerToken, '?q=Night')).json().items;
    expect(night).toMatchObject({
      entryTime: '20:00:00',
      exitTime: '06:00:00',
      nextDayExit: true,
      branchIds: [a.branchIds[1]],
    });
  });

  it('refuses a fee type of another organisation, an unknown one and an inactive one, at their lines', async () => {
    const res = await create(a.ownerToken, {
      name: 'Foreign',
      lines: [
        { feeTypeId: bFeeType, amount: 100 },
        { feeTypeId: ft.Monthly, amount: 100 },
        { feeTypeId: 999999, amount: 100 },
        { feeTypeId: ft.Retired, amount: 100 },
      ],
      durationDays: 30,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('VALIDATION_FAILED');
    expect(paths(res)).toEqual([
      'body.lines.0.feeTypeId',
      'body.lines.2.feeTypeId',
      'body.lines.3.feeTypeId',
    ]);
    expect((await list(a.ownerToken, '?q=Foreign')).json().total).toBe(0);
  });

  it('keeps a fee type switched off after the structure used it, but refuses adding it anew', async () => {
    const tmp = await feeType(a, 'Soon retired');
    const created = (
      await create(a.ownerToken, {
        name: 'Uses soon retired',
        lines: [{ feeTypeId: tmp, amount: 100 }],
        durationDays: 30,
      })
    ).json();
    await call(t, a.ownerToken, {
      method: 'PUT',
      url: `/api/feeType/updateFeeType?feeTypeId=${tmp}`,
      payload: { name: 'Soon retired', status: false },
    });
    const renamed = await update(a.ownerToken, created.id, {
      name: 'Uses retired',
      lines: [{ feeTypeId: tmp, amount: 200 }],
      durationDays: 30,
    });
    expect(renamed.statusCode).toBe(200);
    const adding = await update(a.ownerToken, created.id, {
      name: 'Uses retired',
      lines: [
        { feeTypeId: tmp, amount: 200 },
        { feeTypeId: ft.Retired, amount: 1 },
      ],
      durationDays: 30,
    });
    expect(adding.statusCode).toBe(400);
    expect(paths(adding)).toEqual(['body.lines.1.feeTypeId']);
    expect((await remove(a.ownerToken, created.id)).statusCode).toBe(204);
  });

  it('refuses another organisation’s package and branches', async () => {
    const res = await create(a.ownerToken, {
      name: 'Foreign refs',
      lines: [{ feeTypeId: ft.Monthly, amount: 100 }],
      durationDays: 30,
      packageId: bPackage,
      branchIds: [a.branchIds[0], b.branchIds[0]],
    });
    expect(res.statusCode).toBe(400);
    expect(paths(res)).toEqual(['body.packageId', 'body.branchIds.1']);
  });

  it('refuses malformed structures with a detail per field', async () => {
    const bad = async (payload: Record<string, unknown>) => {
      const res = await create(a.ownerToken, {
        name: 'Bad',
        lines: [{ feeTypeId: ft.Monthly, amount: 100 }],
        durationDays: 30,
        ...payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe('VALIDATION_FAILED');
      return paths(res);
    };
    expect(await bad({ lines: [] })).toEqual(['body.lines']);
    expect(await bad({ lines: [{ feeTypeId: ft.Monthly, amount: 0 }] })).toEqual(['body.lines.0.amount']);
    expect(await bad({ lines: [{ feeTypeId: ft.Monthly, amount: 10.5 }] })).toEqual(['body.lines.0.amount']);
    expect(await bad({ lines: [{ feeTypeId: ft.Monthly, amount: -100 }] })).toEqual(['body.lines.0.amount']);
    expect(
      await bad({
        lines: [
          { feeTypeId: ft.Monthly, amount: 100 },
          { feeTypeId: ft.Monthly, amount: 200 },
        ],
      }),
    ).toEqual(['body.lines.1.feeTypeId']);
    expect(await bad({ durationDays: 0 })).toEqual(['body.durationDays']);
    expect(await bad({ durationDays: 3661 })).toEqual(['body.durationDays']);
    expect(await bad({ name: '' })).toEqual(['body.name']);
    expect(await bad({ entryTime: '09:00:00' })).toEqual(['body.exitTime']);
    expect(await bad({ entryTime: '25:00:00', exitTime: '26:00:00' })).toEqual(
      expect.arrayContaining(['body.entryTime', 'body.exitTime']),
    );
    expect(await bad({ entryTime: '20:00:00', exitTime: '06:00:00' })).toEqual(['body.exitTime']);
    expect(await bad({ nextDayExit: true })).toEqual(['body.nextDayExit']);
    expect(await bad({ branchIds: [] })).toEqual(['body.branchIds']);
    expect(await bad({ branchIds: [a.branchIds[0], a.branchIds[0]] })).toEqual(['body.branchIds']);
    // A day-time window needs no next-day exit.
    const ok = await create(a.ownerToken, {
      name: 'Morning',
      lines: [{ feeTypeId: ft.Monthly, amount: 100 }],
      durationDays: 30,
      entryTime: '06:00:00',
      exitTime: '14:00:00',
    });
    expect(ok.statusCode).toBe(201);
    expect((await remove(a.ownerToken, ok.json().id)).statusCode).toBe(204);
  });

  it('answers a duplicate name (any case) with 409', async () => {
    const res = await create(a.ownerToken, {
      name: 'day shift',
      lines: [{ feeTypeId: ft.Monthly, amount: 100 }],
      durationDays: 30,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A fee structure with this name already exists.');
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/feeStructure/exportFeeStructures?branchId=${a.branchIds[1]}&sort=-total`,
    });
    expect(res.statusCode).toBe(200);
    const { header, rows } = csvOf(res);
    expect(header).toEqual([
      'Name',
      'Fees',
      'Total',
      'Duration (days)',
      'WiFi package',
      'Default entry time',
      'Default exit time',
      'Exit next day',
      'Branches',
      'Grace days',
      'Late fine per day',
      'Late fine at most',
      'Active',
    ]);
    const expected = names(await list(a.ownerToken, `?branchId=${a.branchIds[1]}&sort=-total&pageSize=100`));
    expect(rows.map((r) => r.Name)).toEqual(expected);
    expect(rows).toHaveLength(5);
    expect(res.body).not.toContain('Quarterly');
    const branch = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/branch/getBranch?branchId=${a.branchIds[1]}`,
    });
    expect(rows.find((r) => r.Name === 'Night Shift')).toMatchObject({
      Fees: 'Monthly 1200.00',
      Total: '1200.00',
      'Default entry time': '20:00',
      'Default exit time': '06:00',
      'Exit next day': 'yes',
      Branches: branch.json().name,
    });
    expect(rows.find((r) => r.Name === 'Yearly')).toMatchObject({
      Branches: 'All branches',
      'WiFi package': '',
    });
  });

  it('exports the package and fee types by name, in German when asked', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/feeStructure/exportFeeStructures?q=quarterly',
      headers: { 'accept-language': 'de' },
    });
    const { header, rows } = csvOf(res);
    expect(header.slice(0, 5)).toEqual(['Name', 'Gebühren', 'Summe', 'Dauer (Tage)', 'WLAN-Paket']);
    expect(rows).toEqual([
      expect.objectContaining({
        Gebühren: 'Admission 500.00; Monthly 4000.00',
        Summe: '4500.00',
        'WLAN-Paket': 'WiFi 50',
        'Austritt am Folgetag': 'nein',
        Aktiv: 'ja',
      }),
    ]);
  });

  it('refuses each action without its permission', async () => {
    const nobody = await createStaff(t, a, only({ feeTypes: 'v' }));
    const viewer = await createStaff(t, a, only({ feeStructures: 'v' }));
    const adder = await createStaff(t, a, only({ feeStructures: 'a' }));
    const [day] = (await list(a.ownerToken, '?q=Day')).json().items;
    const body = { name: 'Perm', lines: [{ feeTypeId: ft.Monthly, amount: 100 }], durationDays: 1 };
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await get(nobody.token, day.id)).statusCode).toBe(403);
    expect((await get(viewer.token, day.id)).statusCode).toBe(200);
    expect((await create(viewer.token, body)).statusCode).toBe(403);
    const added = await create(adder.token, body);
    expect(added.statusCode).toBe(201);
    expect((await update(viewer.token, day.id, body)).statusCode).toBe(403);
    expect((await update(adder.token, day.id, body)).statusCode).toBe(403);
    expect((await remove(viewer.token, added.json().id)).statusCode).toBe(403);
    expect((await remove(a.ownerToken, added.json().id)).statusCode).toBe(204);
  });

  it('keeps organisations apart', async () => {
    const [day] = (await list(a.ownerToken, '?q=Day')).json().items;
    expect((await list(b.ownerToken)).json().total).toBe(0);
    expect((await get(b.ownerToken, day.id)).statusCode).toBe(404);
    const hijack = await update(b.ownerToken, day.id, {
      name: 'Hacked',
      lines: [{ feeTypeId: bFeeType, amount: 1 }],
      durationDays: 1,
    });
    expect(hijack.statusCode).toBe(404);
    expect((await remove(b.ownerToken, day.id)).statusCode).toBe(404);
    expect((await get(a.ownerToken, day.id)).json().name).toBe('Day Shift');
    // B cannot build a structure on A's fee type either.
    const borrow = await create(b.ownerToken, {
      name: 'Borrowed',
      lines: [{ feeTypeId: ft.Monthly, amount: 1 }],
      durationDays: 1,
    });
    expect(borrow.statusCode).toBe(400);
    expect(paths(borrow)).toEqual(['body.lines.0.feeTypeId']);
  });
});

describe('late fine (issue 11)', () => {
  it('keeps grace days, fine per day and cap, refusing negative values', async () => {
    const fee = (
      await call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/feeType/createFeeType',
        payload: { name: 'Late fine base' },
      })
    ).json().id;
    const res = await create(a.ownerToken, {
      name: 'With a late fine',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 100000 }],
      graceDays: 3,
      finePerDay: 2000,
      fineCap: 30000,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ graceDays: 3, finePerDay: 2000, fineCap: 30000 });
    const bad = await create(a.ownerToken, {
      name: 'Negative fine',
      durationDays: 30,
      lines: [{ feeTypeId: fee, amount: 100000 }],
      finePerDay: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['body.finePerDay']);
  });
});
