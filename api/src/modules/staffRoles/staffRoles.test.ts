import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { errorReasons } from '@app/contract/errors';
import { moduleNames, type PermissionRecord } from '@app/contract/modules';
import { auditLog } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  testPassword,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 1 });
  b = await createOrg(t, { branchCount: 1 });
});
afterAll(() => t.close());

type Role = {
  id: number;
  name: string;
  description: string;
  isOwner: boolean;
  permissions: PermissionRecord[];
  staffCount: number;
};

const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/staffRole/getStaffRoles${qs}` });
const getRole = (token: string, id: number) =>
  call(t, token, { method: 'GET', url: `/api/staffRole/getStaffRole?staffRoleId=${id}` });
const createRole = (token: string, payload: unknown) =>
  call(t, token, { method: 'POST', url: '/api/staffRole/createStaffRole', payload: payload as object });
const updateRole = (token: string, id: number, payload: unknown) =>
  call(t, token, {
    method: 'PUT',
    url: `/api/staffRole/updateStaffRole?staffRoleId=${id}`,
    payload: payload as object,
  });
const deleteRole = (token: string, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/staffRole/deleteStaffRole?staffRoleId=${id}` });
const addStaff = (token: string, roleId: number, email: string) =>
  call(t, token, {
    method: 'POST',
    url: '/api/staff/addStaff',
    payload: { staffName: email, email, roleId, branchIds: null, password: testPassword },
  });
const perm = (role: Role, module: string) => role.permissions.find((p) => p.moduleUniqueName === module);
const names = (res: { json: () => { items: Role[] } }) => res.json().items.map((r) => r.name);

