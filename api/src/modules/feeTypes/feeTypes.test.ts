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

type FeeType = { id: number; name: string; refundable: boolean; status: boolean };

// The specification's exact paths.
const create = (token: string, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/feeType/createFeeType', payload });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'PUT', url: `/api/feeType/updateFeeType?feeTypeId=${id}`, payload });
const remove = (token: string, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/feeType/deleteFeeType?feeTypeId=${id}` });
const get = (token: string, id: number) =>
  call(t, token, { method: 'GET', url: `/api/feeType/getFeeType?feeTypeId=${id}` });
const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/feeType/getFeeTypes${qs}` });
const names = (res: { json: () => { items: FeeType[] } }) => res.json().items.map((x) => x.name);

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t);
  b = await createOrg(t);
  const seed = [
    { name: 'Monthly Fee', description: 'Seat for a month' },
    { name: 'admission', description: 'One-time joining fee' },
    { name: 'Security Deposit', refundable: true },
    { name: 'Locker' },
    { name: 'Late Fee 10%', status: false },
    { name: 'Printing' },
  ];
  for (const f of seed) expect((await create(a.ownerToken, f)).statusCode).toBe(201);
  expect((await create(b.ownerToken, { name: 'B only' })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('fee types at the specification’s paths', () => {
  it('pages and sorts by name both ways', async () => {
    const first = (await list(a.ownerToken)).json();
    expect(first).toMatchObject({ total: 6, page: 0, pageSize: 5 });
    expect((await list(a.ownerToken, '?page=1')).json().items).toHaveLength(1);
    const asc = names(await list(a.ownerToken, '?sort=name&pageSize=10'));
    expect(asc).toHaveLength(6);
    expect(names(await list(a.ownerToken, '?sort=-name&pageSize=10'))).toEqual([...asc].reverse());
    const byCreated = names(await list(a.ownerToken, '?sort=createdAt&pageSize=10'));
    expect(byCreated[0]).toBe('Monthly Fee');
  });

  it('searches name and description, and filters by status and refundable', async () => {
    expect(names(await list(a.ownerToken, '?q=JOINING'))).toEqual(['admission']);
    expect(names(await list(a.ownerToken, '?q=10%25'))).toEqual(['Late Fee 10%']);
    expect(names(await list(a.ownerToken, '?status=false'))).toEqual(['Late Fee 10%']);
    expect(names(await list(a.ownerToken, '?refundable=true'))).toEqual(['Security Deposit']);
    expect((await list(a.ownerToken, '?status=0')).json().total).toBe(1);
  });

  it('creates with defaults, reads, updates and deletes, writing audit rows', async () => {
    const created = await create(a.ownerToken, { name: 'Tea' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Tea', description: '', refundable: false, status: true });
    const id = created.json().id;
    expect((await get(a.ownerToken, id)).json().name).toBe('Tea');
    const updated = await update(a.ownerToken, id, {
      name: 'Tea & Coffee',
      description: 'Pantry',
      refundable: true,
      status: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Tea & Coffee',
      description: 'Pantry',
      refundable: true,
      status: false,
    });
    expect((await remove(a.ownerToken, id)).statusCode).toBe(204);
    expect((await get(a.ownerToken, id)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'feeType'), eq(auditLog.entityId, String(id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('answers a duplicate name, in any case, with 409; another organisation may use it', async () => {
    const dup = await create(a.ownerToken, { name: 'MONTHLY fee' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A fee type with this name already exists.',
    });
    const locker = (await list(a.ownerToken, '?q=Locker')).json().items[0];
    const renamed = await update(a.ownerToken, locker.id, { name: 'printing' });
    expect(renamed.statusCode).toBe(409);
    expect((await create(b.ownerToken, { name: 'Monthly Fee' })).statusCode).toBe(201);
  });

  it('refuses invalid fields with a detail per field', async () => {
    const res = await create(a.ownerToken, { name: '', description: 'x'.repeat(501), refundable: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('VALIDATION_FAILED');
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.description', 'body.name', 'body.refundable']);
  });

  it('refuses to delete a fee type used by fee structures, naming how many', async () => {
    const [deposit] = (await list(a.ownerToken, '?q=Security')).json().items;
    const [monthly] = (await list(a.ownerToken, '?q=Monthly')).json().items;
    for (const [name, lines] of [
      [
        'S1',
        [
          { feeTypeId: monthly.id, amount: 100000 },
          { feeTypeId: deposit.id, amount: 50000 },
        ],
      ],
      ['S2', [{ feeTypeId: deposit.id, amount: 20000 }]],
      ['S3', [{ feeTypeId: monthly.id, amount: 100000 }]],
    ] as const) {
      const res = await call(t, a.ownerToken, {
        method: 'POST',
        url: '/api/feeStructure/createFeeStructure',
        payload: { name, lines, durationDays: 30 },
      });
      expect(res.statusCode).toBe(201);
    }
    const refused = await remove(a.ownerToken, deposit.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'CONFLICT', message: 'Used by 2 fee structure(s).' });
    // An unused one goes.
    const [printing] = (await list(a.ownerToken, '?q=Printing')).json().items;
    expect((await remove(a.ownerToken, printing.id)).statusCode).toBe(204);
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/feeType/exportFeeTypes?status=true&sort=name',
    });
    expect(res.statusCode).toBe(200);
    const { header, rows } = csvOf(res);
    expect(header).toEqual(['Name', 'Description', 'Refundable', 'Active']);
    const exported = rows.map((r) => r.Name);
    expect(rows.every((r) => r.Active === 'yes')).toBe(true);
    const de = csvOf(
      await call(t, a.ownerToken, {
        method: 'GET',
        url: '/api/feeType/exportFeeTypes?status=true&sort=name',
        headers: { 'accept-language': 'de-CH, en;q=0.5' },
      }),
    );
    expect(de.header).toEqual(['Name', 'Beschreibung', 'Erstattungsfähig', 'Aktiv']);
    expect(de.rows.map((r) => r.Aktiv)).toEqual(rows.map(() => 'ja'));
    expect(exported).toEqual(names(await list(a.ownerToken, '?status=true&sort=name&pageSize=100')));
    expect(exported).not.toContain('Late Fee 10%');
    expect(exported.length).toBeGreaterThan(2);
  });

  it('refuses each action without its permission', async () => {
    const nobody = await createStaff(t, a, only({}));
    const viewer = await createStaff(t, a, only({ feeTypes: 'v' }));
    const editor = await createStaff(t, a, only({ feeTypes: 've' }));
    const deleter = await createStaff(t, a, only({ feeTypes: 'vd' }));
    const [locker] = (await list(a.ownerToken, '?q=Locker')).json().items;
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await get(nobody.token, locker.id)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(200);
    expect((await create(viewer.token, { name: 'Nope' })).json().reason).toBe('FORBIDDEN');
    expect((await update(viewer.token, locker.id, { name: 'Locker' })).statusCode).toBe(403);
    expect((await update(editor.token, locker.id, { name: 'Locker' })).statusCode).toBe(200);
    expect((await remove(editor.token, locker.id)).statusCode).toBe(403);
    expect((await remove(deleter.token, locker.id)).statusCode).toBe(204);
  });

  it('keeps organisations apart', async () => {
    const [aType] = (await list(a.ownerToken)).json().items;
    const bNames = names(await list(b.ownerToken, '?pageSize=100'));
    expect(bNames.sort()).toEqual(['B only', 'Monthly Fee']);
    expect((await get(b.ownerToken, aType.id)).statusCode).toBe(404);
    expect((await update(b.ownerToken, aType.id, { name: 'Hacked' })).statusCode).toBe(404);
    expect((await remove(b.ownerToken, aType.id)).statusCode).toBe(404);
    expect((await get(a.ownerToken, aType.id)).json().name).toBe(aType.name);
  });
});
