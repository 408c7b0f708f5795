import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { errorReasons } from '@app/contract/errors';
import type { Staff } from '@app/contract/staff';
import { auditLog, refreshTokens, staff } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  csvOf,
  only,
  startTestApp,
  testPassword,
  tokenFor,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let clerkRoleId: number;
let bRoleId: number;
beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  clerkRoleId = (await createRoleFor(a, 'Clerk')).id;
  bRoleId = (await createRoleFor(b, 'B clerk')).id;
});
afterAll(() => t.close());

async function createRoleFor(org: TestOrg, name: string) {
  const res = await call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/staffRole/createStaffRole',
    payload: {
      name,
      permissions: [{ moduleUniqueName: 'users', view: true, add: true, edit: true, delete: false }],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

let emailCounter = 0;
const uniqueEmail = (prefix = 'member') => `${prefix}${++emailCounter}@staff.test`;

const list = (token: string, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/staff/getActiveStaffByClient${qs}` });
const add = (token: string, payload: unknown) =>
  call(t, token, { method: 'POST', url: '/api/staff/addStaff', payload: payload as object });
const edit = (token: string, payload: unknown) =>
  call(t, token, { method: 'PUT', url: '/api/staff/editStaff', payload: payload as object });
const remove = (token: string, id: number | string) =>
  call(t, token, { method: 'DELETE', url: `/api/staff/deleteStaff/${id}` });
const reset = (token: string, payload: unknown) =>
  call(t, token, { method: 'PUT', url: '/api/staff/resetStaffPassword', payload: payload as object });
let address = 0;
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    remoteAddress: `10.9.0.${++address}`,
    payload: { email, password },
  });

/** A member of org `a` added through the API. */
async function addMember(over: Record<string, unknown> = {}): Promise<Staff> {
  const res = await add(a.ownerToken, {
    staffName: 'Member',
    email: uniqueEmail(),
    roleId: clerkRoleId,
    branchIds: null,
    password: testPassword,
    ...over,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const paths = (res: { json: () => { details?: { path: string }[] } }) =>
  (res.json().details ?? []).map((d) => d.path);
const staffNames = (res: { json: () => { items: Staff[] } }) => res.json().items.map((s) => s.staffName);

describe('adding staff', () => {
  it('adds a member and answers 201 with the record, never the hash', async () => {
    const email = uniqueEmail('Added.Person');
    const res = await add(a.ownerToken, {
      staffName: ' Added Person ',
      email,
      mobile: '+91 98000 11111',
      roleId: clerkRoleId,
      branchIds: [a.branchIds[1], a.branchIds[0], a.branchIds[1]],
      password: 'Secret-123',
      clientId: b.clientId,
    });
    expect(res.statusCode).toBe(201);
    const rec: Staff = res.json();
    expect(rec).toMatchObject({
      staffName: 'Added Person',
      email,
      mobile: '+91 98000 11111',
      roleId: clerkRoleId,
      roleName: 'Clerk',
      isOwner: false,
      branchIds: [...a.branchIds].sort((x, y) => x - y),
      status: 'active',
    });
    expect(Object.keys(rec).sort()).toEqual(
      [
        'branchIds',
        'createdAt',
        'email',
        'isOwner',
        'mobile',
        'roleId',
        'roleName',
        'staffId',
        'staffName',
        'status',
        'updatedAt',
      ].sort(),
    );
    expect(res.body).not.toMatch(/argon|hash|Secret/i);
    // The smuggled clientId was ignored; the member can sign in with the password given.
    const [row] = await t.db.select().from(staff).where(eq(staff.id, rec.staffId));
    expect(row!.clientId).toBe(a.clientId);
    expect(row!.passwordHash).not.toBe('Secret-123');
    expect((await login(email, 'Secret-123')).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(rec.staffId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      clientId: a.clientId,
      staffId: a.ownerId,
      before: null,
    });
    expect(JSON.stringify(audit[0]!.after)).not.toMatch(/hash|password/i);
  });

  it('stores no mobile as null and all branches as null', async () => {
    const rec = await addMember({ mobile: '' });
    expect(rec).toMatchObject({ mobile: null, branchIds: null });
  });

  it('answers validation failures with field details', async () => {
    const res = await add(a.ownerToken, {
      staffName: '',
      email: 'not-an-email',
      mobile: 'call me',
      roleId: 'x',
      branchIds: [],
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('VALIDATION_FAILED');
    expect(paths(res).sort()).toEqual(
      [
        'body.branchIds',
        'body.email',
        'body.mobile',
        'body.password',
        'body.roleId',
        'body.staffName',
      ].sort(),
    );
    const missing = await add(a.ownerToken, {});
    expect(paths(missing)).toEqual(
      expect.arrayContaining([
        'body.staffName',
        'body.email',
        'body.roleId',
        'body.branchIds',
        'body.password',
      ]),
    );
  });

  it('refuses a role or branches of another organisation with details', async () => {
    const res = await add(a.ownerToken, {
      staffName: 'Wrong refs',
      email: uniqueEmail(),
      roleId: bRoleId,
      branchIds: [a.branchIds[0], b.branchIds[0]],
      password: testPassword,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'VALIDATION_FAILED' });
    expect(paths(res)).toEqual(['body.roleId', 'body.branchIds']);
    const role = await add(a.ownerToken, {
      staffName: 'Unknown role',
      email: uniqueEmail(),
      roleId: 999_999,
      branchIds: null,
      password: testPassword,
    });
    expect(paths(role)).toEqual(['body.roleId']);
  });

  it('answers a duplicate email (any case) in the organisation with 409; another organisation may use it', async () => {
    const rec = await addMember();
    const elsewhere = await add(b.ownerToken, {
      staffName: 'Namesake',
      email: rec.email,
      roleId: bRoleId,
      branchIds: null,
      password: testPassword,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const again = await add(a.ownerToken, {
      staffName: 'Copy',
      email: rec.email.toUpperCase(),
      roleId: clerkRoleId,
      branchIds: null,
      password: testPassword,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'A staff member with this email already exists.',
    });
  });

  it('lets a member limited to some branches grant only those branches', async () => {
    const limited = await createStaff(t, a, only({ staff: 'va', users: 'vae' }), {
      branchIds: [a.branchIds[0]!],
    });
    const base = { staffName: 'Limited grant', roleId: clerkRoleId, password: testPassword };
    const all = await add(limited.token, { ...base, email: uniqueEmail(), branchIds: null });
    expect(paths(all)).toEqual(['body.branchIds']);
    const other = await add(limited.token, { ...base, email: uniqueEmail(), branchIds: [a.branchIds[1]] });
    expect(paths(other)).toEqual(['body.branchIds']);
    const own = await add(limited.token, { ...base, email: uniqueEmail(), branchIds: [a.branchIds[0]] });
    expect(own.statusCode).toBe(201);
  });

  it('lets only an owner grant the Owner role', async () => {
    const manager = await createStaff(t, a, only({ staff: 'vaed' }));
    const res = await add(manager.token, {
      staffName: 'Would be owner',
      email: uniqueEmail(),
      roleId: a.ownerRoleId,
      branchIds: null,
      password: testPassword,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toBe('FORBIDDEN');
  });
});

describe('listing staff', () => {
  let org: TestOrg;
  let roleId: number;
  beforeAll(async () => {
    org = await createOrg(t, { branchCount: 1, name: 'Listing org' });
    roleId = (await createRoleFor(org, 'Desk')).id;
    const people = [
      ['Delta Dev', 'delta@list.test', '9811111111'],
      ['alpha Ann', 'ALPHA@list.test', null],
      ['Charlie 50% Chen', 'charlie@list.test', '9822222222'],
      ['bravo Bo', 'bravo@list.test', null],
      ['Echo Eve', 'echo@list.test', '9833333333'],
      ['Foxtrot Fay', 'foxtrot@list.test', null],
    ] as const;
    for (const [staffName, email, mobile] of people) {
      const res = await add(org.ownerToken, {
        staffName,
        email,
        mobile,
        roleId,
        branchIds: null,
        password: testPassword,
      });
      expect(res.statusCode).toBe(201);
    }
    const fay = (await list(org.ownerToken, '?q=Foxtrot')).json().items[0];
    expect((await remove(org.ownerToken, fay.staffId)).statusCode).toBe(200);
  });

  it('pages with the default size 5 and lists only active staff by default', async () => {
    const first = (await list(org.ownerToken)).json();
    expect(first).toMatchObject({ total: 6, page: 0, pageSize: 5 }); // 5 active members + the owner
    expect(first.items).toHaveLength(5);
    expect((await list(org.ownerToken, '?page=1')).json().items).toHaveLength(1);
    expect(staffNames(await list(org.ownerToken, '?pageSize=10'))).not.toContain('Foxtrot Fay');
  });

  it('includes inactive staff on request', async () => {
    const all = (await list(org.ownerToken, '?includeInactive=true&pageSize=10')).json();
    expect(all.total).toBe(7);
    expect(all.items.find((s: Staff) => s.staffName === 'Foxtrot Fay').status).toBe('inactive');
    expect((await list(org.ownerToken, '?includeInactive=0')).json().total).toBe(6);
    expect((await list(org.ownerToken, '?includeInactive=yes')).statusCode).toBe(400);
  });

  it('sorts by name, email, creation and status both ways', async () => {
    for (const field of ['staffName', 'email', 'createdAt', 'status']) {
      const asc = staffNames(await list(org.ownerToken, `?sort=${field}&pageSize=10&includeInactive=1`));
      const desc = staffNames(await list(org.ownerToken, `?sort=-${field}&pageSize=10&includeInactive=1`));
      expect(asc).toHaveLength(7);
      if (field !== 'status') expect(desc).toEqual([...asc].reverse());
    }
    const byCreated = staffNames(await list(org.ownerToken, '?sort=createdAt&pageSize=10'));
    expect(byCreated.slice(0, 2)).toEqual([expect.stringMatching(/^Owner/), 'Delta Dev']);
    const byStatus = (await list(org.ownerToken, '?sort=-status&pageSize=10&includeInactive=1')).json();
    expect(byStatus.items[0].status).toBe('inactive');
    expect((await list(org.ownerToken, '?sort=passwordHash')).statusCode).toBe(400);
  });

  it('searches name, email and mobile case-insensitively, % taken literally', async () => {
    expect(staffNames(await list(org.ownerToken, '?q=ALPHA'))).toEqual(['alpha Ann']);
    expect(staffNames(await list(org.ownerToken, '?q=Bravo%40LIST'))).toEqual(['bravo Bo']);
    expect(staffNames(await list(org.ownerToken, '?q=98222'))).toEqual(['Charlie 50% Chen']);
    expect(staffNames(await list(org.ownerToken, '?q=50%25'))).toEqual(['Charlie 50% Chen']);
    expect(staffNames(await list(org.ownerToken, '?q=fay'))).toEqual([]);
    expect(staffNames(await list(org.ownerToken, '?q=fay&includeInactive=true'))).toEqual(['Foxtrot Fay']);
  });

  it('filters by role and carries role name and owner flag', async () => {
    const desk = (await list(org.ownerToken, `?roleId=${roleId}&pageSize=10`)).json();
    expect(desk.total).toBe(5);
    expect(desk.items.every((s: Staff) => s.roleName === 'Desk' && !s.isOwner)).toBe(true);
    const owners = (await list(org.ownerToken, `?roleId=${org.ownerRoleId}`)).json();
    expect(owners.items).toEqual([
      expect.objectContaining({ staffId: org.ownerId, isOwner: true, roleName: 'Owner' }),
    ]);
    expect((await list(org.ownerToken, '?roleId=abc')).statusCode).toBe(400);
  });

  it('never lists another organisation’s staff nor any hash', async () => {
    const res = await list(b.ownerToken, '?pageSize=100&includeInactive=true');
    expect(res.json().items.every((s: Staff) => !s.email.endsWith('@list.test'))).toBe(true);
    expect((await list(b.ownerToken, '?q=list.test')).json().total).toBe(0);
    expect(res.body).not.toMatch(/hash|argon/i);
  });
});

describe('editing staff', () => {
  it('changes the given fields only and audits before and after', async () => {
    const rec = await addMember({ staffName: 'Before Edit', mobile: '9844444444' });
    const res = await edit(a.ownerToken, {
      staffId: rec.staffId,
      staffName: 'After Edit',
      branchIds: [a.branchIds[0]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      staffName: 'After Edit',
      email: rec.email,
      mobile: '9844444444',
      branchIds: [a.branchIds[0]],
      roleId: clerkRoleId,
      status: 'active',
    });
    const cleared = await edit(a.ownerToken, { staffId: rec.staffId, mobile: null, branchIds: null });
    expect(cleared.json()).toMatchObject({ mobile: null, branchIds: null, staffName: 'After Edit' });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'staff'),
          eq(auditLog.entityId, String(rec.staffId)),
          eq(auditLog.action, 'update'),
        ),
      )
      .orderBy(auditLog.id)
      .limit(1);
    expect(row!.before).toMatchObject({ staffName: 'Before Edit', branchIds: null });
    expect(row!.after).toMatchObject({ staffName: 'After Edit', branchIds: [a.branchIds[0]] });
  });

  it('moves a member to another role and refuses foreign references', async () => {
    const rec = await addMember();
    const other = await createRoleFor(a, 'Other role');
    const moved = await edit(a.ownerToken, { staffId: rec.staffId, roleId: other.id });
    expect(moved.json()).toMatchObject({ roleId: other.id, roleName: 'Other role' });
    const bad = await edit(a.ownerToken, {
      staffId: rec.staffId,
      roleId: bRoleId,
      branchIds: [b.branchIds[0]],
    });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toEqual(['body.roleId', 'body.branchIds']);
  });

  it('answers validation failures with field details', async () => {
    const res = await edit(a.ownerToken, { staffName: '', email: 'x', status: 'retired' });
    expect(res.statusCode).toBe(400);
    expect(paths(res).sort()).toEqual(['body.email', 'body.staffId', 'body.staffName', 'body.status']);
  });

  it('answers a taken email with 409', async () => {
    const one = await addMember();
    const two = await addMember();
    const res = await edit(a.ownerToken, { staffId: two.staffId, email: one.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A staff member with this email already exists.');
  });

  it('refuses to let members change their own role or deactivate themselves', async () => {
    const manager = await createStaff(t, a, only({ staff: 'vaed' }));
    const demote = await edit(manager.token, { staffId: manager.staffId, roleId: clerkRoleId });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ reason: 'CONFLICT', message: 'You cannot change your own role.' });
    const off = await edit(manager.token, { staffId: manager.staffId, status: 'inactive' });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('You cannot deactivate your own account.');
    const ownerDemote = await edit(a.ownerToken, { staffId: a.ownerId, roleId: clerkRoleId });
    expect(ownerDemote.json().message).toBe('You cannot change your own role.');
    // Their own name they may change, and the same role is no change.
    const rename = await edit(manager.token, {
      staffId: manager.staffId,
      staffName: 'Me',
      roleId: manager.roleId,
    });
    expect(rename.statusCode).toBe(200);
  });

  it('keeps at least one active owner, and leaves owners to owners', async () => {
    const org = await createOrg(t, { branchCount: 1 });
    const role = await createRoleFor(org, 'Plain');
    const manager = await createStaff(t, org, only({ staff: 'vaed' }));
    const demote = await edit(manager.token, { staffId: org.ownerId, roleId: role.id });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      reason: 'CONFLICT',
      message: 'The organisation needs at least one active owner.',
    });
    const off = await edit(manager.token, { staffId: org.ownerId, status: 'inactive' });
    expect(off.json().message).toBe('The organisation needs at least one active owner.');
    const del = await remove(manager.token, org.ownerId);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('The organisation needs at least one active owner.');

    // With a second owner the rule is satisfied, but only an owner may change an owner.
    const second = await add(org.ownerToken, {
      staffName: 'Second Owner',
      email: uniqueEmail('owner'),
      roleId: org.ownerRoleId,
      branchIds: null,
      password: testPassword,
    });
    expect(second.json()).toMatchObject({ isOwner: true, roleName: 'Owner' });
    const secondId = second.json().staffId;
    const byManager = await edit(manager.token, { staffId: secondId, status: 'inactive' });
    expect(byManager.statusCode).toBe(403);
    const promote = await edit(manager.token, { staffId: manager.staffId, roleId: org.ownerRoleId });
    expect(promote.statusCode).toBe(409); // own role
    const byOwner = await edit(org.ownerToken, { staffId: secondId, roleId: role.id });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ isOwner: false, roleName: 'Plain' });
    // The first owner is the last one again.
    const secondToken = await tokenFor(t, secondId, org.clientId);
    const back = await edit(org.ownerToken, { staffId: secondId, roleId: org.ownerRoleId });
    expect(back.statusCode).toBe(200);
    const ownerOff = await edit(secondToken, { staffId: org.ownerId, status: 'inactive' });
    expect(ownerOff.statusCode).toBe(200);
    // Now the second owner is the last active one.
    const lastOff = await remove(manager.token, secondId);
    expect(lastOff.statusCode).toBe(409);
    expect(lastOff.json().message).toBe('The organisation needs at least one active owner.');
  });

  it('lets only one of two owners removing each other at the same time succeed', async () => {
    const org = await createOrg(t, { branchCount: 1 });
    const second = await add(org.ownerToken, {
      staffName: 'Rival Owner',
      email: uniqueEmail('rival'),
      roleId: org.ownerRoleId,
      branchIds: null,
      password: testPassword,
    });
    const secondId: number = second.json().staffId;
    const secondToken = await tokenFor(t, secondId, org.clientId);
    const results = await Promise.all([
      remove(org.ownerToken, secondId),
      edit(secondToken, { staffId: org.ownerId, status: 'inactive' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    // The loser either finds no other active owner (409) or was already signed out (401).
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const winner = results[0]!.statusCode === 200 ? org.ownerToken : secondToken;
    const active = (await list(winner)).json();
    expect(active.items.filter((s: Staff) => s.isOwner)).toHaveLength(1);
  });

  it('answers 404 for another organisation’s or an unknown staff member', async () => {
    const rec = await addMember({ staffName: 'Untouchable' });
    const res = await edit(b.ownerToken, { staffId: rec.staffId, staffName: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe('NOT_FOUND');
    expect((await edit(a.ownerToken, { staffId: 999_999, staffName: 'Nobody' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(staff).where(eq(staff.id, rec.staffId));
    expect(row!.staffName).toBe('Untouchable');
  });

  it('deactivating revokes refresh tokens and refuses the access token at once', async () => {
    const rec = await addMember();
    const session = await login(rec.email, testPassword);
    expect(session.statusCode).toBe(200);
    const { accessToken, refreshToken } = session.json();
    expect((await list(accessToken)).statusCode).toBe(403); // signed in, but Clerk has no staff view
    const res = await edit(a.ownerToken, { staffId: rec.staffId, status: 'inactive' });
    expect(res.json().status).toBe('inactive');
    const refused = await list(accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().reason).toBe('TOKEN_INVALID_OR_EXPIRED');
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.staffId, rec.staffId));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/refreshToken',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Reactivating does not bring the old session back.
    await edit(a.ownerToken, { staffId: rec.staffId, status: 'active' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/refreshToken',
      payload: { refreshToken },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('deleting staff', () => {
  it('deactivates instead of deleting, answers 200 with the record and refuses the token at once', async () => {
    const rec = await addMember({ staffName: 'Leaving Soon' });
    const session = (await login(rec.email, testPassword)).json();
    const token = await tokenFor(t, rec.staffId, a.clientId);
    const res = await remove(a.ownerToken, rec.staffId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ staffId: rec.staffId, staffName: 'Leaving Soon', status: 'inactive' });
    const [row] = await t.db.select().from(staff).where(eq(staff.id, rec.staffId));
    expect(row).toMatchObject({ staffName: 'Leaving Soon', status: 'inactive' });
    for (const tk of [token, session.accessToken]) {
      const refused = await call(t, tk, { method: 'GET', url: '/api/branch/getBranches' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().reason).toBe('TOKEN_INVALID_OR_EXPIRED');
    }
    const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.staffId, rec.staffId));
    expect(tokens.every((r) => r.revokedAt !== null)).toBe(true);
    expect((await login(rec.email, testPassword)).statusCode).toBeGreaterThanOrEqual(400);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(rec.staffId)), eq(auditLog.action, 'deactivate')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ status: 'active' });
    expect(audit[0]!.after).toMatchObject({ status: 'inactive' });
    // Deleting again is harmless.
    expect((await remove(a.ownerToken, rec.staffId)).json().status).toBe('inactive');
  });

  it('refuses to delete yourself', async () => {
    const manager = await createStaff(t, a, only({ staff: 'vd' }));
    const res = await remove(manager.token, manager.staffId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: 'CONFLICT', message: 'You cannot delete your own account.' });
    expect((await remove(a.ownerToken, a.ownerId)).statusCode).toBe(409);
  });

  it('answers 404 for unknown or foreign ids and 400 for a malformed one', async () => {
    const rec = await addMember();
    expect((await remove(b.ownerToken, rec.staffId)).statusCode).toBe(404);
    expect((await remove(a.ownerToken, 999_999)).statusCode).toBe(404);
    const bad = await remove(a.ownerToken, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toEqual(['params.id']);
    const [row] = await t.db.select().from(staff).where(eq(staff.id, rec.staffId));
    expect(row!.status).toBe('active');
  });
});

describe('resetting a staff password', () => {
  it('sets the new password, revokes sessions and audits without secrets', async () => {
    const rec = await addMember();
    const { refreshToken } = (await login(rec.email, testPassword)).json();
    const res = await reset(a.ownerToken, { staffId: rec.staffId, newPassword: 'Brand-new-9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect((await login(rec.email, testPassword)).statusCode).toBe(401);
    expect((await login(rec.email, 'Brand-new-9')).statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/refreshToken',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(rec.staffId)), eq(auditLog.action, 'passwordReset')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'staff', clientId: a.clientId, staffId: a.ownerId });
    expect(JSON.stringify(audit[0])).not.toMatch(/Brand-new|argon|hash/i);
  });

  it('refuses short passwords, yourself, foreign staff and owners for non-owners', async () => {
    const rec = await addMember();
    const short = await reset(a.ownerToken, { staffId: rec.staffId, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(paths(short)).toEqual(['body.newPassword']);
    const self = await reset(a.ownerToken, { staffId: a.ownerId, newPassword: 'Long-enough-1' });
    expect(self.statusCode).toBe(409);
    expect(
      (await reset(b.ownerToken, { staffId: rec.staffId, newPassword: 'Long-enough-1' })).statusCode,
    ).toBe(404);
    const manager = await createStaff(t, a, only({ staff: 've', users: 'vae' }));
    const owner = await reset(manager.token, { staffId: a.ownerId, newPassword: 'Long-enough-1' });
    expect(owner.statusCode).toBe(403);
    expect(
      (await reset(manager.token, { staffId: rec.staffId, newPassword: 'Long-enough-1' })).statusCode,
    ).toBe(200);
  });
});

describe('permissions and organisations', () => {
  it('refuses each action without its permission', async () => {
    const target = await addMember();
    const nobody = await createStaff(t, a, only({ staffRoles: 'vaed' }));
    const viewer = await createStaff(t, a, only({ staff: 'v' }));
    expect((await list(nobody.token)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(200);
    const body = {
      staffName: 'X',
      email: uniqueEmail(),
      roleId: clerkRoleId,
      branchIds: null,
      password: testPassword,
    };
    const refusedAdd = await add(viewer.token, body);
    expect(refusedAdd.statusCode).toBe(403);
    expect(refusedAdd.json().reason).toBe('FORBIDDEN');
    expect((await edit(viewer.token, { staffId: target.staffId, staffName: 'X' })).statusCode).toBe(403);
    expect((await remove(viewer.token, target.staffId)).statusCode).toBe(403);
    expect(
      (await reset(viewer.token, { staffId: target.staffId, newPassword: 'Long-enough-1' })).statusCode,
    ).toBe(403);

    const adder = await createStaff(t, a, only({ staff: 'a', users: 'vae' }));
    expect((await add(adder.token, body)).statusCode).toBe(201);
    expect((await list(adder.token)).statusCode).toBe(403);
    const editor = await createStaff(t, a, only({ staff: 'e', users: 'vae' }));
    expect((await edit(editor.token, { staffId: target.staffId, staffName: 'Edited' })).statusCode).toBe(200);
    expect((await remove(editor.token, target.staffId)).statusCode).toBe(403);
    const deleter = await createStaff(t, a, only({ staff: 'd', users: 'vae' }));
    expect((await edit(deleter.token, { staffId: target.staffId, staffName: 'Y' })).statusCode).toBe(403);
    expect((await remove(deleter.token, target.staffId)).statusCode).toBe(200);
  });

  it('keeps organisations apart', async () => {
    const rec = await addMember({ staffName: 'Org A only' });
    expect((await list(b.ownerToken, '?q=Org%20A%20only&includeInactive=true')).json().total).toBe(0);
    expect((await edit(b.ownerToken, { staffId: rec.staffId, status: 'inactive' })).statusCode).toBe(404);
    expect((await remove(b.ownerToken, rec.staffId)).statusCode).toBe(404);
    expect(
      (await reset(b.ownerToken, { staffId: rec.staffId, newPassword: 'Long-enough-1' })).statusCode,
    ).toBe(404);
    expect((await list(a.ownerToken, '?q=Org%20A%20only')).json().items[0].status).toBe('active');
  });

  it('documents its routes in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/staff/getActiveStaffByClient',
        '/api/staff/addStaff',
        '/api/staff/editStaff',
        '/api/staff/deleteStaff/{id}',
        '/api/staff/resetStaffPassword',
      ]),
    );
  });
});

describe('staff bodies (property)', () => {
  const reasons = new Set<string>(errorReasons);
  let target: number;
  beforeAll(async () => {
    target = (await addMember({ staffName: 'Fuzz target' })).staffId;
  });
  /** Mostly a valid value, sometimes any JSON, sometimes left out. */
  const mostly = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(
      { arbitrary: valid, weight: 16 },
      { arbitrary: fc.jsonValue(), weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    );
  const nearlyValid = () =>
    fc.record({
      staffId: mostly(fc.oneof(fc.constant(target), fc.integer({ min: 1, max: 2_000 }))),
      staffName: mostly(fc.string({ minLength: 1, maxLength: 130 })),
      email: mostly(
        fc.oneof(
          { arbitrary: fc.uuid().map((u) => `${u}@fuzz.test`), weight: 4 },
          { arbitrary: fc.emailAddress(), weight: 1 },
        ),
      ),
      mobile: mostly(
        fc.oneof(
          { arbitrary: fc.constant(null), weight: 2 },
          { arbitrary: fc.stringMatching(/^\+?[0-9]{6,20}$/), weight: 2 },
          { arbitrary: fc.string(), weight: 1 },
        ),
      ),
      roleId: mostly(fc.constantFrom(clerkRoleId, bRoleId, a.ownerRoleId, 999_999)),
      branchIds: mostly(
        fc.oneof(fc.constant(null), fc.array(fc.constantFrom(...a.branchIds, ...b.branchIds, 999_999))),
      ),
      status: mostly(fc.constantFrom('active', 'inactive')),
      password: mostly(fc.string({ minLength: 8, maxLength: 20 })),
      newPassword: mostly(fc.string({ minLength: 6, maxLength: 20 })),
    });
  const routes = [
    { method: 'POST', url: '/api/staff/addStaff' },
    { method: 'PUT', url: '/api/staff/editStaff' },
    { method: 'PUT', url: '/api/staff/resetStaffPassword' },
  ] as const;
  const send = (route: (typeof routes)[number], body: unknown) =>
    call(t, a.ownerToken, {
      ...route,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('answers arbitrary JSON with a 4xx and a reason, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.jsonValue(), async (route, body) => {
        const res = await send(route, body);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(reasons.has(res.json().reason)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('answers nearly valid bodies with success or a 4xx with a reason, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), nearlyValid(), async (route, body) => {
        const res = await send(route, body);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(reasons.has(res.json().reason)).toBe(true);
        else expect(res.body).not.toMatch(/argon|passwordHash/);
      }),
      { numRuns: 50 },
    );
  });
});

describe('granting (issue 20: nobody grants or reaches beyond their own rights)', () => {
  it('refuses a role to widen itself or another role past its author', async () => {
    const roleAdmin = await createStaff(t, a, only({ staffRoles: 'vaed' }));
    const ownRoleId = roleAdmin.roleId;
    const widen = await call(t, roleAdmin.token, {
      method: 'PUT',
      url: `/api/staffRole/updateStaffRole?staffRoleId=${ownRoleId}`,
      payload: { name: 'Mine', permissions: only({ staffRoles: 'vaed', bankAccounts: 'v' }) },
    });
    expect(widen.statusCode).toBe(403);
    const wider = await call(t, roleAdmin.token, {
      method: 'POST',
      url: '/api/staffRole/createStaffRole',
      payload: { name: 'Banker', permissions: only({ bankAccounts: 'v' }) },
    });
    expect(wider.statusCode).toBe(403);
    expect(wider.json().message).toBe('You may grant only permissions you hold yourself.');
    const within = await call(t, roleAdmin.token, {
      method: 'POST',
      url: '/api/staffRole/createStaffRole',
      payload: { name: 'Role viewer', permissions: only({ staffRoles: 'v' }) },
    });
    expect(within.statusCode).toBe(201);
    // The bank accounts stay out of reach.
    const banks = await call(t, roleAdmin.token, { method: 'GET', url: '/api/bankAccount/getBankAccounts' });
    expect(banks.statusCode).toBe(403);
  });

  it('refuses a one-branch staff editor resetting the password of an all-branch member', async () => {
    const target = await addMember();
    const limited = await createStaff(t, a, only({ staff: 'vae', users: 'vae' }), {
      branchIds: [a.branchIds[0]!],
    });
    const res = await reset(limited.token, { staffId: target.staffId, newPassword: 'Long-enough-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/may do or reach more than you/);
    const sameReach = await addMember({ branchIds: [a.branchIds[0]] });
    expect(
      (await reset(limited.token, { staffId: sameReach.staffId, newPassword: 'Long-enough-1' })).statusCode,
    ).toBe(200);
  });

  it('refuses giving a role with more permissions than the giver holds', async () => {
    const target = await addMember();
    const manager = await call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/staffRole/createStaffRole',
      payload: { name: 'Manager role', permissions: only({ users: 'vaed', bankAccounts: 'vaed' }) },
    });
    const staffEditor = await createStaff(t, a, only({ staff: 'vae', users: 'vae' }));
    const res = await edit(staffEditor.token, { staffId: target.staffId, roleId: manager.json().id });
    expect(res.statusCode).toBe(403);
    const added = await add(staffEditor.token, {
      staffName: 'Manager',
      email: uniqueEmail(),
      roleId: manager.json().id,
      branchIds: null,
      password: testPassword,
    });
    expect(added.statusCode).toBe(403);
  });
});

describe('staff export', () => {
  const exportStaff = (token: string, qs = '', lang?: string) =>
    call(t, token, {
      method: 'GET',
      url: `/api/staff/exportStaff${qs}`,
      headers: lang ? { 'accept-language': lang } : {},
    });

  it('writes name, email, mobile, role and branches by name, active yes/no; never a secret', async () => {
    const [first, second] = a.branchIds as [number, number];
    const branchName = async (id: number) =>
      (await call(t, a.ownerToken, { method: 'GET', url: `/api/branch/getBranch?branchId=${id}` })).json()
        .name as string;
    await addMember({ staffName: 'Csv Both', mobile: '98450 11111', branchIds: [second, first] });
    const gone = await addMember({ staffName: 'Csv Gone' });
    expect((await remove(a.ownerToken, gone.staffId)).statusCode).toBe(200);

    const res = await exportStaff(a.ownerToken, '?q=csv&includeInactive=true&sort=staffName');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="staff-\d{4}-\d{2}-\d{2}\.csv"/);
    const { header, rows } = csvOf(res);
    expect(header).toEqual(['Name', 'Email', 'Mobile', 'Role', 'Branches', 'Active']);
    expect(rows).toEqual([
      {
        Name: 'Csv Both',
        Email: expect.stringMatching(/@staff\.test$/),
        Mobile: '98450 11111',
        Role: 'Clerk',
        Branches: `${await branchName(first)}; ${await branchName(second)}`,
        Active: 'yes',
      },
      expect.objectContaining({ Name: 'Csv Gone', Branches: 'All branches', Active: 'no' }),
    ]);
    // The list's own filter: inactive staff only when asked for.
    expect(csvOf(await exportStaff(a.ownerToken, '?q=csv')).rows.map((r) => r.Name)).toEqual(['Csv Both']);
    expect(res.body).not.toMatch(/argon2|password|\$2[aby]\$/i);

    const de = csvOf(await exportStaff(a.ownerToken, '?q=csv&includeInactive=true&sort=staffName', 'de'));
    expect(de.header).toEqual(['Name', 'E-Mail', 'Mobilnummer', 'Rolle', 'Filialen', 'Aktiv']);
    expect(
      de.rows.map((r) => [r.Filialen === 'Alle Filialen' || r.Filialen!.includes(';'), r.Aktiv]),
    ).toEqual([
      [true, 'ja'],
      [true, 'nein'],
    ]);
  });

  it('needs the staff view permission and keeps organisations apart', async () => {
    const nobody = await createStaff(t, a, only({ users: 'vaed' }));
    const refused = await exportStaff(nobody.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('FORBIDDEN');
    expect((await exportStaff('')).statusCode).toBe(401);
    const viewer = await createStaff(t, a, only({ staff: 'v' }));
    expect((await exportStaff(viewer.token)).statusCode).toBe(200);
    const bRows = csvOf(await exportStaff(b.ownerToken, '?includeInactive=true')).rows;
    expect(bRows.map((r) => r.Name)).not.toContain('Csv Both');
  });
});
