import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { authMessages } from '@app/contract/auth';
import { hashPassword } from '../../platform/passwords.ts';
import { auditLog, branches, clients, mailOutbox, refreshTokens, staff } from '../../db/schema.ts';
import {
  call,
  createOrg,
  createStaff,
  only,
  startTestApp,
  testConfig,
  testPassword,
  type TestApp,
  type TestOrg,
  tokenFor,
} from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let ownerEmail: string;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t);
  const [row] = await t.db.select({ email: staff.email }).from(staff).where(eq(staff.id, org.ownerId));
  ownerEmail = row!.email;
  await t.db.update(staff).set({ mobile: '9811111111' }).where(eq(staff.id, org.ownerId));
});
afterAll(() => t.close());

let addressCounter = 0;
/** Each caller gets its own address so the per-address limit of one test does not leak into another. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const login = (email: string, password: string, remember = false, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    payload: { email, password, remember },
    remoteAddress,
  });

describe('sign-in', () => {
  it('answers the session the client stores, by email (any case) or mobile', async () => {
    const res = await login(ownerEmail.toUpperCase(), testPassword);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      userId: org.ownerId,
      staffDetails: { staffId: org.ownerId },
      clientDetails: { clientId: org.clientId },
      paymentDisabled: false,
    });
    expect(body.branches.map((b: { id: number }) => b.id).sort()).toEqual([...org.branchIds].sort());
    expect(body.permissions.every((p: { view: boolean }) => p.view)).toBe(true);
    expect(typeof body.accessToken).toBe('string');
    expect((await login('9811111111', testPassword)).statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown account the same 401, taking about as long', async () => {
    const wrong = await login(ownerEmail, 'nope-nope');
    const unknown = await login('nobody@nowhere.test', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().reason).toBe('INVALID_CREDENTIALS');
    const time = async (email: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await login(email, 'still-wrong');
        samples.push(performance.now() - started);
      }
      return samples.sort((a, b) => a - b)[1]!;
    };
    const known = await time(ownerEmail);
    const missing = await time(`missing-${Date.now()}@nowhere.test`);
    // Without the dummy verification the unknown account answers in a few ms instead of an argon2 round.
    expect(missing).toBeGreaterThan(known * 0.3);
  });

  it('limits 5 failures per account within 15 minutes with 429 and Retry-After', async () => {
    const victim = await createOrg(t);
    const [row] = await t.db.select({ email: staff.email }).from(staff).where(eq(staff.id, victim.ownerId));
    for (let i = 0; i < 5; i++) expect((await login(row!.email, 'bad-password')).statusCode).toBe(401);
    const blocked = await login(row!.email, testPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().reason).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('limits failures on 20 different accounts from one address', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 20; i++)
      expect((await login(`ghost${i}@nowhere.test`, 'x', false, address)).statusCode).toBe(401);
    expect((await login(ownerEmail, testPassword, false, address)).statusCode).toBe(429);
    expect((await login(ownerEmail, testPassword, false, freshAddress())).statusCode).toBe(200);
  });

  it("lets a front desk's staff sign in while one of them mistypes (one public address)", async () => {
    const desk = '198.51.100.9';
    const clumsy = await createOrg(t);
    const [c] = await t.db.select({ email: staff.email }).from(staff).where(eq(staff.id, clumsy.ownerId));
    for (let i = 0; i < 25; i++) await login(c!.email, `typo-${i}`, false, desk);
    // The clumsy account is locked (5 per account), the desk is not.
    expect((await login(c!.email, testPassword, false, desk)).statusCode).toBe(429);
    expect((await login(ownerEmail, testPassword, false, desk)).statusCode).toBe(200);
  });

  it('takes the count atomically: 40 concurrent guesses check at most 5 passwords, and a right one among them cannot slip through', async () => {
    const target = await createOrg(t);
    const [row] = await t.db.select({ email: staff.email }).from(staff).where(eq(staff.id, target.ownerId));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(row!.email, i === 39 ? testPassword : `guess-${i}`, false, freshAddress()),
      ),
    );
    const checked = answers.filter((a) => a.statusCode !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - checked.length);
    // Whatever the order, the limit held: after five wrong guesses even the right password waits.
    if (!checked.some((a) => a.statusCode === 200)) {
      expect((await login(row!.email, testPassword, false, freshAddress())).statusCode).toBe(429);
    }
  });

  it('refuses inactive staff', async () => {
    const other = await createOrg(t);
    const [row] = await t.db
      .update(staff)
      .set({ status: 'inactive' })
      .where(eq(staff.id, other.ownerId))
      .returning();
    const res = await login(row!.email, testPassword);
    expect(res.statusCode).toBe(403);
  });

  it('writes sign-in and failed sign-in to the audit log', async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.staffId, org.ownerId));
    const actions = new Set(rows.map((r) => r.action));
    expect(actions.has('signIn')).toBe(true);
    expect(actions.has('signInFailed')).toBe(true);
  });
});

describe('access tokens', () => {
  const list = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/branch/getBranches', headers });

  it('refuses missing, malformed, tampered and expired tokens with TOKEN_INVALID_OR_EXPIRED', async () => {
    const expired = t.app.jwt.sign({ sub: String(org.ownerId), cid: org.clientId }, {
      expiresIn: 60,
      clockTimestamp: Date.now() - 3_600_000,
    } as never);
    const [h, p, s] = org.ownerToken.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: String(org.ownerId), cid: org.clientId + 1 })).toString('base64url')}.${s}`;
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${forged}` },
      { authorization: `Bearer ${expired}` },
      { token: `${h}.${p}.AAAA` },
    ];
    for (const headers of cases) {
      const res = await list(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().reason).toBe('TOKEN_INVALID_OR_EXPIRED');
    }
    expect((await list({ authorization: `Bearer ${org.ownerToken}` })).statusCode).toBe(200);
  });

  it('refuses a token once its time is up, though it was answered (and remembered) before', async () => {
    const token = await tokenFor(t, org.ownerId, org.clientId);
    expect((await list({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (testConfig().accessTokenTtlSeconds + 1) * 1000);
      const late = await list({ authorization: `Bearer ${token}` });
      expect(late.statusCode).toBe(401);
      expect(late.json().reason).toBe('TOKEN_INVALID_OR_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops working at once when the staff member is deactivated', async () => {
    const other = await createOrg(t);
    const ok = await list({ authorization: `Bearer ${other.ownerToken}` });
    expect(ok.statusCode).toBe(200);
    await t.db.update(staff).set({ status: 'inactive' }).where(eq(staff.id, other.ownerId));
    expect((await list({ authorization: `Bearer ${other.ownerToken}` })).json().reason).toBe(
      'TOKEN_INVALID_OR_EXPIRED',
    );
  });
});

describe('refresh tokens', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/authentication/refreshToken', payload: { refreshToken } });

  it('rotates on every use and the new access token works', async () => {
    const first = (await login(ownerEmail, testPassword)).json();
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(first.refreshToken);
    const use = await call(t, next.accessToken, { method: 'GET', url: '/api/branch/getBranches' });
    expect(use.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const first = (await login(ownerEmail, testPassword)).json();
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().reason).toBe('TOKEN_INVALID_OR_EXPIRED');
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('lives 7 days with remember and 12 hours without', async () => {
    const expiry = async (remember: boolean) => {
      await login(ownerEmail, testPassword, remember);
      const [row] = await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.staffId, org.ownerId))
        .orderBy(desc(refreshTokens.id))
        .limit(1);
      return (Date.parse(row!.expiresAt) - Date.now()) / 3_600_000;
    };
    expect(await expiry(true)).toBeCloseTo(168, 0);
    expect(await expiry(false)).toBeCloseTo(12, 0);
  });

  it('stops when the token expired or was logged out', async () => {
    const s = (await login(ownerEmail, testPassword)).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      payload: { refreshToken: s.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    const s2 = (await login(ownerEmail, testPassword)).json();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(refreshTokens.staffId, org.ownerId));
    expect((await refresh(s2.refreshToken)).statusCode).toBe(401);
  });
});

describe('change password', () => {
  let who: TestOrg;
  let email: string;
  beforeAll(async () => {
    who = await createOrg(t);
    email = (await t.db.select({ email: staff.email }).from(staff).where(eq(staff.id, who.ownerId)))[0]!
      .email;
  });
  const change = (token: string, body: Record<string, unknown>) =>
    call(t, token, { method: 'PUT', url: '/api/authentication/changeStaffPassword', payload: body });

  it('enforces the rules with readable messages', async () => {
    const base = {
      userId: who.ownerId,
      oldPassword: testPassword,
      newPassword: 'BrandNew#1',
      confirmPassword: 'BrandNew#1',
    };
    expect((await change(who.ownerToken, { ...base, userId: org.ownerId })).statusCode).toBe(403);
    const missing = await change(who.ownerToken, { ...base, confirmPassword: '' });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: authMessages.allFieldsRequired });
    const mismatch = await change(who.ownerToken, { ...base, confirmPassword: 'Different#1' });
    expect(mismatch.json().message).toBe(authMessages.passwordsDoNotMatch);
    const wrongOld = await change(who.ownerToken, { ...base, oldPassword: 'not-it-at-all' });
    expect(wrongOld.json().message).toBe('The old password is not correct.');
    const short = await change(who.ownerToken, { ...base, newPassword: 'short', confirmPassword: 'short' });
    expect(short.json().message).toMatch(/at least 8/);
    const same = await change(who.ownerToken, {
      ...base,
      newPassword: testPassword,
      confirmPassword: testPassword,
    });
    expect(same.json().message).toMatch(/different/);
  });

  it('changes it, answers a message string and revokes the other sessions only', async () => {
    const here = (await login(email, testPassword)).json();
    const elsewhere = (await login(email, testPassword)).json();
    const res = await change(here.accessToken, {
      userId: who.ownerId,
      oldPassword: testPassword,
      newPassword: 'BrandNew#1',
      confirmPassword: 'BrandNew#1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(authMessages.passwordChanged);
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authentication/refreshToken',
        payload: { refreshToken: token },
      });
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect((await login(email, 'BrandNew#1')).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, who.ownerId), eq(auditLog.action, 'passwordChange')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain('BrandNew');
  });
});

describe('register, forgot and reset password, verify password', () => {
  const register = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/authentication/register', payload: body });

  it('registers an organisation with its Owner role, owner and branch Main', async () => {
    const res = await register({
      username: 'Asha',
      email: 'asha@new.test',
      password: 'Secret#123',
      passwordConfirm: 'Secret#123',
      organisationName: 'Asha Reading Room',
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.clientDetails.name).toBe('Asha Reading Room');
    expect(s.branches.map((b: { name: string }) => b.name)).toEqual(['Main']);
    expect(s.staffDetails.staffName).toBe('Asha');
    // Indian defaults: an April financial year, and the first branch in the organisation's time zone.
    const [client] = await t.db.select().from(clients).where(eq(clients.id, s.clientDetails.clientId));
    expect(client).toMatchObject({ currency: 'INR', fyStartMonth: 4 });
    const [main] = await t.db.select().from(branches).where(eq(branches.clientId, client!.id));
    expect(main!.timezone).toBe(client!.timezone);
    // The same email may register another organisation: a 409 here would tell anyone which emails
    // have accounts (issue 20). Sign-in tells the two apart by password.
    const second = await register({
      username: 'A2',
      email: 'ASHA@new.test',
      password: 'Second#123',
      passwordConfirm: 'Second#123',
    });
    expect(second.statusCode, second.body).toBeLessThan(300);
    expect(second.json().clientDetails.clientId).not.toBe(client!.id);
    const mismatch = await register({
      username: 'B',
      email: 'b@new.test',
      password: 'Secret#123',
      passwordConfirm: 'Other#1234',
    });
    expect(mismatch.json().details).toEqual([
      { path: 'body.passwordConfirm', message: 'Passwords dont match' },
    ]);
  });

  it('registers with the currency, locale and time zone the person chose; the first branch takes the zone', async () => {
    const res = await register({
      username: 'Jonas',
      email: 'jonas@new.test',
      password: 'Secret#123',
      passwordConfirm: 'Secret#123',
      currency: 'EUR',
      locale: 'de-DE',
      timezone: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(201);
    const clientId = res.json().clientDetails.clientId;
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    // A January financial year outside INR.
    expect(client).toMatchObject({
      currency: 'EUR',
      locale: 'de-DE',
      timezone: 'Europe/Berlin',
      fyStartMonth: 1,
    });
    const [main] = await t.db.select().from(branches).where(eq(branches.clientId, clientId));
    expect(main!.timezone).toBe('Europe/Berlin');

    const bad = await register({
      username: 'X',
      email: 'x@new.test',
      password: 'Secret#123',
      passwordConfirm: 'Secret#123',
      currency: 'EURO',
      timezone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad
      .json()
      .details.map((d: { path: string }) => d.path)
      .sort();
    expect(paths).toEqual(['body.currency', 'body.timezone']);
  });

  it('answers forgot-password the same way and mails a single-use link for real accounts', async () => {
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/authentication/forgotPassword', payload: { email } });
    const unknown = await forgot('nobody@nowhere.test');
    const known = await forgot('asha@new.test');
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // Asha registered two organisations with this email above: each account gets its own link.
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = 'asha@new.test'`)
      .orderBy(mailOutbox.id);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.body)).size).toBe(2);
    const [mail] = mails;
    const token = mail!.body.match(/reset-password\?token=([\w-]+)/)![1]!;
    const reset = (tok: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authentication/resetPassword',
        payload: { token: tok, newPassword: 'Reset#1234', confirmPassword: 'Reset#1234' },
      });
    expect((await reset(token)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(400);
    expect((await login('asha@new.test', 'Reset#1234')).statusCode).toBe(200);
  });

  it('verifies the password for the lock screen', async () => {
    // The reset above ended the owner's earlier sessions: this is a new sign-in.
    const token = await tokenFor(t, org.ownerId, org.clientId);
    const ok = await call(t, token, {
      method: 'POST',
      url: '/api/authentication/verifyPassword',
      payload: { password: testPassword },
    });
    expect(ok.statusCode).toBe(200);
    const bad = await call(t, token, {
      method: 'POST',
      url: '/api/authentication/verifyPassword',
      payload: { password: 'nope' },
    });
    expect(bad.json().reason).toBe('INVALID_CREDENTIALS');
  });
});

describe('malformed bodies', () => {
  it('answer 4xx with a reason on every authentication route, never 500', async () => {
    const routes = [
      'login',
      'refreshToken',
      'logout',
      'register',
      'forgotPassword',
      'resetPassword',
      'verifyPassword',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.anything(), async (route, body) => {
        const res = await call(t, org.ownerToken, {
          method: 'POST',
          url: `/api/authentication/${route}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
          remoteAddress: freshAddress(),
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(200);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().reason).toBe('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('access tokens follow their session (issue 20)', () => {
  const signIn = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { email: sessionEmail, password: testPassword },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { accessToken: string; refreshToken: string };
  };
  const me = (token: string) => call(t, token, { method: 'GET', url: '/api/branch/getBranches' });
  let sessionEmail: string;
  beforeAll(async () => {
    const member = await createStaff(t, org, only({ branches: 'v' }));
    const [row] = await t.db.select().from(staff).where(eq(staff.id, member.staffId));
    sessionEmail = row!.email;
  });

  it('stops working at once after logout', async () => {
    const s = await signIn();
    expect((await me(s.accessToken)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      payload: { refreshToken: s.refreshToken },
    });
    const after = await me(s.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().reason).toBe('TOKEN_INVALID_OR_EXPIRED');
  });

  it('stops working when its family is revoked for reuse', async () => {
    const s = await signIn();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/refreshToken',
      payload: { refreshToken: s.refreshToken },
    });
    const rotated = first.json() as { accessToken: string };
    await t.app.inject({
      method: 'POST',
      url: '/api/authentication/refreshToken',
      payload: { refreshToken: s.refreshToken },
    });
    expect((await me(rotated.accessToken)).statusCode).toBe(401);
  });

  it('refuses a token signed without an expiry or without a session', async () => {
    const s = await signIn();
    const claims = JSON.parse(Buffer.from(s.accessToken.split('.')[1]!, 'base64url').toString());
    // The plugin adds exp to everything it signs: a token without one is built by hand.
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: claims.sub, cid: claims.cid, fam: claims.fam })).toString(
      'base64url',
    );
    const { createHmac } = await import('node:crypto');
    const secret = 'test-secret-test-secret-test-secret-0123456789';
    const bare = `${header}.${body}.${createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')}`;
    expect((await me(bare)).statusCode).toBe(401);
    const noFamily = t.app.jwt.sign({ sub: claims.sub, cid: claims.cid });
    expect((await me(noFamily)).statusCode).toBe(401);
  });
});

describe('password reset requests (issue 20)', () => {
  it('send at most 3 mails per account and refuse known and unknown addresses alike', async () => {
    const victim = await createOrg(t);
    const [row] = await t.db.select({ email: staff.email }).from(staff).where(eq(staff.id, victim.ownerId));
    const ask = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/authentication/forgotPassword',
        payload: { email },
        remoteAddress: ip,
      });
    const before = (await t.db.select().from(mailOutbox)).length;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await ask(row!.email, `203.0.113.${i}`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
    expect((await t.db.select().from(mailOutbox)).length - before).toBe(3);
    const unknown = [];
    for (let i = 0; i < 4; i++)
      unknown.push((await ask('nobody-here@nowhere.test', `203.0.113.${50 + i}`)).statusCode);
    expect(unknown).toEqual([200, 200, 200, 429]);
  });

  it('refuse a flood from one address across accounts', async () => {
    const ip = '203.0.113.200';
    const codes = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/authentication/forgotPassword',
            payload: { email: `someone${i}@nowhere.test` },
            remoteAddress: ip,
          })
        ).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('sign-in identifiers across organisations (issue 20)', () => {
  it("another organisation using the same mobile cannot lock this one's staff out", async () => {
    const a = await createOrg(t);
    const b = await createOrg(t);
    const mobile = '9822233344';
    await t.db.update(staff).set({ mobile }).where(eq(staff.id, a.ownerId));
    // B registers a staff member with A's mobile (and its own password).
    const [bRole] = await t.db.select().from(staff).where(eq(staff.id, b.ownerId));
    await t.db.insert(staff).values({
      clientId: b.clientId,
      staffName: 'B clerk',
      email: `bclerk${Date.now()}@b.test`,
      mobile,
      roleId: bRole!.roleId,
      branchIds: null,
      passwordHash: await hashPassword('Other#Pass1'),
    });
    const asA = await login(mobile, testPassword, false, freshAddress());
    expect(asA.statusCode, asA.body).toBe(200);
    expect(asA.json().clientDetails.clientId).toBe(a.clientId);
    const asB = await login(mobile, 'Other#Pass1', false, freshAddress());
    expect(asB.json().clientDetails.clientId).toBe(b.clientId);
  });

  it('another organisation may add staff with an email used elsewhere: no 409 to probe with, both sign in', async () => {
    const a = await createOrg(t);
    const b = await createOrg(t);
    const [owner] = await t.db.select().from(staff).where(eq(staff.id, a.ownerId));
    const [bRole] = await t.db.select().from(staff).where(eq(staff.id, b.ownerId));
    const added = await call(t, b.ownerToken, {
      method: 'POST',
      url: '/api/staff/addStaff',
      payload: {
        staffName: 'B clerk',
        email: owner!.email.toUpperCase(),
        password: 'Other#Pass1',
        roleId: bRole!.roleId,
        branchIds: null,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    // In its own organisation the email is still taken.
    const again = await call(t, b.ownerToken, {
      method: 'POST',
      url: '/api/staff/addStaff',
      payload: {
        staffName: 'B clerk 2',
        email: owner!.email,
        password: 'Other#Pass1',
        roleId: bRole!.roleId,
        branchIds: null,
      },
    });
    expect(again.statusCode).toBe(409);
    const asA = await login(owner!.email, testPassword, false, freshAddress());
    expect(asA.json().clientDetails.clientId).toBe(a.clientId);
    const asB = await login(owner!.email, 'Other#Pass1', false, freshAddress());
    expect(asB.json().clientDetails.clientId).toBe(b.clientId);
  });
});
