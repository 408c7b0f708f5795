import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, feeStructures, staff } from '../../db/schema.ts';
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
beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 0 });
  b = await createOrg(t, { branchCount: 1 });
  for (const name of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo 50%', 'Foxtrot']) {
    const res = await call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name, address: `${name} street`, timezone: 'Asia/Kolkata' },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/branch/getBranches${qs}` });

describe('branches through the CRUD factory', () => {
  it('pages with the default size 5 and reports the total', async () => {
    const first = (await list(a.ownerToken)).json();
    expect(first).toMatchObject({ total: 6, page: 0, pageSize: 5 });
    expect(first.items).toHaveLength(5);
    const second = (await list(a.ownerToken, '?page=1')).json();
    expect(second.items).toHaveLength(1);
  });

  it('sorts by name both ways, case-insensitively by collation-independent order', async () => {
    const asc = (await list(a.ownerToken, '?sort=name&pageSize=10'))
      .json()
      .items.map((x: { name: string }) => x.name);
    const desc = (await list(a.ownerToken, '?sort=-name&pageSize=10'))
      .json()
      .items.map((x: { name: string }) => x.name);
    expect(desc).toEqual([...asc].reverse());
    expect(asc).toHaveLength(6);
  });

  it('rejects a sort field it does not know', async () => {
    expect((await list(a.ownerToken, '?sort=passwordHash')).statusCode).toBe(400);
  });

  it('searches case-insensitively and treats % as a literal', async () => {
    const res = (await list(a.ownerToken, '?q=ALP')).json();
    expect(res.items.map((x: { name: string }) => x.name)).toEqual(['alpha']);
    const pct = (await list(a.ownerToken, '?q=50%25')).json();
    expect(pct.items.map((x: { name: string }) => x.name)).toEqual(['Echo 50%']);
  });

  it('filters by status', async () => {
    const all = (await list(a.ownerToken, '?q=Foxtrot')).json().items;
    await call(t, a.ownerToken, {
      method: 'PUT',
      url: `/api/branch/updateBranch?branchId=${all[0].id}`,
      payload: { name: 'Foxtrot', status: 'inactive' },
    });
    const inactive = (await list(a.ownerToken, '?status=inactive')).json();
    expect(inactive.items.map((x: { name: string }) => x.name)).toEqual(['Foxtrot']);
  });

  it('creates, reads, updates and deletes, writing audit rows', async () => {
    const created = await call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name: 'Golf' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    // No time zone given: the organisation's (Asia/Kolkata), not UTC.
    expect(created.json()).toMatchObject({ name: 'Golf', status: 'active', timezone: 'Asia/Kolkata' });
    const read = await call(t, a.ownerToken, { method: 'GET', url: `/api/branch/getBranch?branchId=${id}` });
    expect(read.json().name).toBe('Golf');
    const updated = await call(t, a.ownerToken, {
      method: 'PUT',
      url: `/api/branch/updateBranch?branchId=${id}`,
      payload: { name: 'Golf Course', phone: '123' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Golf Course', phone: '123' });
    const deleted = await call(t, a.ownerToken, {
      method: 'DELETE',
      url: `/api/branch/deleteBranch?branchId=${id}`,
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await call(t, a.ownerToken, { method: 'GET', url: `/api/branch/getBranch?branchId=${id}` });
    expect(gone.statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(audit.every((r) => r.clientId === a.clientId && r.entity === 'branch')).toBe(true);
  });

  it('answers a duplicate name with 409 CONFLICT naming the problem', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name: 'ALPHA' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A branch with this name already exists.',
    });
  });

  it('refuses to delete the last branch of an organisation', async () => {
    const res = await call(t, b.ownerToken, {
      method: 'DELETE',
      url: `/api/branch/deleteBranch?branchId=${b.branchIds[0]}`,
    });
    expect(res.statusCode).toBe(409);
  });

  it('keeps organisations apart: B can neither see, change nor delete A’s branches', async () => {
    const aId = (await list(a.ownerToken)).json().items[0].id;
    expect((await list(b.ownerToken)).json().total).toBe(1);
    const read = await call(t, b.ownerToken, { method: 'GET', url: `/api/branch/getBranch?branchId=${aId}` });
    expect(read.statusCode).toBe(404);
    const upd = await call(t, b.ownerToken, {
      method: 'PUT',
      url: `/api/branch/updateBranch?branchId=${aId}`,
      payload: { name: 'Hacked' },
    });
    expect(upd.statusCode).toBe(404);
    const del = await call(t, b.ownerToken, {
      method: 'DELETE',
      url: `/api/branch/deleteBranch?branchId=${aId}`,
    });
    expect(del.statusCode).toBe(404);
    const stillThere = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/branch/getBranch?branchId=${aId}`,
    });
    expect(stillThere.json().name).not.toBe('Hacked');
  });

  it('ignores a clientId smuggled in the body', async () => {
    const res = await call(t, b.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name: 'Smuggled', clientId: a.clientId },
    });
    expect(res.statusCode).toBe(201);
    expect((await list(a.ownerToken, '?q=Smuggled')).json().total).toBe(0);
    expect((await list(b.ownerToken, '?q=Smuggled')).json().total).toBe(1);
  });

  it('exports the filtered, sorted view as CSV, all pages of it', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/branch/exportBranches?sort=-name&q=o',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="branch-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const { header, rows } = csvOf(res);
    expect(header).toEqual(['Name', 'Address', 'Phone', 'Time zone', 'Status']);
    expect(rows.every((r) => ['Active', 'Inactive'].includes(r.Status!))).toBe(true);
    const names = rows.map((r) => r.Name);
    const expected = (await list(a.ownerToken, '?sort=-name&q=o&pageSize=100'))
      .json()
      .items.map((x: { name: string }) => x.name);
    expect(names).toEqual(expected);
    expect(names.length).toBeGreaterThan(0);
  });

  it('refuses each action without its permission', async () => {
    const viewer = await createStaff(t, a, only({ branches: 'v' }));
    const nobody = await createStaff(t, a, only({}));
    const id = (await list(a.ownerToken)).json().items[0].id;
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(200);
    const add = await call(t, viewer.token, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name: 'X' },
    });
    expect(add.json().reason).toBe('FORBIDDEN');
    const edit = await call(t, viewer.token, {
      method: 'PUT',
      url: `/api/branch/updateBranch?branchId=${id}`,
      payload: { name: 'X' },
    });
    expect(edit.statusCode).toBe(403);
    const del = await call(t, viewer.token, {
      method: 'DELETE',
      url: `/api/branch/deleteBranch?branchId=${id}`,
    });
    expect(del.statusCode).toBe(403);
  });

  it('lists only the branches a limited staff member may use', async () => {
    const ids = (await list(a.ownerToken, '?pageSize=10')).json().items.map((x: { id: number }) => x.id);
    const limited = await createStaff(t, a, only({ branches: 'v' }), { branchIds: [ids[0]] });
    const res = (await list(limited.token)).json();
    expect(res.items.map((x: { id: number }) => x.id)).toEqual([ids[0]]);
    const other = await call(t, limited.token, {
      method: 'GET',
      url: `/api/branch/getBranch?branchId=${ids[1]}`,
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a branchId header for a branch the caller may not use', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/branch/getBranches',
      branchId: b.branchIds[0],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('BRANCH_NOT_ALLOWED');
  });

  it('answers 401 TOKEN_INVALID_OR_EXPIRED without a valid token, with either header', async () => {
    expect((await call(t, undefined, { method: 'GET', url: '/api/branch/getBranches' })).json().reason).toBe(
      'TOKEN_INVALID_OR_EXPIRED',
    );
    const tampered = a.ownerToken.slice(0, -3) + (a.ownerToken.endsWith('abc') ? 'xyz' : 'abc');
    expect((await list(tampered)).statusCode).toBe(401);
    const legacy = await t.app.inject({
      method: 'GET',
      url: '/api/branch/getBranches',
      headers: { token: a.ownerToken },
    });
    expect(legacy.statusCode).toBe(200);
  });
});