describe('staff roles', () => {
  it('creates a role with one permission record per module, missing modules all false', async () => {
    const res = await createRole(a.ownerToken, {
      name: '  Clerk ',
      description: 'Front desk',
      isOwner: true,
      clientId: b.clientId,
      permissions: [
        { moduleUniqueName: 'users', view: true, add: true, edit: false, delete: false },
        { moduleUniqueName: 'dashboard', view: true, add: false, edit: false, delete: false },
      ],
    });
    expect(res.statusCode).toBe(201);
    const role: Role = res.json();
    expect(role).toMatchObject({ name: 'Clerk', description: 'Front desk', isOwner: false, staffCount: 0 });
    expect(role.permissions.map((p) => p.moduleUniqueName)).toEqual([...moduleNames]);
    expect(perm(role, 'dashboard')).toEqual({
      moduleUniqueName: 'dashboard',
      view: true,
      add: false,
      edit: false,
      delete: false,
    });
    expect(perm(role, 'users')).toMatchObject({ view: true, add: true, edit: false });
    expect(perm(role, 'payments')).toMatchObject({ view: false, add: false, edit: false, delete: false });
    // The smuggled clientId was ignored.
    expect(names(await list(b.ownerToken, '?q=Clerk'))).toEqual([]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staffRole'), eq(auditLog.entityId, String(role.id))));
    expect(audit.map((r) => r.action)).toEqual(['create']);
  });

  it('answers validation failures with field details', async () => {
    const missing = await createRole(a.ownerToken, { description: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ reason: 'VALIDATION_FAILED' });
    expect(missing.json().details.map((d: { path: string }) => d.path)).toContain('body.name');
    const long = await createRole(a.ownerToken, { name: 'x'.repeat(81) });
    expect(long.json().details[0].path).toBe('body.name');
    const badModule = await createRole(a.ownerToken, {
      name: 'Bad',
      permissions: [{ moduleUniqueName: 'nuclear', view: true, add: true, edit: true, delete: true }],
    });
    expect(badModule.statusCode).toBe(400);
    expect(badModule.json().details[0].path).toBe('body.permissions.0.moduleUniqueName');
  });

  it('rejects the same module twice', async () => {
    const rec = { moduleUniqueName: 'rooms', view: true, add: false, edit: false, delete: false };
    const res = await createRole(a.ownerToken, {
      name: 'Twice',
      permissions: [rec, { ...rec, view: false }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.permissions.1.moduleUniqueName', message: 'rooms is listed more than once' },
    ]);
  });

  it('answers a duplicate name with 409, case-insensitively, on create and update', async () => {
    const dup = await createRole(a.ownerToken, { name: 'CLERK' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A role with this name already exists.',
    });
    const other: Role = (await createRole(a.ownerToken, { name: 'Accountant' })).json();
    const upd = await updateRole(a.ownerToken, other.id, { name: 'clerk' });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().message).toBe('A role with this name already exists.');
    // Another organisation may use the same name.
    expect((await createRole(b.ownerToken, { name: 'Clerk' })).statusCode).toBe(201);
  });

  it('lists with paging, sorting and search, counting the staff of each role', async () => {
    for (const name of ['Zeta', 'alpha', 'Mu 50%']) {
      expect((await createRole(a.ownerToken, { name, description: `${name} desc` })).statusCode).toBe(201);
    }
    const all = (await list(a.ownerToken, '?pageSize=100')).json();
    expect(all.total).toBe(6); // Owner, Clerk, Accountant, Zeta, alpha, Mu 50%
    const first = (await list(a.ownerToken)).json();
    expect(first).toMatchObject({ total: 6, page: 0, pageSize: 5 });
    expect(first.items).toHaveLength(5);
    expect((await list(a.ownerToken, '?page=1')).json().items).toHaveLength(1);
    const asc = names(await list(a.ownerToken, '?sort=name&pageSize=10'));
    const desc = names(await list(a.ownerToken, '?sort=-name&pageSize=10'));
    expect(desc).toEqual([...asc].reverse());
    const byCreated = names(await list(a.ownerToken, '?sort=createdAt&pageSize=10'));
    expect(byCreated[0]).toBe('Owner');
    expect(names(await list(a.ownerToken, '?q=ALPH'))).toEqual(['alpha']);
    expect(names(await list(a.ownerToken, '?q=50%25'))).toEqual(['Mu 50%']);
    expect(names(await list(a.ownerToken, '?q=zeta%20DESC'))).toEqual(['Zeta']);
    expect((await list(a.ownerToken, '?sort=permissions')).statusCode).toBe(400);
    const owner = all.items.find((r: Role) => r.isOwner);
    expect(owner).toMatchObject({ name: 'Owner', staffCount: 1 });
    expect(owner.permissions.every((p: PermissionRecord) => p.view && p.add && p.edit && p.delete)).toBe(
      true,
    );
    expect(all.items.filter((r: Role) => !r.isOwner).every((r: Role) => r.staffCount === 0)).toBe(true);
  });

  it('updates permissions and records the change before and after in the audit log', async () => {
    const role: Role = (
      await createRole(a.ownerToken, {
        name: 'Auditor',
        permissions: [{ moduleUniqueName: 'payments', view: true, add: false, edit: false, delete: false }],
      })
    ).json();
    const res = await updateRole(a.ownerToken, role.id, {
      name: 'Auditor',
      description: 'Reads money',
      permissions: [{ moduleUniqueName: 'expenses', view: true, add: false, edit: false, delete: false }],
    });
    expect(res.statusCode).toBe(200);
    const updated: Role = res.json();
    expect(updated.description).toBe('Reads money');
    expect(perm(updated, 'payments')?.view).toBe(false);
    expect(perm(updated, 'expenses')?.view).toBe(true);
    expect(updated.permissions).toHaveLength(moduleNames.length);
    const read: Role = (await getRole(a.ownerToken, role.id)).json();
    expect(read).toEqual(updated);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'staffRole'),
          eq(auditLog.entityId, String(role.id)),
          eq(auditLog.action, 'update'),
        ),
      );
    const before = row!.before as Role;
    const after = row!.after as Role;
    expect(perm(before, 'payments')?.view).toBe(true);
    expect(perm(after, 'payments')?.view).toBe(false);
    expect(perm(after, 'expenses')?.view).toBe(true);
    expect(row).toMatchObject({ clientId: a.clientId, staffId: a.ownerId });
  });

  it('keeps the Owner role immutable: update and delete answer 403', async () => {
    const upd = await updateRole(a.ownerToken, a.ownerRoleId, { name: 'Boss', permissions: [] });
    expect(upd.statusCode).toBe(403);
    expect(upd.json()).toMatchObject({ reason: 'FORBIDDEN', message: 'The Owner role cannot be changed.' });
    const del = await deleteRole(a.ownerToken, a.ownerRoleId);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('The Owner role cannot be changed.');
    const read: Role = (await getRole(a.ownerToken, a.ownerRoleId)).json();
    expect(read).toMatchObject({ name: 'Owner', isOwner: true });
  });

  it('refuses to delete a role in use, with the count of staff (active or not)', async () => {
    const role: Role = (await createRole(a.ownerToken, { name: 'Busy' })).json();
    const one = await addStaff(a.ownerToken, role.id, 'busy1@roles.test');
    expect(one.statusCode).toBe(201);
    expect((await addStaff(a.ownerToken, role.id, 'busy2@roles.test')).statusCode).toBe(201);
    const gone = await call(t, a.ownerToken, {
      method: 'DELETE',
      url: `/api/staff/deleteStaff/${one.json().staffId}`,
    });
    expect(gone.json().status).toBe('inactive');
    expect((await getRole(a.ownerToken, role.id)).json().staffCount).toBe(2);
    expect((await list(a.ownerToken, '?q=Busy')).json().items[0].staffCount).toBe(2);
    const del = await deleteRole(a.ownerToken, role.id);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ reason: 'CONFLICT', message: 'Used by 2 staff member(s)' });
  });

  it('deletes an unused role with 204 and an audit row', async () => {
    const role: Role = (await createRole(a.ownerToken, { name: 'Temporary' })).json();
    expect((await deleteRole(a.ownerToken, role.id)).statusCode).toBe(204);
    expect((await getRole(a.ownerToken, role.id)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staffRole'), eq(auditLog.entityId, String(role.id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete']);
  });

  it('keeps organisations apart: B can neither read, change nor delete A’s roles', async () => {
    const role: Role = (await createRole(a.ownerToken, { name: 'Private' })).json();
    expect((await getRole(b.ownerToken, role.id)).statusCode).toBe(404);
    expect((await getRole(b.ownerToken, a.ownerRoleId)).statusCode).toBe(404);
    const upd = await updateRole(b.ownerToken, role.id, { name: 'Hacked' });
    expect(upd.statusCode).toBe(404);
    expect(upd.json().reason).toBe('NOT_FOUND');
    expect((await deleteRole(b.ownerToken, role.id)).statusCode).toBe(404);
    expect((await getRole(a.ownerToken, role.id)).json().name).toBe('Private');
    const bNames = names(await list(b.ownerToken, '?pageSize=100'));
    expect(bNames).not.toContain('Private');
    expect(bNames.sort()).toEqual(['Clerk', 'Owner']);
  });

  it('refuses each action without its permission', async () => {
    const viewer = await createStaff(t, a, only({ staffRoles: 'v' }));
    const nobody = await createStaff(t, a, only({ staff: 'vaed' }));
    const role: Role = (await createRole(a.ownerToken, { name: 'Target' })).json();
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await getRole(nobody.token, role.id)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(200);
    expect((await getRole(viewer.token, role.id)).statusCode).toBe(200);
    const add = await createRole(viewer.token, { name: 'X' });
    expect(add.statusCode).toBe(403);
    expect(add.json().reason).toBe('FORBIDDEN');
    expect((await updateRole(viewer.token, role.id, { name: 'X' })).statusCode).toBe(403);
    expect((await deleteRole(viewer.token, role.id)).statusCode).toBe(403);
    const editor = await createStaff(t, a, only({ staffRoles: 'e' }));
    expect((await updateRole(editor.token, role.id, { name: 'Target 2' })).statusCode).toBe(200);
    expect((await deleteRole(editor.token, role.id)).statusCode).toBe(403);
    const deleter = await createStaff(t, a, only({ staffRoles: 'd' }));
    expect((await deleteRole(deleter.token, role.id)).statusCode).toBe(204);
    const adder = await createStaff(t, a, only({ staffRoles: 'a' }));
    expect((await createRole(adder.token, { name: 'Added' })).statusCode).toBe(201);
    expect((await list(adder.token)).statusCode).toBe(403);
  });

  it('applies a permission change on the member’s next request', async () => {
    const member = await createStaff(t, a, only({ staff: 'v' }));
    const listStaff = () =>
      call(t, member.token, { method: 'GET', url: '/api/staff/getActiveStaffByClient' });
    expect((await listStaff()).statusCode).toBe(200);
    const res = await updateRole(a.ownerToken, member.roleId, {
      name: 'Lost staff view',
      permissions: [{ moduleUniqueName: 'dashboard', view: true, add: false, edit: false, delete: false }],
    });
    expect(res.statusCode).toBe(200);
    const refused = await listStaff();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('FORBIDDEN');
    await updateRole(a.ownerToken, member.roleId, {
      name: 'Lost staff view',
      permissions: [{ moduleUniqueName: 'staff', view: true, add: false, edit: false, delete: false }],
    });
    expect((await listStaff()).statusCode).toBe(200);
  });

  it('documents its routes in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/staffRole/getStaffRoles', '/api/staffRole/createStaffRole']),
    );
  });
});

