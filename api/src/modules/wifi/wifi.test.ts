import { createSocket, type Socket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users, wifiDisconnects, wifiSessions } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  type TestApp,
  type TestOrg,
} from '../../test/harness.ts';
import {
  attributeText,
  attributeTypes,
  decodePacket,
  encodeResponse,
  integerAttribute,
  radiusCodes,
  requestAuthenticatorValid,
} from './radiusPacket.ts';
import { enqueueDueDisconnects, maxAttempts, sendDueDisconnects } from './outbox.ts';

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let branch: number;
let fastPackage: number;
let router: { id: number; address: string; secret: string };

const addDays = (iso: string, n: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const today = () => new Date().toISOString().slice(0, 10);
let mobileCounter = 9100000000;

async function ok<T = Record<string, unknown>>(
  res: Awaited<ReturnType<typeof call>>,
  status = 200,
): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function makePackage(org: TestOrg, over: Record<string, unknown> = {}) {
  const res = await call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/package/createPackage',
    payload: { packageName: `P ${Math.random()}`, downloadSpeed: 10, uploadSpeed: 2.5, ...over },
  });
  return (await ok<{ id: number }>(res, 201)).id;
}

async function makeMember(over: Record<string, unknown> = {}, org = a, branchId = branch) {
  const res = await call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/user/createUser',
    branchId,
    payload: {
      name: 'Wifi Member',
      mobile: String(++mobileCounter),
      validFrom: today(),
      validTill: addDays(today(), 30),
      packageId: fastPackage,
      ...over,
    },
  });
  const m = await ok<{ userId: number; mobile: string }>(res, 201);
  const [row] = await t.db.select({ pin: users.wifiPin }).from(users).where(eq(users.id, m.userId));
  return { id: m.userId, mobile: m.mobile, pin: row!.pin };
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A body as rlm_rest's JSON encoder writes it. */
const radiusJson = (attrs: Record<string, string | number>) =>
  Object.fromEntries(
    Object.entries(attrs).map(([k, v]) => [
      k,
      { type: typeof v === 'number' ? 'integer' : 'string', value: [v] },
    ]),
  );