describe('time zones (issue 11 defaults, issue 20 stored poison)', () => {
  it('refuses a zone the database does not know, even when Intl does', async () => {
    const org = await createOrg(t);
    const res = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name: 'Pacific', timezone: 'US/Pacific-New' },
    });
    // Node may or may not know it; either way nothing unreadable is stored.
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('body.timezone');
  });
});

describe('deleting a branch (issue 20)', () => {
  it('takes it out of the fee structures and staff that list it', async () => {
    const org = await createOrg(t, { branchCount: 3 });
    const [keep, gone] = org.branchIds as [number, number, number];
    const fee = (
      await call(t, org.ownerToken, {
        method: 'POST',
        url: '/api/feeType/createFeeType',
        payload: { name: 'Fee' },
      })
    ).json().id;
    const structure = async (name: string, branchIds: number[]) =>
      (
        await call(t, org.ownerToken, {
          method: 'POST',
          url: '/api/feeStructure/createFeeStructure',
          payload: { name, durationDays: 30, lines: [{ feeTypeId: fee, amount: 100 }], branchIds },
        })
      ).json().id as number;
    const shared = await structure('Shared', [keep, gone]);
    const onlyThere = await structure('Only there', [gone]);
    const member = await createStaff(t, org, only({ rooms: 'v' }), { branchIds: [keep, gone] });
    const res = await call(t, org.ownerToken, {
      method: 'DELETE',
      url: `/api/branch/deleteBranch?branchId=${gone}`,
    });
    expect(res.statusCode).toBe(204);
    const [s1] = await t.db.select().from(feeStructures).where(eq(feeStructures.id, shared));
    const [s2] = await t.db.select().from(feeStructures).where(eq(feeStructures.id, onlyThere));
    expect(s1).toMatchObject({ branchIds: [keep], status: true });
    expect(s2).toMatchObject({ branchIds: [], status: false });
    const [row] = await t.db.select().from(staff).where(eq(staff.id, member.staffId));
    expect(row!.branchIds).toEqual([keep]);
  });
});
