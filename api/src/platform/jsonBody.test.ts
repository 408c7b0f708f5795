// The JSON body parser's depth limit (issue 35, point 1); the sweep over every write route is in
// badInput.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@app/contract/errors';
import { call, createOrg, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { maxJsonDepth, nestsDeeperThan } from './jsonBody.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects together', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ name: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ name: 'say "[[[[" \\ ' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['\\', [[1]]]), 2)).toBe(true);
  });

  it('reads a megabyte without recursion', () => {
    expect(nestsDeeperThan(nested(500_000), maxJsonDepth)).toBe(true);
  });
});

let t: TestApp;
let org: TestOrg;
beforeAll(async () => {
  t = await startTestApp();
  org = await createOrg(t, { branchCount: 1 });
});
afterAll(() => t.close());

const post = (payload: string) =>
  call(t, org.ownerToken, {
    method: 'POST',
    url: '/api/room/createRoom',
    branchId: org.branchIds[0],
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('the JSON body parser', () => {
  it('refuses a body one level past the limit as 400 JSON_TOO_DEEP', async () => {
    const res = await post(nested(maxJsonDepth + 1));
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json())).toMatchObject({
      reason: 'BAD_REQUEST',
      code: 'JSON_TOO_DEEP',
      params: { max: maxJsonDepth },
    });
  });

  it('lets a body at the limit through to the route (refused there for its fields)', async () => {
    const res = await post(nested(maxJsonDepth));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: 'VALIDATION_FAILED' });
  });

  it('still refuses malformed JSON and __proto__ keys as Fastify does', async () => {
    expect((await post('{"roomName": ')).json()).toMatchObject({ statusCode: 400, reason: 'INVALID_JSON' });
    const poisoned = await post('{"roomName":"A","__proto__":{"x":1}}');
    expect(poisoned.json()).toMatchObject({ statusCode: 400, reason: 'INVALID_JSON' });
  });
});
