// Entrance screens and check-in without a door device (issue 47), against the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createStaff, only, startTestApp, testConfig, type TestApp } from '../../test/harness.ts';
import { isoToday, moneyBranch, shiftDays, type MoneyBranch } from '../../test/money.ts';
import { expireMembers } from '../users/members.ts';
import { kioskCode, memberCode, slotOf } from './codes.ts';

let t: TestApp;
let m: MoneyBranch;
let address = 0;
const secret = testConfig().jwtSecret;
/** Each call from its own address unless one is given: the per-address allowances stay apart. */
const nextAddress = () => `10.47.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await startTestApp();
  m = await moneyBranch(t, { branchCount: 2 });
});
afterAll(async () => t?.close());

async function pairedKiosk(name = 'Entrance') {
  const made = await m.send('POST', '/api/kiosk/createPairingCode', { name });
  expect(made.statusCode, made.body).toBe(201);
  const { code } = made.json() as { code: string };
  expect(code).toMatch(/^\d{6}$/);
  const paired = await t.app.inject({
    method: 'POST',
    url: '/api/kiosk/pair',
    payload: { code },
    remoteAddress: nextAddress(),
  });
  expect(paired.statusCode, paired.body).toBe(201);
  const key = paired.json().kioskKey as string;
  const kioskId = Number(
    (await t.db.execute<{ id: number }>(sql`select max(id)::int as id from kiosks`)).rows[0]!.id,
  );
  return { code, key, kioskId };
}

const kiosk = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { 'kiosk-key': key },
    remoteAddress: nextAddress(),
    ...(payload && { payload }),
  });

async function memberWithLink(over: Record<string, unknown> = {}, branchId: number = m.branchId) {
  const res = await m.send(
    'POST',
    '/api/user/createUser',
    {
      name: 'Asha Rao',
      mobile: String(7_470_000_000 + ++address),
      validFrom: shiftDays(isoToday(), -5),
      validTill: shiftDays(isoToday(), 20),
      feeStructureId: m.structureId,
      ...over,
    },
    { branchId },
  );
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  const link = await m.send('POST', `/api/portal/createLink?userId=${userId}`, undefined, { branchId });
  expect(link.statusCode, link.body).toBe(201);
  const token = (link.json().url as string).split('/').pop()!;
  return { userId, token };
}

const checkIn = (token: string, code: string, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal/checkIn',
    headers: { 'member-token': token },
    payload: { code },
    remoteAddress,
  });

async function screenCode(key: string) {
  const res = await kiosk(key, 'GET', '/api/kiosk/getCode');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    url: string;
    qrDataUrl: string;
    expiresAt: string;
    branchName: string;
    insideNow: number;
  };
}
const codeOf = (url: string) => url.split('/').pop()!;
/** Moves a member's punches back, as if they came earlier (past the double-scan guard). */
const age = (userId: number, seconds = 120) =>
  t.db.execute(
    sql`update attendance_punches set punched_at = punched_at - make_interval(secs => ${seconds}) where user_id = ${userId}`,
  );

describe('pairing', () => {
  it('a six-digit code pairs one screen once; an expired code pairs none; a revoked key opens nothing', async () => {
    const { code, key, kioskId } = await pairedKiosk('Front entrance');
    const again = await t.app.inject({ method: 'POST', url: '/api/kiosk/pair', payload: { code } });
    expect(again.statusCode).toBe(404);

    const late = (await m.send('POST', '/api/kiosk/createPairingCode', { name: 'Late' })).json()
      .code as string;
    await t.db.execute(
      sql`update kiosk_pairing_codes set expires_at = now() - interval '1 second' where code = ${late}`,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/kiosk/pair', payload: { code: late } })).statusCode,
    ).toBe(404);
    const fresh = (await m.send('POST', '/api/kiosk/createPairingCode', {})).json();
    const minutes = (Date.parse(fresh.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);

    const { rows } = await t.db.execute<{ key_hash: string }>(
      sql`select key_hash from kiosks where id = ${kioskId}`,
    );
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.key_hash).not.toContain(key);

    const listed = (await m.send('GET', '/api/kiosk/getKiosks')).json().items as {
      id: number;
      name: string;
      lastContactAt: string;
    }[];
    expect(listed.find((k) => k.id === kioskId)).toMatchObject({ name: 'Front entrance' });
    expect((await screenCode(key)).branchName).toBeTruthy();

    const revoke = await call(t, m.org.ownerToken, {
      method: 'DELETE',
      url: `/api/kiosk/revokeKiosk?kioskId=${kioskId}`,
      branchId: m.branchId,
    });
    expect(revoke.statusCode, revoke.body).toBe(204);
    expect((await kiosk(key, 'GET', '/api/kiosk/getCode')).statusCode).toBe(401);
    expect(
      (await m.send('GET', '/api/kiosk/getKiosks')).json().items.map((k: { id: number }) => k.id),
    ).not.toContain(kioskId);
  });

  it('needs devices edit to make a code; an address guessing codes is stopped', async () => {
    const viewer = await createStaff(t, m.org, only({ devices: 'v' }));
    const refused = await m.send('POST', '/api/kiosk/createPairingCode', {}, { token: viewer.token });
    expect(refused.statusCode).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/kiosk/pair',
        payload: { code: String(100000 + i) },
        remoteAddress: '10.99.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('a kiosk key reads nothing else', async () => {
    const { key } = await pairedKiosk();
    const { token } = await memberWithLink();
    for (const [method, url] of [
      ['GET', '/api/user/getUsers'],
      ['GET', '/api/attendance/getVisits'],
      ['GET', '/api/attendance/exportVisits'],
      ['GET', '/api/device/getDevices'],
      ['GET', '/api/kiosk/getKiosks'],
      ['POST', '/api/kiosk/createPairingCode'],
      ['POST', '/api/kiosk/overrideCheckIn'],
      ['GET', '/api/dashboard/getDashboard'],
      ['GET', '/api/portal/getSummary'],
      ['GET', '/api/portal/getCheckInCode'],
      ['POST', '/api/portal/checkIn'],
      ['GET', '/api/payment/getPayments'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'kiosk-key': key, branchid: String(m.branchId) },
        payload:
          method === 'POST'
            ? { code: '123456', memberCode: 'LM1.1.1.x', userId: 1, reason: 'Let in' }
            : undefined,
      });
      expect([401, 404], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
    // Nor does a member's token make a screen.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/kiosk/getCode', headers: { 'member-token': token } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('checking in', () => {
  it("a phone scans the screen's code: in, then out, as attendance rows counted inside now", async () => {
    const { key, kioskId } = await pairedKiosk('Hall entrance');
    const { userId, token } = await memberWithLink({ name: 'Ravi Kumar' });
    const before = (await m.send('GET', '/api/attendance/getAttendanceSummary')).json().insideNow as number;
    const screen = await screenCode(key);
    expect(screen.url).toMatch(/\/m\/in\/\d+\.\d+\.[\w-]{22}$/);
    expect(screen.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Date.parse(screen.expiresAt) - Date.now()).toBeLessThanOrEqual(30_000);

    const first = await checkIn(token, codeOf(screen.url));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ result: 'in', reason: null, firstName: 'Ravi' });
    expect((await m.send('GET', '/api/attendance/getAttendanceSummary')).json().insideNow).toBe(before + 1);
    expect((await m.send('GET', '/api/dashboard/getDashboard')).json().insideNow).toBe(before + 1);
    expect((await screenCode(key)).insideNow).toBe(before + 1);

    // The same scan again at once is a double scan, not a check-out.
    const twice = await checkIn(token, codeOf((await screenCode(key)).url));
    expect(twice.json()).toMatchObject({ result: 'refused', reason: 'alreadyInside' });

    await age(userId);
    const out = await checkIn(token, codeOf((await screenCode(key)).url));
    expect(out.json()).toMatchObject({ result: 'out', firstName: 'Ravi' });
    expect((await m.send('GET', '/api/attendance/getAttendanceSummary')).json().insideNow).toBe(before);

    const visits = (await m.send('GET', `/api/attendance/getVisits?userId=${userId}`)).json().items;
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      source: 'screen',
      deviceId: null,
      deviceName: 'Hall entrance',
      inside: false,
    });
    expect(visits[0].outAt).not.toBeNull();
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from attendance_punches where user_id = ${userId} and kiosk_id = ${kioskId} and source = 'screen'`,
    );
    expect(rows[0]!.n).toBe(2);
    // The member page's 30 days show the day.
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/portal/getSummary',
      headers: { 'member-token': token },
      remoteAddress: nextAddress(),
    });
    expect(summary.json().attendance[0]).toMatchObject({ day: expect.any(String) });
    const csv = await m.send('GET', `/api/attendance/exportVisits?userId=${userId}`);
    expect(csv.body).toContain('Entrance screen');
  });

  it('refuses a code older than 60 seconds, a forged one, one of another organisation, and a replay', async () => {
    const { kioskId } = await pairedKiosk();
    const { userId, token } = await memberWithLink();
    const old = kioskCode(secret, kioskId, Date.now() - 61_000).code;
    expect((await checkIn(token, old)).json()).toMatchObject({ result: 'refused', reason: 'codeExpired' });
    const forged = kioskCode('another secret', kioskId).code;
    expect((await checkIn(token, forged)).json()).toMatchObject({ result: 'refused', reason: 'codeInvalid' });
    // The previous code (30 to 60 seconds old) is still good.
    const previous = kioskCode(secret, kioskId, (slotOf(Date.now()) - 1) * 30_000).code;
    expect((await checkIn(token, previous)).json()).toMatchObject({ result: 'in' });
    // Replayed at once: a double scan; later the same code checks out once, and never in again.
    expect((await checkIn(token, previous)).json()).toMatchObject({
      result: 'refused',
      reason: 'alreadyInside',
    });
    await age(userId);
    expect((await checkIn(token, previous)).json()).toMatchObject({ result: 'out' });
    await age(userId);
    expect((await checkIn(token, previous)).json()).toMatchObject({ result: 'refused', reason: 'codeUsed' });

    const otherOrg = await moneyBranch(t, { branchCount: 1 });
    const stranger = await otherOrg.send('POST', '/api/user/createUser', {
      name: 'Other Member',
      mobile: '7479999999',
      validFrom: shiftDays(isoToday(), -5),
      validTill: shiftDays(isoToday(), 20),
      feeStructureId: otherOrg.structureId,
    });
    const link = await otherOrg.send('POST', `/api/portal/createLink?userId=${stranger.json().userId}`);
    const strangerToken = (link.json().url as string).split('/').pop()!;
    expect((await checkIn(strangerToken, kioskCode(secret, kioskId).code)).json()).toMatchObject({
      result: 'refused',
      reason: 'codeInvalid',
    });
    // A wrong member token is a 404, as on the member page.
    expect((await checkIn('x'.repeat(32), kioskCode(secret, kioskId).code)).statusCode).toBe(404);
  });

  it("the screen scans a member's own rotating code: once, not after 60 s, not another's signature", async () => {
    const { key } = await pairedKiosk();
    const { userId, token } = await memberWithLink({ name: 'Meera Shah' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/portal/getCheckInCode',
      headers: { 'member-token': token },
      remoteAddress: nextAddress(),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const { memberCode: code, expiresAt } = mine.json();
    expect(code).toMatch(/^LM1\.\d+\.\d+\.[\w-]{22}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30_000);

    const scanned = await kiosk(key, 'POST', '/api/kiosk/scanMember', { memberCode: code });
    expect(scanned.json()).toMatchObject({ result: 'in', firstName: 'Meera' });
    await age(userId);
    expect((await kiosk(key, 'POST', '/api/kiosk/scanMember', { memberCode: code })).json()).toMatchObject({
      reason: 'codeUsed',
    });
    const [, linkId] = /^LM1\.(\d+)\./.exec(code)!;
    const { rows } = await t.db.execute<{ token_hash: string }>(
      sql`select token_hash from portal_links where id = ${Number(linkId)}`,
    );
    const stale = memberCode(
      secret,
      { id: Number(linkId), tokenHash: rows[0]!.token_hash },
      Date.now() - 61_000,
    );
    expect((await kiosk(key, 'POST', '/api/kiosk/scanMember', stale)).json()).toMatchObject({
      reason: 'codeExpired',
    });
    const otherLink = memberCode(secret, { id: Number(linkId), tokenHash: 'f'.repeat(64) });
    expect((await kiosk(key, 'POST', '/api/kiosk/scanMember', otherLink)).json()).toMatchObject({
      reason: 'codeInvalid',
    });
    // The previous slot's code is always under 60 s old; the current one if that was the first.
    const link = { id: Number(linkId), tokenHash: rows[0]!.token_hash };
    const previous = memberCode(secret, link, (slotOf(Date.now()) - 1) * 30_000);
    const fresh = previous.memberCode === code ? memberCode(secret, link) : previous;
    expect((await kiosk(key, 'POST', '/api/kiosk/scanMember', fresh)).json()).toMatchObject({
      result: 'out',
    });
  });

  it('refuses by the door’s rules with the reason, and staff override with a reason (audited)', async () => {
    const { kioskId } = await pairedKiosk();
    const code = () => kioskCode(secret, kioskId).code;

    const expired = await memberWithLink({
      validFrom: shiftDays(isoToday(), -40),
      validTill: shiftDays(isoToday(), -3),
    });
    await expireMembers(t.db);
    expect((await checkIn(expired.token, code())).json()).toMatchObject({
      result: 'refused',
      reason: 'validityEnded',
      validTill: shiftDays(isoToday(), -3),
    });

    const off = await memberWithLink();
    expect((await m.send('PUT', `/api/user/deactivateUser?userId=${off.userId}`)).statusCode).toBe(200);
    expect((await checkIn(off.token, code())).json()).toMatchObject({ reason: 'deactivated' });

    // A window twelve hours away from the branch's clock now.
    const { rows } = await t.db.execute<{ h: number }>(
      sql`select extract(hour from now() at time zone timezone)::int as h from branches where id = ${m.branchId}`,
    );
    const start = (rows[0]!.h + 12) % 24;
    const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00:00`;
    const shift = await memberWithLink({ entryTime: hh(start), exitTime: hh(start + 2) });
    expect((await checkIn(shift.token, code())).json()).toMatchObject({
      reason: 'outsideWindow',
      window: `${hh(start).slice(0, 5)}-${hh(start + 2).slice(0, 5)}`,
    });

    const owing = await memberWithLink();
    await t.db.execute(sql`update users set dues = 60000 where id = ${owing.userId}`);
    expect((await checkIn(owing.token, code())).json()).toMatchObject({ result: 'in' });
    await age(owing.userId);
    expect((await checkIn(owing.token, code())).json()).toMatchObject({ result: 'out' });
    await age(owing.userId);
    const rules = await m.send('PUT', '/api/kiosk/updateRules', { marginMinutes: 0, duesLimit: 50000 });
    expect(rules.statusCode, rules.body).toBe(200);
    expect((await checkIn(owing.token, code())).json()).toMatchObject({ result: 'refused', reason: 'dues' });
    await m.send('PUT', '/api/kiosk/updateRules', { marginMinutes: 0, duesLimit: null });

    const elsewhere = await memberWithLink({}, m.org.branchIds[1]);
    expect((await checkIn(elsewhere.token, code())).json()).toMatchObject({ reason: 'otherBranch' });

    // Staff let the expired member in, with a reason: a staff punch, flagged, audited.
    const override = await m.send('POST', '/api/kiosk/overrideCheckIn', {
      userId: expired.userId,
      reason: 'Paying at the desk now',
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json()).toMatchObject({ result: 'in' });
    const visits = (await m.send('GET', `/api/attendance/getVisits?userId=${expired.userId}`)).json().items;
    expect(visits[0]).toMatchObject({ source: 'staff', flags: ['blocked'], inside: true });
    const audit = await t.db.execute<{ after: { reason: string; refusals: string[] } }>(
      sql`select after from audit_log where entity = 'attendance' and action = 'override' order by id desc limit 1`,
    );
    expect(audit.rows[0]!.after).toMatchObject({
      reason: 'Paying at the desk now',
      refusals: ['validityEnded'],
    });
    const noReason = await m.send('POST', '/api/kiosk/overrideCheckIn', {
      userId: expired.userId,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const reader = await createStaff(t, m.org, only({ attendance: 'v' }));
    const notAllowed = await m.send(
      'POST',
      '/api/kiosk/overrideCheckIn',
      { userId: expired.userId, reason: 'Let in' },
      { token: reader.token },
    );
    expect(notAllowed.statusCode).toBe(403);
  });

  it('the screen hears each result of its code within a second (server-sent events)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { key, kioskId } = await pairedKiosk();
    const { token } = await memberWithLink({ name: 'Kiran Das' });
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/kiosk/events`, {
      headers: { 'kiosk-key': key },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.getReader();
    await reader.read(); // ': open'
    const started = Date.now();
    const res = await fetch(`${base}/api/portal/checkIn`, {
      method: 'POST',
      headers: { 'member-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ code: kioskCode(secret, kioskId).code }),
    });
    expect(res.status).toBe(200);
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    expect(Date.now() - started).toBeLessThan(1000);
    const event = JSON.parse(/data: (.*)/.exec(text)![1]!);
    expect(event).toMatchObject({ result: 'in', firstName: 'Kiran', insideNow: expect.any(Number) });
    expect(event).not.toHaveProperty('mobile');
    controller.abort();
  });
});
