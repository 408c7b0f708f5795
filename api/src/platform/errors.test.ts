import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { errorBodySchema } from '@app/contract/errors';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t);
  // A route that fails unexpectedly, to see what a 500 looks like from outside.
  t.app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
    throw new Error('secret internal detail');
  });
  // A saturated pool, as under load: its one connection is held, the next caller's wait runs out.
  t.app.get('/api/test/saturated', { config: { access: 'public' } }, async () => {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 1,
      connectionTimeoutMillis: 50,
    });
    const held = await pool.connect();
    try {
      await pool.query('select 1');
    } finally {
      held.release();
      await pool.end();
    }
  });
  t.app.get('/api/test/refused', { config: { access: 'public' } }, async () => {
    const client = new pg.Client({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    await client.connect();
  });
  t.app.get('/api/test/slowConnect', { config: { access: 'public' } }, async () => {
    // What pg-pool throws when a new connection is not made within its timeout (a server too busy).
    throw new Error('Connection terminated due to connection timeout', { cause: new Error('timeout') });
  });
  t.app.get('/api/test/cut', { config: { access: 'public' } }, async () => {
    // The server went away in the middle of a statement: the outcome is unknown, not "try again".
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
});
afterAll(() => t.close());

const noStack = (text: string) => {
  expect(text).not.toMatch(/at .+\.ts:\d+/);
  expect(text).not.toContain('node_modules');
};

describe('error answers', () => {
  it('answers a malformed JSON body with 400 INVALID_JSON', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "broken',
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.reason).toBe('INVALID_JSON');
    noStack(res.body);
  });

  it('answers an unknown /api route with 404 NOT_FOUND in the error shape', async () => {
    const res = await call(t, org.ownerToken, { method: 'GET', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ statusCode: 404, reason: 'NOT_FOUND' });
  });

  it('answers a schema-invalid body with 400 VALIDATION_FAILED and per-field details', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      payload: { name: '', timezone: 'Mars/Olympus' },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.reason).toBe('VALIDATION_FAILED');
    const paths = body.details!.map((d) => d.path).sort();
    expect(paths).toEqual(['body.name', 'body.timezone']);
  });

  it('answers a bad query parameter with the field it came from', async () => {
    const res = await call(t, org.ownerToken, { method: 'GET', url: '/api/branch/getBranches?pageSize=7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('query.pageSize');
  });

  it('answers a wrong content type with 415', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/branch/createBranch',
      headers: { 'content-type': 'text/xml' },
      payload: '<name/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().reason).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected failure with a generic 500 and no stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    const body = errorBodySchema.parse(res.json());
    expect(body.reason).toBe('INTERNAL_ERROR');
    expect(res.body).not.toContain('secret internal detail');
    noStack(res.body);
  });
});

describe('request ids', () => {
  it('sets x-request-id on every answer and keeps a well-formed incoming one', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id <>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <>');
  });
});

describe('health and docs', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { kind: 'postgres', reachable: true } });
    expect(res.json().database.serverVersion).toMatch(/^\d+/);
  });

  it('serves the OpenAPI document with the branch routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/branch/getBranches', '/api/branch/createBranch', '/api/health']),
    );
  });

  it('sends the security headers, on refusals too', async () => {
    for (const url of ['/api/health', '/api/no/such/route', '/api/branch/getBranches']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      // Plain HTTP (testConfig's PUBLIC_URL): no HSTS, which a browser would hold against the host.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('when the database cannot be reached', () => {
  it('answers 503 with Retry-After when no pool connection comes free in time or PostgreSQL refuses one', async () => {
    for (const url of ['/api/test/saturated', '/api/test/refused', '/api/test/slowConnect']) {
      const res = await call(t, undefined, { method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        statusCode: 503,
        reason: 'SERVICE_UNAVAILABLE',
        message: 'The server is busy; try again in a few seconds.',
        code: 'SERVER_BUSY',
      });
    }
  });

  it('keeps a connection lost in the middle of a statement a 500: its outcome is unknown', async () => {
    const res = await call(t, undefined, { method: 'GET', url: '/api/test/cut' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
