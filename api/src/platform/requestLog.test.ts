import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { logFlushMs } from './logDestination.ts';

// One log line per request (method, url, status, time and the request id), written to standard
// output in batches (logDestination.ts, issue 36).

let t: TestApp;
const lines: string[] = [];
let stream: { write: (s: string) => void; minLength?: number; fd?: number };

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'info' });
  const streamSym = Object.getOwnPropertySymbols(t.app.log).find((s) => String(s) === 'Symbol(pino.stream)')!;
  stream = (t.app.log as unknown as Record<symbol, typeof stream>)[streamSym]!;
});
afterAll(() => t?.close());

describe('request log', () => {
  it('goes to standard output in batches, at least every few hundred ms', () => {
    expect(stream.fd).toBe(1);
    expect(stream.minLength).toBe(4096);
    expect(logFlushMs).toBeLessThanOrEqual(250);
  });

  it('writes one line per request: method, url, status, ms and the request id', async () => {
    const write = stream.write;
    stream.write = (line: string) => void lines.push(line);
    try {
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'req-1' },
      });
      const refused = await t.app.inject({ method: 'GET', url: '/api/user/getUsers?page=0' });
      expect(ok.statusCode).toBe(200);
      expect(refused.statusCode).toBe(401);
    } finally {
      stream.write = write;
    }
    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      reqId: 'req-1',
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
    });
    expect(requests[1]).toMatchObject({ method: 'GET', url: '/api/user/getUsers?page=0', statusCode: 401 });
    for (const r of requests) expect(typeof r.ms).toBe('number');
  });
});
