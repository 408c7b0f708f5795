import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, branches } from '../../db/schema.ts';
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
let structure: number;
let bStructure: number;

type Enquiry = { id: number; name: string; status: string; convertedUserId: number | null };
type Res = Awaited<ReturnType<typeof call>>;

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const localToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const zone = 'Asia/Kolkata';

const create = (token: string, branchId: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: '/api/enquiry/createEnquiry', payload, branchId });
const update = (token: string, branchId: number, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'PUT', url: `/api/enquiry/updateEnquiry?enquiryId=${id}`, payload, branchId });
const get = (token: string, branchId: number, id: number) =>
  call(t, token, { method: 'GET', url: `/api/enquiry/getEnquiry?enquiryId=${id}`, branchId });
const remove = (token: string, branchId: number, id: number) =>
  call(t, token, { method: 'DELETE', url: `/api/enquiry/deleteEnquiry?enquiryId=${id}`, branchId });
const list = (token: string, branchId: number, qs = '') =>
  call(t, token, { method: 'GET', url: `/api/enquiry/getEnquiries${qs}`, branchId });
const convert = (token: string, branchId: number, id: number, payload: Record<string, unknown>) =>
  call(t, token, { method: 'POST', url: `/api/enquiry/convertEnquiry?enquiryId=${id}`, payload, branchId });
const names = (res: Res) => (res.json().items as Enquiry[]).map((e) => e.name).sort();

