import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { gstinCheckCharacter, gstinProblem } from '@app/contract/gst';
import { auditLog } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';

// GST settings (issue 44, point 1): the GSTIN and its check character, a branch's settings, and the
// SAC and rate of fee types.

describe('GSTIN check character (as GSTN computes it)', () => {
  // GSTN's worked example (BSNL, Puducherry: 34AABCB5576G1Z gives Q) and GSTINs printed on invoices.
  it.each(['34AABCB5576G1ZQ', '27AAPFU0939F1ZV', '29AAGCB7383J1Z4'])('accepts %s', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeNull();
  });

  it.each([
    ['34AABCB5576G1ZT', 'GSTIN_CHECK_CHARACTER'], // a wrong check character
    ['27AAPFU0939F1ZW', 'GSTIN_CHECK_CHARACTER'],
    ['72AAPFU0939F1ZV', 'GSTIN_CHECK_CHARACTER'], // two digits swapped
    ['27AAPFU9039F1ZV', 'GSTIN_CHECK_CHARACTER'],
    ['27AAPFU0939F1YV', 'GSTIN_FORM'], // the 14th character is not Z
    ['27AAPFU0939F0ZV', 'GSTIN_FORM'], // entity number 0
    ['27AAPFU0939F1Z', 'GSTIN_FORM'], // 14 characters
    ['2AAAPFU0939F1ZV', 'GSTIN_FORM'],
  ])('refuses %s (%s)', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });
});

describe('branch GST settings and fee types', () => {
  let t: TestApp;
  let org: TestOrg;
  let branchId: number;
  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrg(t, { branchCount: 2 });
    branchId = org.branchIds[0]!;
  });
  afterAll(() => t.close());

  const put = (body: object, token = org.ownerToken, id = branchId) =>
    call(t, token, { method: 'PUT', url: `/api/branch/updateGst?branchId=${id}`, payload: body });
  const get = (id = branchId) =>
    call(t, org.ownerToken, { method: 'GET', url: `/api/branch/getGst?branchId=${id}` });

  it('starts off: never switched on, unregistered', async () => {
    const res = await get();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ branchId, onSince: null, registered: false, gstin: null });
  });

  it('refuses a GSTIN with a wrong check character as a field error in the house shape', async () => {
    const res = await put({
      registered: true,
      gstin: '27AAPFU0939F1ZW',
      legalName: 'Reading Room LLP',
      stateCode: '27',
      scheme: 'regular',
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'FIELDS_INVALID' });
    expect(body.details).toEqual([
      expect.objectContaining({ path: 'body.gstin', code: 'GSTIN_CHECK_CHARACTER' }),
    ]);
    expect((await get()).json().onSince).toBeNull();
  });

  it('refuses a registered branch without GSTIN or legal name, and a GSTIN of another state', async () => {
    const none = await put({ registered: true, gstin: null, legalName: '', stateCode: '27' });
    expect(none.statusCode).toBe(400);
    expect(
      none
        .json()
        .details.map((d: { code: string }) => d.code)
        .sort(),
    ).toEqual(['GSTIN_REQUIRED', 'LEGAL_NAME_REQUIRED']);
    const other = await put({ registered: true, gstin: '27AAPFU0939F1ZV', legalName: 'X', stateCode: '29' });
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0]).toMatchObject({ path: 'body.gstin', code: 'GSTIN_OTHER_STATE' });
  });

  it('saves the settings (lower case GSTIN made upper), audits the change and shares a GSTIN between branches', async () => {
    const body = {
      registered: true,
      gstin: '27aapfu0939f1zv',
      legalName: 'Reading Room LLP',
      stateCode: '27',
      scheme: 'regular',
    };
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ registered: true, gstin: '27AAPFU0939F1ZV', stateCode: '27' });
    const onSince = res.json().onSince;
    expect(onSince).not.toBeNull();
    // The second branch of the same state shares the GSTIN.
    const second = await put(body, org.ownerToken, org.branchIds[1]!);
    expect(second.statusCode, second.body).toBe(200);
    // A later change keeps the first day GST was on and is audited with before and after.
    const later = await put({ ...body, scheme: 'composition' });
    expect(later.json()).toMatchObject({ scheme: 'composition', onSince });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.clientId, org.clientId), eq(auditLog.entity, 'branchGst')));
    expect(audits.filter((a) => a.entityId === String(branchId))).toHaveLength(2);
    const last = audits.filter((a) => a.entityId === String(branchId)).at(-1)!;
    expect(last.before).toMatchObject({ scheme: 'regular' });
    expect(last.after).toMatchObject({ scheme: 'composition' });
  });

  it('takes settings edit: a viewer of branches may read, not change', async () => {
    const viewer = await createStaff(t, org, only({ branches: 'v' }));
    const res = await put({ registered: false, gstin: null, legalName: '', stateCode: '27' }, viewer.token);
    expect(res.statusCode).toBe(403);
    const read = await call(t, viewer.token, {
      method: 'GET',
      url: `/api/branch/getGst?branchId=${branchId}`,
    });
    expect(read.statusCode).toBe(200);
  });

  it("does not show or change another organisation's branch", async () => {
    const other = await createOrg(t, { branchCount: 1 });
    const res = await put(
      { registered: false, gstin: null, legalName: '', stateCode: '27' },
      other.ownerToken,
    );
    expect(res.statusCode).toBe(404);
  });

  it('fee types carry a SAC and a GST rate, 18 % unless said, and refuse other rates', async () => {
    const post = (payload: object) =>
      call(t, org.ownerToken, { method: 'POST', url: '/api/feeType/createFeeType', payload, branchId });
    const plain = await post({ name: 'Seat' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ sac: '', gstRate: 18 });
    const set = await post({ name: 'Locker', sac: '997212', gstRate: 12 });
    expect(set.json()).toMatchObject({ sac: '997212', gstRate: 12 });
    const bad = await post({ name: 'Odd', sac: '99A', gstRate: 15 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.gstRate', 'body.sac']);
    const updated = await call(t, org.ownerToken, {
      method: 'PUT',
      url: `/api/feeType/updateFeeType?feeTypeId=${plain.json().id}`,
      payload: { name: 'Seat', sac: '999799', gstRate: 5 },
      branchId,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ sac: '999799', gstRate: 5 });
  });
});
