// Bad input at the edges (issue #20): answered as a 4xx in the error shape, never a 500.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@app/contract/errors';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t);
});
afterAll(() => t.close());

describe('the branchId header', () => {
  it.each(['', ' 1 ', '0x1', '01', '1e0', '2147483648', '-1'])(
    'refuses %j with 400 naming the header',
    async (raw) => {
      const res = await call(t, org.ownerToken, {
        method: 'GET',
        url: '/api/room/getRooms',
        headers: { branchid: raw },
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).details).toEqual([
        { path: 'headers.branchId', message: 'Use a branch id (digits) or null', code: 'BRANCH_HEADER_FORM' },
      ]);
    },
  );

  it('reads digits as the branch and null as none', async () => {
    const ok = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/room/getRooms',
      branchId: org.branchIds[0],
    });
    expect(ok.statusCode).toBe(200);
    const none = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/category/getCategories',
      headers: { branchid: 'null' },
    });
    expect(none.statusCode).toBe(200);
  });
});

describe('values the database cannot hold', () => {
  it('answers an id past the int4 range with 400, not 500', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'GET',
      url: '/api/category/getCategory?categoryId=2147483648',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).details).toEqual([
      { path: 'query.categoryId', message: 'No such id' },
    ]);
    const body = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/payment/createPayment',
      payload: { userId: 99999999999, received: 1, mode: 'cash', duesSettled: 1 },
      branchId: org.branchIds[0],
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().details.map((d: { path: string }) => d.path)).toEqual(['body.userId']);
  });

  it('answers a NUL character in a stored string with 400, and stores nothing', async () => {
    const res = await call(t, org.ownerToken, {
      method: 'POST',
      url: '/api/category/createCategory',
      payload: { name: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.reason).toBe('VALIDATION_FAILED');
    expect(body.details?.map((d) => d.path)).toEqual(['body.name']);
    const list = await call(t, org.ownerToken, { method: 'GET', url: '/api/category/getCategories' });
    expect(list.json().total).toBe(0);
  });

  it('names the query field that holds a NUL character, in a list and its CSV export', async () => {
    for (const url of ['/api/category/getCategories?q=%00', '/api/category/exportCategories?q=a%00']) {
      const res = await call(t, org.ownerToken, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(res.json()).details?.map((d) => d.path)).toEqual(['query.q']);
    }
  });
});

describe('answers outside the routes', () => {
  it('answers a URL the router cannot decode in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/category/getCategories%zz' });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).reason).toBe('BAD_REQUEST');
  });

  it('answers headers too large with 431 in the error shape', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let out = '';
      socket.on('data', (d) => (out += d));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(errorBodySchema.parse(body)).toMatchObject({ statusCode: 431, reason: 'PAYLOAD_TOO_LARGE' });
  });

  it('marks API answers no-store (tokens, personal data) but not the documentation', async () => {
    const api = await call(t, org.ownerToken, { method: 'GET', url: '/api/category/getCategories' });
    expect(api.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: '/api/category/getCategories' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['cache-control']).not.toBe('no-store');
  });

  it('refuses to log out a blank refresh token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/logout',
      payload: { refreshToken: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).reason).toBe('VALIDATION_FAILED');
  });
});
