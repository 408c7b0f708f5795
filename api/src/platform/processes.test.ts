// Several processes (issue 20, point 4): two API servers on one database, the same clients calling
// either one. What one process knows only in memory must not make the other wrong: sign-in limits,
// sessions and their expiry, the member expiry sweep and list totals, receipt numbers, idempotency.
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed.ts';
import { freshDatabase } from '../test/harness.ts';
import { signIn, startServer, waitForUrl, withClient, type ServerProcess } from '../test/server.ts';
import { newTally, paymentBody, runWrites, type Target } from '../test/writeLoad.ts';
import { checkWrites } from '../test/writeChecks.ts';
import { signInLimits } from '../modules/authentication/rateLimit.ts';

const secret = 'two-processes-secret-two-processes-secret-0123';
let dbUrl: string;
let drop: () => Promise<void>;
const servers: ServerProcess[] = [];
let urls: [string, string];
const dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'));

beforeAll(async () => {
  const fresh = await freshDatabase();
  await seedDemo(fresh.database.db);
  dbUrl = fresh.url;
  drop = fresh.drop;
  const env = { PORT: '0', DATA_DIR: dataDir, DATABASE_URL: dbUrl, JWT_SECRET: secret };
  servers.push(startServer(env), startServer(env));
  urls = (await Promise.all(servers.map(waitForUrl))) as [string, string];
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const get = (url: string, path: string, token: string, branchId?: number) =>
  fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${token}`, ...(branchId ? { branchid: String(branchId) } : {}) },
  });

/** An HS256 token as the servers sign them, with the claims given (e.g. an `exp` in the past). */
function jwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('two API processes on one database', () => {
  it('hold the per-account sign-in limit together: 5 wrong guesses in all, then even the right one waits', async () => {
    const email = 'reception@library.test';
    const guesses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        post(urls[i % 2]!, '/api/authentication/login', { email, password: `wrong-${i}` }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    const refused = statuses.filter((s) => s === 429).length;
    console.log(
      `sign-in limit across 2 processes: 16 concurrent wrong guesses, ${checked} checked, ${refused} refused (429), limit ${signInLimits.perAccount}`,
    );
    expect(checked).toBe(signInLimits.perAccount);
    expect(refused).toBe(16 - signInLimits.perAccount);
    for (const url of urls) {
      const right = await post(url, '/api/authentication/login', { email, password: 'Demo@12345' });
      expect(right.status).toBe(429);
    }
  });

  it('share sessions: a token from one works on the other until logout or expiry, refused by both after', async () => {
    const session = (await (
      await post(urls[0], '/api/authentication/login', {
        email: 'manager@library.test',
        password: 'Demo@12345',
      })
    ).json()) as {
      accessToken: string;
      refreshToken: string;
      userId: number;
      clientDetails: { clientId: number };
    };
    const token = session.accessToken;
    expect((await get(urls[1], '/api/branch/getBranches', token)).status).toBe(200);

    // Expiry: the same claims with `exp` passed, or without `exp`, are refused by both.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const expired = jwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 });
    const { exp: _exp, ...withoutExp } = claims;
    for (const url of urls) {
      expect((await get(url, '/api/branch/getBranches', jwt(claims))).status).toBe(200);
      expect((await get(url, '/api/branch/getBranches', expired)).status).toBe(401);
      expect((await get(url, '/api/branch/getBranches', jwt(withoutExp))).status).toBe(401);
    }

    // Rotation on one, reuse of the old refresh token on the other: the family ends on both.
    const rotated = (await (
      await post(urls[0], '/api/authentication/refreshToken', { refreshToken: session.refreshToken })
    ).json()) as { accessToken: string; refreshToken: string };
    expect((await get(urls[1], '/api/branch/getBranches', rotated.accessToken)).status).toBe(200);
    const reuse = await post(urls[1], '/api/authentication/refreshToken', {
      refreshToken: session.refreshToken,
    });
    expect(reuse.status).toBe(401);
    for (const url of urls)
      expect((await get(url, '/api/branch/getBranches', rotated.accessToken)).status).toBe(401);

    // Logout on one ends the access token on the other at once.
    const again = (await (
      await post(urls[1], '/api/authentication/login', {
        email: 'manager@library.test',
        password: 'Demo@12345',
      })
    ).json()) as { accessToken: string; refreshToken: string };
    expect((await get(urls[0], '/api/branch/getBranches', again.accessToken)).status).toBe(200);
    expect(
      (await post(urls[1], '/api/authentication/logout', { refreshToken: again.refreshToken })).status,
    ).toBe(200);
    expect((await get(urls[0], '/api/branch/getBranches', again.accessToken)).status).toBe(401);
  });

  it('agree on members: a write on one is counted by the other, and the expiry sweep runs once', async () => {
    const session = await signIn(urls[0]);
    const branchId = session.branches[0]!.id;
    const token = session.accessToken;
    const total = async (url: string, q = '') => {
      const res = await get(url, `/api/user/getUsers?pageSize=5${q}`, token, branchId);
      const body = (await res.json()) as { total: number };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.total;
    };
    // Both processes have swept and counted this branch (their per-process memories are filled).
    const before = await Promise.all(urls.map((u) => total(u)));
    expect(before[0]).toBe(before[1]);

    const created = await post(
      urls[0],
      '/api/user/createUser',
      { name: 'Seen by both', mobile: '+4915199990002', validFrom: '2026-01-01', validTill: '2099-12-31' },
      { authorization: `Bearer ${token}`, branchid: String(branchId) },
    );
    expect(created.status).toBe(201);
    // Totals under the cap are counted on every call: the other process sees the new member at once.
    expect(await total(urls[1], '&q=Seen%20by%20both')).toBe(1);
    expect(await total(urls[1])).toBe(before[1]! + 1);

    // The member's validity runs out (stands in for the branch's date turning: set in the database).
    const stale = ((await created.json()) as { userId: number }).userId;
    await withClient(dbUrl, (c) =>
      c.query(`update users set valid_till = current_date - 2 where id = $1`, [stale]),
    );

    // The hourly expiry job of both processes at once (a sweep per process): one switch, one audit row.
    const sweep = (await import('../modules/users/members.ts')).expireMembers;
    const { openDatabase } = await import('../db/client.ts');
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: dbUrl }),
      openDatabase({ databaseUrl: dbUrl }),
    ]);
    await Promise.all([sweep(a.db), sweep(b.db)]);
    await Promise.all([a.close(), b.close()]);
    await withClient(dbUrl, async (c) => {
      const user = (await c.query(`select status, inactive_reason from users where id = $1`, [stale]))
        .rows[0];
      expect(user).toEqual({ status: false, inactive_reason: 'expired' });
      const audits = await c.query(
        `select 1 from audit_log where entity = 'user' and entity_id = $1 and action = 'expire'`,
        [String(stale)],
      );
      expect(audits.rowCount).toBe(1);
    });
  });

  it('number receipts from one gapless series when payments arrive at both', async () => {
    const sessions = await Promise.all(urls.map((u) => signIn(u)));
    const branchId = sessions[0]!.branches[0]!.id;
    const options = (await (
      await get(urls[0], '/api/payment/getPaymentOptions', sessions[0]!.accessToken, branchId)
    ).json()) as { feeStructures: { id: number }[] };
    const targets: Target[] = urls.map((url, i) => ({
      url,
      token: sessions[i]!.accessToken,
      branchId,
      feeStructureId: options.feeStructures[0]!.id,
    }));
    const tally = newTally();
    const started = performance.now();
    await Promise.all(
      targets.map((t) => runWrites(t, tally, { until: 240, callers: 6, run: 7000 + (process.pid % 1000) })),
    );
    const ms = performance.now() - started;

    // The same payment sent to both at once under one Idempotency-Key: recorded once, both answers name it.
    const key = randomUUID();
    const body = JSON.parse(paymentBody(tally.members[0]!.id, targets[0]!.feeStructureId)) as object;
    const twice = await Promise.all(
      targets.map((t) =>
        post(t.url, '/api/payment/createPayment', body, {
          authorization: `Bearer ${t.token}`,
          branchid: String(branchId),
          'idempotency-key': key,
        }),
      ),
    );
    const answers = (await Promise.all(twice.map((r) => r.json()))) as { receiptNumber: string }[];
    expect(twice.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.receiptNumber).toBe(answers[1]!.receiptNumber);
    tally.receipts.push(answers[0]!.receiptNumber);

    const figures = await withClient(dbUrl, (c) => checkWrites(c, tally));
    console.log(
      `receipt numbers across 2 processes: ${tally.attempted} writes (${tally.members.length} members, ` +
        `${tally.receipts.length - 1} payments) in ${ms.toFixed(0)} ms, ${tally.refused} refused, ${tally.failed} 5xx; ` +
        `series ${figures.series}, broken: ${figures.brokenSeries}, duplicates: ${figures.duplicateReceipts}, ` +
        `lost: ${figures.lost}, one Idempotency-Key sent to both: 1 payment`,
    );
    expect(tally.refused + tally.failed).toBe(0);
    expect(figures).toMatchObject({
      lost: 0,
      brokenSeries: 0,
      duplicateReceipts: 0,
      duesDisagree: 0,
      extraPayments: 0,
    });
  }, 120_000);
});
