import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { memberSearch } from './routes.ts';

// A query of digits only is part of a mobile number and matches the mobile alone (the trigram index
// on mobile answers it by itself); any other query matches name, mobile and email.

let t: TestApp;
let org: TestOrg;
let branchId: number;

const today = new Date().toISOString().slice(0, 10);
const names = async (q: string, path = 'getUsers') => {
  const res = await call(t, org.ownerToken, {
    method: 'GET',
    url: `/api/user/${path}?sort=name&q=${encodeURIComponent(q)}`,
    branchId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { name: string }[]).map((m) => m.name);
};

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  branchId = org.branchIds[0]!;
  const base = {
    clientId: org.clientId,
    branchId,
    validFrom: today,
    validTill: '2999-12-31',
    joinedOn: today,
  };
  await t.db.insert(users).values([
    { ...base, name: 'Asha Mobile', mobile: '9198765000' },
    { ...base, name: 'Ravi Email', mobile: '7000000001', email: 'ravi98765@example.in' },
    { ...base, name: 'Meera Plus', mobile: '+447700900123' },
    { ...base, name: 'Inactive Kumar', mobile: '6098765111', status: false, inactiveReason: 'deactivated' },
  ]);
});
afterAll(async () => t?.close());

describe('member search', () => {
  it('matches digits against the mobile only', async () => {
    expect(await names('98765')).toEqual(['Asha Mobile', 'Inactive Kumar']);
    expect(await names('+4477')).toEqual(['Meera Plus']);
    expect(await names('98765', 'getInactiveUsers')).toEqual(['Inactive Kumar']);
  });

  it('matches other text against name, mobile and email', async () => {
    expect(await names('ravi98765')).toEqual(['Ravi Email']);
    expect(await names('MOBILE')).toEqual(['Asha Mobile']);
    expect(await names('example.in')).toEqual(['Ravi Email']);
  });

  it('builds one mobile condition for digits and three for text', () => {
    const dialect = new PgDialect();
    expect(dialect.sqlToQuery(memberSearch('98765')!).sql).toBe('"users"."mobile" ilike $1');
    expect(dialect.sqlToQuery(memberSearch('ravi')!).sql).toBe(
      '("users"."name" ilike $1 or "users"."mobile" ilike $2 or "users"."email" ilike $3)',
    );
    expect(memberSearch(undefined)).toBeUndefined();
  });
});