async function made(payload: Record<string, unknown>, branchId = home): Promise<Enquiry> {
  const res = await create(a.ownerToken, branchId, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let mobile = 8100000000;
const memberBody = (over: Record<string, unknown> = {}) => ({
  name: 'Converted',
  mobile: String(++mobile),
  validFrom: localToday(zone),
  validTill: addDays(localToday(zone), 30),
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  [home, other] = a.branchIds as [number, number];
  await t.db.update(branches).set({ timezone: zone }).where(eq(branches.clientId, a.clientId));
  const post = async (org: TestOrg, url: string, payload: Record<string, unknown>) => {
    const res = await call(t, org.ownerToken, { method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const ft = await post(a, '/api/feeType/createFeeType', { name: 'Monthly' });
  const bft = await post(b, '/api/feeType/createFeeType', { name: 'Monthly' });
  structure = await post(a, '/api/feeStructure/createFeeStructure', {
    name: 'Day',
    lines: [{ feeTypeId: ft, amount: 1000 }],
    durationDays: 30,
  });
  bStructure = await post(b, '/api/feeStructure/createFeeStructure', {
    name: 'Day',
    lines: [{ feeTypeId: bft, amount: 1000 }],
    durationDays: 30,
  });
});
afterAll(() => t.close());

describe('enquiries', () => {
  it('creates with defaults, updates, deletes, with audit rows', async () => {
    const e = await made({ name: 'Walk In', mobile: '81000 00001', feeStructureId: structure });
    expect(e).toMatchObject({
      name: 'Walk In',
      mobile: '8100000001',
      email: null,
      source: 'walkIn',
      status: 'new',
      feeStructureId: structure,
      followUpDate: null,
      convertedUserId: null,
      branchId: home,
    });
    const updated = await update(a.ownerToken, home, e.id, {
      name: 'Walk In',
      mobile: '8100000001',
      source: 'phone',
      status: 'contacted',
      email: 'walk@example.com',
    });
    expect(updated.json()).toMatchObject({ source: 'phone', status: 'contacted', email: 'walk@example.com' });
    expect((await remove(a.ownerToken, home, e.id)).statusCode).toBe(204);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'enquiry'), eq(auditLog.entityId, String(e.id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('validates fields, the fee structure’s organisation and refuses setting converted by hand', async () => {
    const res = await create(a.ownerToken, home, {
      name: '',
      mobile: 'x',
      email: 'bad',
      source: 'tv',
      followUpDate: '2025-13-01',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.email', 'body.followUpDate', 'body.mobile', 'body.name', 'body.source']);
    const foreign = await create(a.ownerToken, home, {
      name: 'X',
      mobile: '8100000002',
      feeStructureId: bStructure,
    });
    expect(foreign.json().details).toEqual([
      { path: 'body.feeStructureId', message: 'Choose a fee structure', code: 'CHOOSE_FEE_STRUCTURE' },
    ]);
    const byHand = await create(a.ownerToken, home, { name: 'X', mobile: '8100000002', status: 'converted' });
    expect(byHand.statusCode).toBe(400);
  });

  it('filters by status and follow-up today / overdue in the branch’s time zone', async () => {
    const today = localToday(zone);
    await made({ name: 'Due Today', mobile: '8100000010', followUpDate: today, status: 'followUp' });
    await made({
      name: 'Overdue',
      mobile: '8100000011',
      followUpDate: addDays(today, -2),
      status: 'contacted',
    });
    await made({
      name: 'Lost Overdue',
      mobile: '8100000012',
      followUpDate: addDays(today, -2),
      status: 'lost',
    });
    await made({ name: 'Later', mobile: '8100000013', followUpDate: addDays(today, 3) });
    expect(names(await list(a.ownerToken, home, '?followUp=today'))).toEqual(['Due Today']);
    expect(names(await list(a.ownerToken, home, '?followUp=overdue'))).toEqual(['Overdue']);
    expect(names(await list(a.ownerToken, home, '?status=lost'))).toEqual(['Lost Overdue']);
    expect(names(await list(a.ownerToken, home, '?q=OVERDUE'))).toEqual(['Lost Overdue', 'Overdue']);
  });

  it('converts into a member, linking both ways, then is read-only', async () => {
    const e = await made({ name: 'Sneha Kulkarni', mobile: '8100000020', source: 'website' });
    const bad = await convert(
      a.ownerToken,
      home,
      e.id,
      memberBody({ validFrom: '2030-02-02', validTill: '2030-02-01' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['body.validTill']);
    expect((await get(a.ownerToken, home, e.id)).json().status).toBe('new');
    const res = await convert(
      a.ownerToken,
      home,
      e.id,
      memberBody({ name: 'Sneha Kulkarni', mobile: '8100000020' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { enquiry, user } = res.json();
    expect(enquiry).toMatchObject({ status: 'converted', convertedUserId: user.userId });
    expect(user).toMatchObject({ name: 'Sneha Kulkarni', enquiryId: e.id, status: true, branchId: home });
    const member = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/user/getUser?userId=${user.userId}`,
      branchId: home,
    });
    expect(member.json().enquiryId).toBe(e.id);
    const again = await convert(a.ownerToken, home, e.id, memberBody());
    expect(again.statusCode).toBe(409);
    const edit = await update(a.ownerToken, home, e.id, { name: 'Changed', mobile: '8100000020' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This enquiry was converted to a member and is read-only.');
    expect((await remove(a.ownerToken, home, e.id)).statusCode).toBe(409);
    expect((await get(a.ownerToken, home, e.id)).json().name).toBe('Sneha Kulkarni');
  });

  it('applies member rules on conversion: the mobile must be free in the organisation', async () => {
    const e = await made({ name: 'Dup', mobile: '8100000030' });
    const res = await convert(a.ownerToken, home, e.id, memberBody({ mobile: '8100000020' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mobile 8100000020 is already used by Sneha Kulkarni.');
    expect((await get(a.ownerToken, home, e.id)).json()).toMatchObject({
      status: 'new',
      convertedUserId: null,
    });
  });

  it('needs enquiries edit and users add to convert; each action its permission', async () => {
    const e = await made({ name: 'Perm', mobile: '8100000040' });
    const enquiryEditor = await createStaff(t, a, only({ enquiries: 've' }));
    const viewer = await createStaff(t, a, only({ enquiries: 'v' }));
    const both = await createStaff(t, a, only({ enquiries: 've', users: 'a' }));
    expect((await convert(enquiryEditor.token, home, e.id, memberBody())).statusCode).toBe(403);
    expect((await convert(viewer.token, home, e.id, memberBody())).statusCode).toBe(403);
    expect((await list(viewer.token, home)).statusCode).toBe(200);
    expect((await create(viewer.token, home, { name: 'N', mobile: '8100000041' })).statusCode).toBe(403);
    expect((await update(viewer.token, home, e.id, { name: 'N', mobile: '8100000041' })).statusCode).toBe(
      403,
    );
    expect((await remove(enquiryEditor.token, home, e.id)).statusCode).toBe(403);
    const nobody = await createStaff(t, a, only({ users: 'va' }));
    expect((await list(nobody.token, home)).statusCode).toBe(403);
    expect((await convert(both.token, home, e.id, memberBody())).statusCode).toBe(201);
  });

  it('keeps branches and organisations apart', async () => {
    const e = await made({ name: 'Home Enquiry', mobile: '8100000050' });
    expect((await get(a.ownerToken, other, e.id)).statusCode).toBe(404);
    expect(names(await list(a.ownerToken, other))).not.toContain('Home Enquiry');
    const bBranch = b.branchIds[0]!;
    expect((await get(b.ownerToken, bBranch, e.id)).statusCode).toBe(404);
    expect((await update(b.ownerToken, bBranch, e.id, { name: 'X', mobile: '8100000051' })).statusCode).toBe(
      404,
    );
    expect((await remove(b.ownerToken, bBranch, e.id)).statusCode).toBe(404);
    expect((await convert(b.ownerToken, bBranch, e.id, memberBody())).statusCode).toBe(404);
    const exported = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/enquiry/exportEnquiries?q=home',
      branchId: home,
    });
    expect(csvOf(exported).rows).toHaveLength(1);
  });

  it('exports names for ids, words for source and status, and dates in the branch zone, in en and de', async () => {
    const e = await made({
      name: 'Csv Enquirer',
      mobile: '8100000070',
      source: 'referral',
      feeStructureId: structure,
      followUpDate: '2026-12-03',
    });
    const member = await convert(a.ownerToken, home, e.id, memberBody({ name: 'Csv Convert' }));
    expect(member.statusCode).toBe(201);
    const exported = (lang: string) =>
      call(t, a.ownerToken, {
        method: 'GET',
        url: '/api/enquiry/exportEnquiries?q=csv%20enquirer',
        branchId: home,
        headers: { 'accept-language': lang },
      });
    const en = csvOf(await exported('en-GB'));
    expect(en.header).toEqual([
      'Received on',
      'Name',
      'Mobile',
      'Email',
      'Source',
      'Interested in',
      'Follow-up',
      'Status',
      'Notes',
      'Member',
    ]);
    expect(en.rows).toEqual([
      expect.objectContaining({
        'Received on': localToday(zone),
        Source: 'Referral',
        'Interested in': 'Day',
        'Follow-up': '2026-12-03',
        Status: 'Converted',
        Member: 'Csv Convert',
      }),
    ]);
    const de = csvOf(await exported('de'));
    expect(de.header[0]).toBe('Eingegangen am');
    expect(de.rows[0]).toMatchObject({
      Quelle: 'Empfehlung',
      Status: 'Umgewandelt',
      Mitglied: 'Csv Convert',
    });
  });
});
