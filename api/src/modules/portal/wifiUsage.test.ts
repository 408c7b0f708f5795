import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wifiSessions } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { addDays } from '../payments/quote.ts';

// The member page's WiFi usage (issue 45, point 6): the current package's bytes used in the
// validity period, its cap and the time left, from RADIUS accounting rows.
let t: TestApp;
let org: TestOrg;
let branchId: number;
let routerId: number;
let mobile = 8_300_000_000;
let address = 0;
const today = () => new Date().toISOString().slice(0, 10);
const day = 86_400;

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const router = await staff('POST', '/api/wifiRouter/createWifiRouter', {
    name: 'Hall',
    address: '127.0.0.9',
  });
  expect(router.statusCode, router.body).toBe(201);
  routerId = router.json().id;
}, 120_000);
afterAll(() => t?.close());

const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t, org.ownerToken, { method, url, branchId, ...(payload && { payload }) });

async function makePackage(totalData?: number) {
  const res = await staff('POST', '/api/package/createPackage', {
    packageName: `P ${++mobile}`,
    downloadSpeed: 10,
    uploadSpeed: 2,
    ...(totalData !== undefined && { totalData }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function member(packageId: number | null, validFrom = addDays(today(), -10)) {
  const res = await staff('POST', '/api/user/createUser', {
    name: `Wifi ${++mobile}`,
    mobile: String(mobile),
    validFrom,
    validTill: addDays(today(), 20),
    ...(packageId !== null && { packageId }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const userId = res.json().userId as number;
  const link = await staff('POST', `/api/portal/createLink?userId=${userId}`);
  expect(link.statusCode, link.body).toBe(201);
  return { userId, mobile: String(mobile), token: (link.json().url as string).split('/m/')[1]! };
}

async function summary(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/portal/getSummary',
    remoteAddress: `10.9.0.${++address}`,
    headers: { 'member-token': token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let session = 0;
/** An accounting row as the RADIUS accounting route writes it, started `daysAgo` days back. */
const usage = (m: { userId: number; mobile: string }, daysAgo: number, input: number, output: number) =>
  t.db.insert(wifiSessions).values({
    clientId: org.clientId,
    branchId,
    routerId,
    userId: m.userId,
    acctSessionId: `s${++session}`,
    username: m.mobile,
    startedAt: new Date(Date.now() - daysAgo * day * 1000).toISOString(),
    inputBytes: input,
    outputBytes: output,
  });

describe("the member page's WiFi usage", () => {
  it('sums the sessions of the current period against the package cap, and the time left', async () => {
    const capped = await makePackage(10);
    const m = await member(capped);
    const neighbour = await member(capped);
    await usage(m, 2, 1_500_000_000, 250_000_000);
    await usage(m, 0.01, 6_000_000_000, 5_000_000_000); // 2^32 passed: gigawords counted
    await usage(m, 15, 9_000_000_000, 0); // before validFrom: another period
    await usage(neighbour, 1, 777, 0);
    const s = await summary(m.token);
    expect(s.wifi.username).toBe(m.mobile);
    expect(s.wifi.usage.usedBytes).toBe(12_750_000_000);
    expect(s.wifi.usage.allowedBytes).toBe(10_000_000_000);
    // To the end of validTill (20 days on) in the branch's time zone.
    expect(s.wifi.usage.secondsLeft).toBeGreaterThan(19 * day);
    expect(s.wifi.usage.secondsLeft).toBeLessThanOrEqual(21 * day);
    expect((await summary(neighbour.token)).wifi.usage.usedBytes).toBe(777);
  });

  it('answers no cap for an unlimited package and nothing before any session', async () => {
    const m = await member(await makePackage());
    expect((await summary(m.token)).wifi.usage).toEqual({
      usedBytes: 0,
      allowedBytes: null,
      secondsLeft: expect.any(Number),
    });
  });

  it('answers no WiFi for a member without a package', async () => {
    expect((await summary((await member(null)).token)).wifi).toBeNull();
  });
});