const radius = (
  path: string,
  attrs: Record<string, string | number>,
  auth = basic(router.address, router.secret),
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/radius/${path}`,
    headers: { authorization: auth },
    payload: radiusJson(attrs),
  });

beforeAll(async () => {
  t = await startTestApp();
  a = await createOrg(t, { branchCount: 2 });
  b = await createOrg(t, { branchCount: 1 });
  branch = a.branchIds[0]!;
  fastPackage = await makePackage(a, { sessionTime: 120, totalData: 10, devicesPerMember: 2 });
  const res = await call(t, a.ownerToken, {
    method: 'POST',
    url: '/api/wifiRouter/createWifiRouter',
    branchId: branch,
    payload: { name: 'Front desk', address: '127.0.0.1' },
  });
  router = await ok(res, 201);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('Routers (NAS) per branch', () => {
  it('makes a 32-character secret and shows it only to those who may edit routers', async () => {
    expect(router.secret).toMatch(/^[\w-]{32}$/);
    const viewer = await createStaff(t, a, only({ wifiRouters: 'v' }));
    const list = await ok<{ items: { secret: string }[] }>(
      await call(t, viewer.token, { method: 'GET', url: '/api/wifiRouter/getWifiRouters', branchId: branch }),
    );
    expect(list.items.map((r) => r.secret)).toEqual(['••••••••']);
    const nobody = await createStaff(t, a, only({ users: 'v' }));
    const refused = await call(t, nobody.token, {
      method: 'GET',
      url: '/api/wifiRouter/getWifiRouters',
      branchId: branch,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps routers to their branch and organisation', async () => {
    const other = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/wifiRouter/getWifiRouters',
      branchId: a.branchIds[1],
    });
    expect((await ok<{ items: unknown[] }>(other)).items).toEqual([]);
    const foreign = await call(t, b.ownerToken, {
      method: 'GET',
      url: `/api/wifiRouter/getWifiRouter?wifiRouterId=${router.id}`,
      branchId: b.branchIds[0],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a bad address and a short secret at their fields', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'POST',
      url: '/api/wifiRouter/createWifiRouter',
      branchId: branch,
      payload: { name: 'Bad', address: '300.1.1.1', secret: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.address', 'body.secret']));
  });
});

describe('RADIUS authorize', () => {
  it('serves only a registered address with its secret', async () => {
    const m = await makeMember();
    expect(
      (await radius('authorize', { 'User-Name': m.mobile }, basic('127.0.0.1', 'wrong-secret-1234')))
        .statusCode,
    ).toBe(403);
    expect(
      (await radius('authorize', { 'User-Name': m.mobile }, basic('10.9.9.9', router.secret))).statusCode,
    ).toBe(403);
    const none = await t.app.inject({ method: 'POST', url: '/api/radius/authorize', payload: {} });
    expect(none.statusCode).toBe(403);
  });

  it('accepts an active member with the PIN for pap and the package attributes', async () => {
    const m = await makeMember();
    const res = await radius('authorize', { 'User-Name': m.mobile, 'User-Password': m.pin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['control:Cleartext-Password']).toBe(m.pin);
    expect(body['reply:Mikrotik-Rate-Limit']).toBe('2500k/10000k');
    expect(body['reply:WISPr-Bandwidth-Max-Up']).toBe('2500000');
    expect(body['reply:WISPr-Bandwidth-Max-Down']).toBe('10000000');
    expect(body['reply:Session-Timeout']).toBe('7200');
    expect(body['reply:Mikrotik-Total-Limit']).toBe(String(1e10 % 2 ** 32));
    expect(body['reply:Mikrotik-Total-Limit-Gigawords']).toBe('2');
    expect(body['control:Simultaneous-Use']).toBe('2');
    expect(m.pin).toMatch(/^\d{6}$/);
  });

  it('ends Session-Timeout with the last valid day', async () => {
    const m = await makeMember({ validTill: today() });
    const body = (await radius('authorize', { 'User-Name': m.mobile })).json();
    const endOfDay = Date.parse(`${addDays(today(), 1)}T00:00:00Z`);
    const left = Math.floor((endOfDay - Date.now()) / 1000);
    expect(Number(body['reply:Session-Timeout'])).toBeLessThanOrEqual(Math.min(7200, left + 1));
    if (left < 7200) expect(Number(body['reply:Session-Timeout'])).toBeGreaterThan(left - 60);
  });

  it('rejects expired, deactivated, package-less, other-branch and unknown members with a message', async () => {
    const expired = await makeMember({ validFrom: addDays(today(), -40), validTill: addDays(today(), -1) });
    const gone = await makeMember();
    await ok(
      await call(t, a.ownerToken, {
        method: 'PUT',
        url: `/api/user/deactivateUser?userId=${gone.id}`,
        branchId: branch,
      }),
    );
    const bare = await makeMember({ packageId: null });
    const elsewhere = await makeMember({}, a, a.branchIds[1]);
    const cases: [string, string][] = [
      [expired.mobile, 'Your membership has expired.'],
      [gone.mobile, 'Your membership is not active.'],
      [bare.mobile, 'No WiFi package on your membership.'],
      [elsewhere.mobile, 'Unknown user or wrong PIN.'],
      ['0000000', 'Unknown user or wrong PIN.'],
    ];
    for (const [mobile, message] of cases) {
      const res = await radius('authorize', { 'User-Name': mobile });
      expect(res.statusCode, mobile).toBe(401);
      expect(res.json()).toEqual({ 'reply:Reply-Message': message });
    }
  });

  it('refuses outside the member window only when the organisation asks for it', async () => {
    // Test branches are in UTC: a one-hour window starting two hours from now excludes now.
    const hhmm = (hoursFromNow: number) => {
      const d = new Date(Date.now() + hoursFromNow * 3_600_000);
      return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    };
    // A window that crosses midnight (the suite run at 23:00 or just after) ends the next day.
    const window = (from: number, to: number) => ({
      entryTime: hhmm(from),
      exitTime: hhmm(to),
      nextDayExit: hhmm(to) <= hhmm(from),
    });
    const outside = await makeMember(window(2, 3));
    const inside = await makeMember(window(-1, 0.25));
    expect((await radius('authorize', { 'User-Name': outside.mobile })).statusCode).toBe(200);
    await t.db.execute(sql`update clients set wifi_within_window = true where id = ${a.clientId}`);
    try {
      const refused = await radius('authorize', { 'User-Name': outside.mobile });
      expect(refused.json()).toEqual({
        'reply:Reply-Message': 'WiFi is available during your entry and exit times only.',
      });
      // Inside the window the session ends with it (about 15 minutes from now, never more).
      const accepted = await radius('authorize', { 'User-Name': inside.mobile });
      expect(accepted.statusCode).toBe(200);
      const timeout = Number(accepted.json()['reply:Session-Timeout']);
      expect(timeout).toBeGreaterThan(13 * 60);
      expect(timeout).toBeLessThanOrEqual(15 * 60);
    } finally {
      await t.db.execute(sql`update clients set wifi_within_window = false where id = ${a.clientId}`);
    }
  });

  it('checks the PIN on the authenticate endpoint', async () => {
    const m = await makeMember();
    expect((await radius('authenticate', { 'User-Name': m.mobile, 'User-Password': m.pin })).statusCode).toBe(
      200,
    );
    const wrong = await radius('authenticate', { 'User-Name': m.mobile, 'User-Password': '000000x' });
    expect(wrong.statusCode).toBe(401);
  });

  it('resets the PIN from the profile and audits it', async () => {
    const m = await makeMember();
    const res = await call(t, a.ownerToken, {
      method: 'POST',
      url: `/api/wifi/resetPin?userId=${m.id}`,
      branchId: branch,
    });
    const after = await ok<{ pin: string; username: string }>(res);
    expect(after.username).toBe(m.mobile);
    expect(after.pin).toMatch(/^\d{6}$/);
    const viewer = await createStaff(t, a, only({ users: 'v' }));
    const refused = await call(t, viewer.token, {
      method: 'POST',
      url: `/api/wifi/resetPin?userId=${m.id}`,
      branchId: branch,
    });
    expect(refused.statusCode).toBe(403);
    const foreign = await call(t, b.ownerToken, {
      method: 'POST',
      url: `/api/wifi/resetPin?userId=${m.id}`,
      branchId: b.branchIds[0],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('Accounting and usage', () => {
  it('stores start, interim and stop with gigawords, and counts usage in the validity period', async () => {
    const m = await makeMember();
    const base = { 'User-Name': m.mobile, 'Acct-Session-Id': 's-1', 'Framed-IP-Address': '10.0.0.5' };
    expect((await radius('accounting', { ...base, 'Acct-Status-Type': 'Start' })).statusCode).toBe(204);
    await radius('accounting', {
      ...base,
      'Acct-Status-Type': 'Interim-Update',
      'Acct-Input-Octets': 1000,
      'Acct-Output-Octets': 5,
      'Acct-Output-Gigawords': 1,
      'Acct-Session-Time': 60,
    });
    let usage = await ok<{ usage: { usedBytes: number; onlineSessions: number; capBytes: number } }>(
      await call(t, a.ownerToken, {
        method: 'GET',
        url: `/api/wifi/getMemberWifi?userId=${m.id}`,
        branchId: branch,
      }),
    );
    expect(usage.usage).toMatchObject({ usedBytes: 1005 + 2 ** 32, onlineSessions: 1, capBytes: 1e10 });
    // An interim arriving late with smaller counters never lowers them.
    await radius('accounting', { ...base, 'Acct-Status-Type': 'Interim-Update', 'Acct-Input-Octets': 10 });
    await radius('accounting', {
      ...base,
      'Acct-Status-Type': 'Stop',
      'Acct-Input-Octets': 2000,
      'Acct-Output-Octets': 5,
      'Acct-Output-Gigawords': 1,
      'Acct-Terminate-Cause': 'User-Request',
    });
    usage = await ok(
      await call(t, a.ownerToken, {
        method: 'GET',
        url: `/api/wifi/getMemberWifi?userId=${m.id}`,
        branchId: branch,
      }),
    );
    expect(usage.usage).toMatchObject({ usedBytes: 2005 + 2 ** 32, onlineSessions: 0 });
    const [row] = await t.db.select().from(wifiSessions).where(eq(wifiSessions.userId, m.id));
    expect(row).toMatchObject({ terminateCause: 'User-Request', framedIp: '10.0.0.5' });
    expect(row!.stoppedAt).not.toBeNull();
  });

  it('refuses a member whose cap is used up at the next authorize and queues a disconnect', async () => {
    const small = await makePackage(a, { totalData: 0.001 }); // 1 MB
    const m = await makeMember({ packageId: small });
    expect((await radius('authorize', { 'User-Name': m.mobile })).json()['reply:Mikrotik-Total-Limit']).toBe(
      '1000000',
    );
    await radius('accounting', {
      'User-Name': m.mobile,
      'Acct-Session-Id': 'cap-1',
      'Acct-Status-Type': 'Interim-Update',
      'Acct-Output-Octets': 1_000_000,
    });
    const res = await radius('authorize', { 'User-Name': m.mobile });
    expect(res.statusCode).toBe(401);
    expect(res.json()['reply:Reply-Message']).toMatch(/used all the data/);
    const queued = await t.db
      .select()
      .from(wifiDisconnects)
      .where(sql`session_id in (select id from wifi_sessions where user_id = ${m.id})`);
    expect(queued.map((d) => [d.reason, d.status])).toEqual([['dataUsedUp', 'pending']]);
  });

  it('refuses a device past devices per member while sessions are live', async () => {
    const one = await makePackage(a, { devicesPerMember: 1 });
    const m = await makeMember({ packageId: one });
    expect((await radius('authorize', { 'User-Name': m.mobile })).statusCode).toBe(200);
    await radius('accounting', {
      'User-Name': m.mobile,
      'Acct-Session-Id': 'dev-1',
      'Acct-Status-Type': 'Start',
    });
    const second = await radius('authorize', { 'User-Name': m.mobile });
    expect(second.json()).toEqual({ 'reply:Reply-Message': 'Too many devices are signed in already.' });
    await radius('accounting', {
      'User-Name': m.mobile,
      'Acct-Session-Id': 'dev-1',
      'Acct-Status-Type': 'Stop',
    });
    expect((await radius('authorize', { 'User-Name': m.mobile })).statusCode).toBe(200);
  });

  it('sums usage per package for the branch', async () => {
    const res = await call(t, a.ownerToken, {
      method: 'GET',
      url: '/api/wifi/getPackageUsage',
      branchId: branch,
    });
    const body = await ok<{
      items: { packageId: number; members: number; usedBytes: number; membersAtCap: number }[];
    }>(res);
    const fast = body.items.find((i) => i.packageId === fastPackage)!;
    expect(fast.members).toBeGreaterThan(3);
    expect(fast.usedBytes).toBe(2005 + 2 ** 32);
    expect(body.items.some((i) => i.membersAtCap === 1)).toBe(true);
  });
});

describe('Disconnect outbox (RFC 5176)', () => {
  let fakeRouter: Socket;
  let port: number;
  let answer: 'ack' | 'nak' | 'silent' = 'ack';
  const received: Buffer[] = [];

  beforeAll(async () => {
    fakeRouter = createSocket('udp4');
    fakeRouter.on('message', (msg, rinfo) => {
      received.push(msg);
      if (answer === 'silent') return;
      const request = decodePacket(msg);
      const code = answer === 'ack' ? radiusCodes.disconnectAck : radiusCodes.disconnectNak;
      const attrs = answer === 'nak' ? [integerAttribute(attributeTypes.errorCause, 503)] : [];
      fakeRouter.send(encodeResponse(code, request, attrs, router.secret), rinfo.port, rinfo.address);
    });
    await new Promise<void>((resolve) => fakeRouter.bind(0, '127.0.0.1', resolve));
    port = fakeRouter.address().port;
    await t.db.execute(sql`update wifi_routers set coa_port = ${port} where id = ${router.id}`);
    // Earlier tests' queued requests are not this suite's business.
    await t.db.execute(sql`update wifi_disconnects set status = 'failed' where status = 'pending'`);
  });
  afterAll(() => fakeRouter.close());

  async function openSession(id: string) {
    const m = await makeMember();
    await radius('accounting', {
      'User-Name': m.mobile,
      'Acct-Session-Id': id,
      'Acct-Status-Type': 'Start',
      'Framed-IP-Address': '10.0.0.7',
    });
    return m;
  }

  it('disconnects an expired member, records the ACK and closes the session', async () => {
    const m = await openSession('exp-1');
    await t.db
      .update(users)
      .set({ validTill: addDays(today(), -1), validFrom: addDays(today(), -10) })
      .where(eq(users.id, m.id));
    expect(await enqueueDueDisconnects(t.db)).toBe(1);
    expect(await enqueueDueDisconnects(t.db)).toBe(0);
    answer = 'ack';
    expect(await sendDueDisconnects(t.db)).toBe(1);
    const packet = received.at(-1)!;
    expect(packet[0]).toBe(radiusCodes.disconnectRequest);
    expect(requestAuthenticatorValid(packet, router.secret)).toBe(true);
    expect(attributeText(decodePacket(packet), attributeTypes.userName)).toBe(m.mobile);
    expect(attributeText(decodePacket(packet), attributeTypes.acctSessionId)).toBe('exp-1');
    const sessions = await ok<{ items: { disconnect: { status: string; reason: string } }[] }>(
      await call(t, a.ownerToken, {
        method: 'GET',
        url: `/api/wifiSession/getWifiSessions?online=false&userId=${m.id}`,
        branchId: branch,
      }),
    );
    expect(sessions.items[0]!.disconnect).toMatchObject({ status: 'acked', reason: 'expired' });
    const [s] = await t.db.select().from(wifiSessions).where(eq(wifiSessions.userId, m.id));
    expect(s!.terminateCause).toBe('Admin-Reset');
  });

  it('disconnects on deactivation and keeps a NAK with its Error-Cause', async () => {
    const m = await openSession('deact-1');
    await ok(
      await call(t, a.ownerToken, {
        method: 'PUT',
        url: `/api/user/deactivateUser?userId=${m.id}`,
        branchId: branch,
      }),
    );
    answer = 'nak';
    await enqueueDueDisconnects(t.db);
    await sendDueDisconnects(t.db);
    const [d] = await t.db
      .select()
      .from(wifiDisconnects)
      .where(sql`session_id in (select id from wifi_sessions where user_id = ${m.id})`);
    expect(d).toMatchObject({ reason: 'deactivated', status: 'nacked', errorCause: 503, attempts: 1 });
  });

  it('retries a router that does not answer, backing off, and gives up after the last attempt', async () => {
    const m = await openSession('silent-1');
    const sent = await call(t, a.ownerToken, {
      method: 'GET',
      url: `/api/wifiSession/getWifiSessions?userId=${m.id}`,
      branchId: branch,
    });
    const sessionId = (await ok<{ items: { id: number }[] }>(sent)).items[0]!.id;
    answer = 'silent';
    const fast = async () => ({ status: 'noAnswer' as const, error: 'No answer' });
    await t.db
      .insert(wifiDisconnects)
      .values({ clientId: a.clientId, branchId: branch, routerId: router.id, sessionId, reason: 'staff' });
    await sendDueDisconnects(t.db, fast);
    let [d] = await t.db.select().from(wifiDisconnects).where(eq(wifiDisconnects.sessionId, sessionId));
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'No answer' });
    expect(Date.parse(d!.nextAttemptAt) - Date.now()).toBeGreaterThan(5_000);
    for (let i = 1; i < maxAttempts; i++) {
      await t.db.execute(sql`update wifi_disconnects set next_attempt_at = now() where id = ${d!.id}`);
      await sendDueDisconnects(t.db, fast);
    }
    [d] = await t.db.select().from(wifiDisconnects).where(eq(wifiDisconnects.sessionId, sessionId));
    expect(d).toMatchObject({ status: 'failed', attempts: maxAttempts });
  });

  it('lets staff disconnect a live session from the list, with permission and branch', async () => {
    const m = await openSession('staff-1');
    const list = await ok<{ items: { id: number; memberName: string; routerName: string }[] }>(
      await call(t, a.ownerToken, {
        method: 'GET',
        url: `/api/wifiSession/getWifiSessions?q=${m.mobile}`,
        branchId: branch,
      }),
    );
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.routerName).toBe('Front desk');
    const id = list.items[0]!.id;
    const viewer = await createStaff(t, a, only({ wifiSessions: 'v' }));
    expect(
      (
        await call(t, viewer.token, {
          method: 'POST',
          url: `/api/wifiSession/disconnect?sessionId=${id}`,
          branchId: branch,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, b.ownerToken, {
          method: 'POST',
          url: `/api/wifiSession/disconnect?sessionId=${id}`,
          branchId: b.branchIds[0],
        })
      ).statusCode,
    ).toBe(404);
    answer = 'ack';
    const res = await call(t, a.ownerToken, {
      method: 'POST',
      url: `/api/wifiSession/disconnect?sessionId=${id}`,
      branchId: branch,
    });
    const session = await ok<{ stoppedAt: string | null; disconnect: { status: string; reason: string } }>(
      res,
      202,
    );
    expect(session.disconnect).toMatchObject({ status: 'acked', reason: 'staff' });
    expect(session.stoppedAt).not.toBeNull();
    const again = await call(t, a.ownerToken, {
      method: 'POST',
      url: `/api/wifiSession/disconnect?sessionId=${id}`,
      branchId: branch,
    });
    expect(again.statusCode).toBe(409);
  });
});