describe('staff role bodies (property)', () => {
  const reasons = new Set<string>(errorReasons);
  /** Mostly a valid value, sometimes any JSON, sometimes left out. */
  const mostly = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(
      { arbitrary: valid, weight: 8 },
      { arbitrary: fc.jsonValue(), weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    );
  const permissionLike = fc.record({
    moduleUniqueName: mostly(fc.constantFrom(...moduleNames)),
    view: mostly(fc.boolean()),
    add: mostly(fc.boolean()),
    edit: mostly(fc.boolean()),
    delete: mostly(fc.boolean()),
  });
  const nearlyValid = fc.record({
    name: mostly(fc.string({ minLength: 1, maxLength: 90 })),
    description: mostly(fc.string({ maxLength: 520 })),
    isOwner: mostly(fc.boolean()),
    permissions: mostly(fc.array(permissionLike, { maxLength: 20 })),
  });
  let target: number;
  beforeAll(async () => {
    target = (await createRole(a.ownerToken, { name: 'Fuzz target' })).json().id;
  });

  const send = (method: 'POST' | 'PUT', body: unknown) =>
    call(t, a.ownerToken, {
      method,
      url:
        method === 'POST'
          ? '/api/staffRole/createStaffRole'
          : `/api/staffRole/updateStaffRole?staffRoleId=${target}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('answers arbitrary JSON with a 4xx and a reason, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST' as const, 'PUT' as const),
        fc.jsonValue(),
        async (method, body) => {
          const res = await send(method, body);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(reasons.has(res.json().reason)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('answers nearly valid bodies with success or a 4xx with a reason, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST' as const, 'PUT' as const),
        nearlyValid,
        async (method, body) => {
          const res = await send(method, body);
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(reasons.has(res.json().reason)).toBe(true);
          else expect(res.json().permissions).toHaveLength(moduleNames.length);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('what the caller may not do, on each row (issue 14)', () => {
  it('marks the Owner role, the caller’s own role, a role beyond them and a role in use, as the writes refuse them', async () => {
    const org = await createOrg(t, { branchCount: 1 });
    const admin = await createStaff(t, org, only({ staffRoles: 'vaed', staff: 'vaed', users: 'v' }));
    const free: Role = (await createRole(admin.token, { name: 'Free desk' })).json();
    const busy: Role = (await createRole(admin.token, { name: 'Busy desk' })).json();
    expect((await addStaff(org.ownerToken, busy.id, `busy.${Date.now()}@roles.test`)).statusCode).toBe(201);
    const beyond: Role = (
      await createRole(org.ownerToken, { name: 'Payments', permissions: only({ payments: 'v' }) })
    ).json();

    const rows = new Map<string, Role & { refused?: Record<string, { code: string }> }>(
      (await list(admin.token, '?pageSize=100')).json().items.map((r: Role) => [r.name, r]),
    );
    const owner = [...rows.values()].find((r) => r.isOwner)!;
    const codes = (r: { refused?: Record<string, { code: string }> } | undefined) => ({
      edit: r?.refused?.edit?.code,
      delete: r?.refused?.delete?.code,
    });
    expect(codes(owner)).toEqual({ edit: 'OWNER_ROLE_IMMUTABLE', delete: 'OWNER_ROLE_IMMUTABLE' });
    const own = [...rows.values()].find((r) => r.id === admin.roleId);
    expect(codes(own)).toEqual({ edit: 'OWN_ROLE_EDIT', delete: 'OWN_ROLE_EDIT' });
    expect(codes(rows.get('Payments'))).toEqual({ edit: 'GRANT_BEYOND', delete: 'GRANT_BEYOND' });
    expect(codes(rows.get('Busy desk'))).toEqual({ edit: undefined, delete: 'USED_BY_STAFF' });
    expect(rows.get('Busy desk')!.refused!.delete).toMatchObject({
      params: { n: 1 },
      message: 'Used by 1 staff member(s)',
    });
    expect(rows.get('Free desk')!.refused).toEqual({});

    // Each mark is what the write answers.
    expect((await deleteRole(admin.token, owner.id)).json().code).toBe('OWNER_ROLE_IMMUTABLE');
    expect((await updateRole(admin.token, own!.id, { name: 'Mine' })).json().code).toBe('OWN_ROLE_EDIT');
    expect((await deleteRole(admin.token, beyond.id)).json().code).toBe('GRANT_BEYOND');
    expect((await deleteRole(admin.token, busy.id)).json().code).toBe('USED_BY_STAFF');
    expect((await deleteRole(admin.token, free.id)).statusCode).toBe(204);
  });

  it('marks the caller’s own staff row as not deletable and an owner as out of reach for a non-owner', async () => {
    const org = await createOrg(t, { branchCount: 1 });
    const admin = await createStaff(t, org, only({ staff: 'vaed', staffRoles: 'v' }));
    const res = await call(t, admin.token, {
      method: 'GET',
      url: '/api/staff/getActiveStaffByClient?pageSize=100',
    });
    const items = res.json().items as {
      staffId: number;
      isOwner: boolean;
      refused?: Record<string, { code: string }>;
    }[];
    const self = items.find((s) => s.staffId === admin.staffId)!;
    expect(self.refused).toEqual({ delete: expect.objectContaining({ code: 'OWN_DELETE' }) });
    const owner = items.find((s) => s.isOwner)!;
    expect(owner.refused?.edit?.code).toBe('OWNER_ONLY');
    expect(owner.refused?.delete?.code).toBe('OWNER_ONLY');
    const del = await call(t, admin.token, {
      method: 'DELETE',
      url: `/api/staff/deleteStaff/${owner.staffId}`,
    });
    // Refused (the last owner's rule may answer first: 409), never done.
    expect([403, 409]).toContain(del.statusCode);
  });
});
