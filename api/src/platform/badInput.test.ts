// Generated bad input over every route of the OpenAPI document (issue 20): a new route is covered
// without editing this file. Each parameter of each operation gets values a clumsy or hostile
// client sends (ids past int4, NUL characters, year 0000, wrong types, huge strings); every answer
// must be below 500, in the error shape when refused, and free of stack traces and SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@app/contract/errors';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { apiOperations, sample, type ApiOperation } from '../test/openapi.ts';

const badValues: unknown[] = [
  2147483648,
  99999999999,
  -1,
  0,
  1.5,
  'a\u0000b',
  '',
  ' 1 ',
  '0x1',
  '0000-01-01',
  '9999-99-99',
  'x'.repeat(5000),
  "'; drop table users; --",
  null,
  true,
  {},
  [],
  ['a\u0000'],
  -2147483649,
  'NaN',
  '1e10',
  '\uff12',
  '\u202eevil',
];

let t: TestApp;
let org: TestOrg;
let operations: ApiOperation[];

beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
  operations = await apiOperations(t.app);
});
afterAll(() => t.close());

function checkAnswer(
  label: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const parsed = errorBodySchema.safeParse(JSON.parse(res.body));
    expect(parsed.success, `${label}: not in the error shape: ${res.body.slice(0, 200)}`).toBe(true);
  }
  expect(res.body, label).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\bselect\b.+\bfrom\b|\binsert into\b/i);
}

describe('generated bad input over every route', () => {
  it('never answers 5xx, always in the error shape, never with a stack or SQL', async () => {
    let sent = 0;
    const byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const branchId = org.branchIds[0]!;
    for (const { method, path, op } of operations) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const baseQuery = Object.fromEntries(query.map((p) => [p.name, sample(p.schema)]));
      const baseBody = bodySchema ? sample(bodySchema) : undefined;
      const urlOf = (q: Record<string, unknown>, pathValue: unknown = 1) => {
        const filled = pathParams.reduce(
          (url, p) => url.replace(`{${p.name}}`, encodeURIComponent(String(pathValue))),
          path,
        );
        const search = new URLSearchParams(
          Object.entries(q).flatMap(([k, v]) =>
            Array.isArray(v)
              ? v.map((x) => [k, String(x)])
              : [[k, typeof v === 'object' ? JSON.stringify(v) : String(v)]],
          ),
        ).toString();
        return search ? `${filled}?${search}` : filled;
      };
      const send = async (label: string, url: string, payload?: unknown) => {
        const res = await call(t, org.ownerToken, {
          method: method as 'GET',
          url,
          branchId,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        sent += 1;
        byClass[`${Math.floor(res.statusCode / 100)}xx` as keyof typeof byClass] += 1;
        checkAnswer(`${method} ${label}`, res);
      };
      for (const value of badValues) {
        for (const p of query)
          await send(
            `${path} ?${p.name}=${String(value).slice(0, 20)}`,
            urlOf({ ...baseQuery, [p.name]: value }),
            baseBody,
          );
        for (const p of pathParams)
          await send(`${path} {${p.name}}=${String(value).slice(0, 20)}`, urlOf(baseQuery, value), baseBody);
        if (bodySchema?.properties) {
          for (const field of Object.keys(bodySchema.properties)) {
            await send(`${path} body.${field}=${String(value).slice(0, 20)}`, urlOf(baseQuery), {
              ...(baseBody as object),
              [field]: value,
            });
          }
        }
        if (bodySchema)
          await send(`${path} body=${String(value).slice(0, 20)}`, urlOf(baseQuery), value ?? 'null');
      }
    }
    // Every answer passed checkAnswer: no 5xx, the error shape, no stack or SQL text (leaks 0). A 2xx
    // is a value the route may take (an unknown query key ignored, a string where any text goes).
    console.log(
      `bad-input suite: ${sent} requests over ${operations.length} operations; refused (4xx) ${byClass['4xx']} ` +
        `(${((byClass['4xx'] / sent) * 100).toFixed(1)}%), accepted (2xx) ${byClass['2xx']}, 5xx ${byClass['5xx']}, leaks 0`,
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 300_000);
});

// A body nested 100,000 levels deep, as arrays and as objects, to every write route (issue 35,
// point 1): refused by the body parser as a 400 before anything recursive reads it.
const deepBodies = {
  arrays: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  objects: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
};

describe('deeply nested bodies over every write route', () => {
  it('answers 400 in the error shape, never 500', async () => {
    const writes = operations.filter((o) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(o.method));
    expect(writes.length).toBeGreaterThanOrEqual(50);
    for (const { method, path } of writes) {
      const url = path.replaceAll(/\{\w+\}/g, '1');
      for (const [shape, payload] of Object.entries(deepBodies)) {
        const res = await call(t, org.ownerToken, {
          method: method as 'POST',
          url,
          branchId: org.branchIds[0]!,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        const label = `${method} ${path} (${shape})`;
        checkAnswer(label, res);
        expect(res.statusCode, label).toBe(400);
        expect(res.json(), label).toMatchObject({ reason: 'BAD_REQUEST', code: 'JSON_TOO_DEEP' });
      }
    }
  }, 120_000);
});
