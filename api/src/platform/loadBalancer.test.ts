// Behind a load balancer (issue 43, point 4; issue 45, point 7): whose address is the client's
// (TRUST_PROXY), and /api/ready beside /api/health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createOrg, freshDatabase, startTestApp, testConfig, type TestApp } from '../test/harness.ts';

const logLinesOf = (t: TestApp) => {
  const lines: string[] = [];
  const streamSym = Object.getOwnPropertySymbols(t.app.log).find((s) => String(s) === 'Symbol(pino.stream)')!;
  const stream = (t.app.log as unknown as Record<symbol, { write: (s: string) => void }>)[streamSym]!;
  stream.write = (line: string) => void lines.push(line);
  return lines;
};

/** A member with a page link in a new organisation of `t`; returns the link's token. */
async function memberLink(t: TestApp): Promise<string> {
  const org = await createOrg(t, { branchCount: 1 });
  const headers = { authorization: `Bearer ${org.ownerToken}`, branchid: String(org.branchIds[0]) };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/user/createUser',
    headers,
    payload: {
      name: 'Proxy Member',
      mobile: '9800000001',
      email: 'proxy.member@test.dev',
      validFrom: new Date().toISOString().slice(0, 10),
      validTill: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/portal/createLink?userId=${created.json().userId}`,
    headers,
  });
  expect(link.statusCode, link.body).toBe(201);
  return (link.json().url as string).split('/m/')[1]!;
}

const summary = (t: TestApp, token: string, peer: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/portal/getSummary',
    remoteAddress: peer,
    headers: { 'member-token': token, ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
  });

describe('behind a trusted proxy (TRUST_PROXY=10.0.0.1)', () => {
  let t: TestApp;
  let lines: string[];
  const proxy = '10.0.0.1';
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: [proxy], logLevel: 'info' });
    lines = logLinesOf(t);
  });
  afterAll(() => t?.close());

  it("logs the client's address the proxy forwarded", async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.url === '/api/health');
    expect(line).toMatchObject({ ip: '203.0.113.7', statusCode: 200 });
  });

  it("limits each client behind the proxy by its own address: 150 wrong tokens from one, another's right token answers", async () => {
    const token = await memberLink(t);
    const answers: number[] = [];
    for (let i = 0; i < 150; i++)
      answers.push((await summary(t, 'C'.repeat(32), proxy, '198.51.100.1')).statusCode);
    expect(answers.filter((s) => s === 404)).toHaveLength(60);
    expect(answers.slice(60).every((s) => s === 429)).toBe(true);
    // The same proxy, another client: answered.
    expect((await summary(t, token, proxy, '198.51.100.2')).statusCode).toBe(200);
    // The guesser is refused even with a right token.
    expect((await summary(t, token, proxy, '198.51.100.1')).statusCode).toBe(429);
  });

  it('believes no forwarded address from a caller that is not the proxy', async () => {
    const spoofer = '192.0.2.9';
    const answers: number[] = [];
    // A new made-up X-Forwarded-For each time: all counted against the caller's own address.
    for (let i = 0; i < 61; i++)
      answers.push((await summary(t, 'D'.repeat(32), spoofer, `198.51.100.${100 + i}`)).statusCode);
    expect(answers.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(answers[60]).toBe(429);
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    t = await startTestApp({ logLevel: 'info' });
    lines = logLinesOf(t);
  });
  afterAll(() => t?.close());

  it("the client is the connection's peer, whatever it forwards", async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.url === '/api/health');
    expect(line).toMatchObject({ ip: '10.0.0.1' });
  });

  it('answers /api/ready with the newest migration once the server is ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', migration: expect.stringMatching(/^\d{4}_/) });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('TRUST_PROXY as a hop count (2: a CDN in front of the balancer)', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: 2, logLevel: 'info' });
    lines = logLinesOf(t);
  });
  afterAll(() => t?.close());

  it('takes the address two hops back, not what the client wrote before it', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.0.0.1',
      // Written by: the client itself (made up), the CDN (the client), the balancer (the CDN).
      headers: { 'x-forwarded-for': '1.1.1.1, 203.0.113.7, 10.0.0.2' },
    });
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.url === '/api/health');
    expect(line).toMatchObject({ ip: '203.0.113.7' });
  });
});

describe('/api/ready on a database this build has not migrated yet', () => {
  it('answers 503 in the error shape with Retry-After, while /api/health says the process is alive', async () => {
    const { database, drop } = await freshDatabase({ migrate: false });
    const app = await buildApp(testConfig(), { ...database, close: async () => {} });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        statusCode: 503,
        reason: 'SERVICE_UNAVAILABLE',
        message: 'The server is busy; try again in a few seconds.',
        code: 'SERVER_BUSY',
      });
      expect(ready.headers['retry-after']).toBe('5');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      // Migrated, the same server is ready.
      await database.migrate();
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});
