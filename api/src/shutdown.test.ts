// SIGTERM behind a load balancer (issue 43, point 4): the server stops taking connections at once,
// answers what still arrives on an open connection 503 in the error shape, lets the requests under
// way finish within 10 s, and exits 0.
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase } from './test/harness.ts';
import { startServer, waitForUrl } from './test/server.ts';

let databaseUrl: string;
let drop: () => Promise<void>;
const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));

beforeAll(async () => {
  ({ url: databaseUrl, drop } = await freshDatabase());
});
afterAll(async () => {
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * /api/ready reads drizzle's migrations table: a transaction of the test holding that table's
 * exclusive lock keeps the request under way until the test lets go.
 */
async function holdReady(): Promise<{ release: () => Promise<void> }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('begin');
  await c.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
  return {
    release: async () => {
      await c.query('commit');
      await c.end();
    },
  };
}

/** A connection writing GET requests by hand, so a second one can follow the first on it. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (d) => (received += d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  return {
    get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`),
    received: () => received,
    closed,
  };
}

const refused = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => false,
    () => true,
  );

describe('SIGTERM', () => {
  it('finishes the request under way, refuses new connections, answers 503 on an open one, exits 0', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const url = await waitForUrl(server);
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    const lock = await holdReady();
    // Two connections with a request each under way (held by the lock).
    const a = rawConnection(url);
    const b = rawConnection(url);
    a.get('/api/ready');
    b.get('/api/ready');
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // The listening socket is closed: a load balancer's new connection is refused.
    expect(await refused(url)).toBe(true);
    // What an open connection sends next is refused in the error shape, but for /api/health: the
    // process is alive until it exits. Either answer closes its connection.
    a.get('/api/ready');
    b.get('/api/health');
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await lock.release();
    expect(await server.exited).toBe(0);
    await Promise.all([a.closed, b.closed]);
    expect(Date.now() - started).toBeLessThan(5000);
    const split = (text: string) => text.split(/(?=HTTP\/1\.1 )/);
    const answers = split(a.received());
    const healthAnswers = split(b.received());
    expect(answers, a.received()).toHaveLength(2);
    expect(healthAnswers, b.received()).toHaveLength(2);
    // The requests under way finished.
    for (const first of [answers[0], healthAnswers[0]]) {
      expect(first).toMatch(/^HTTP\/1\.1 200 /);
      expect(first).toContain('"status":"ready"');
    }
    expect(healthAnswers[1]).toMatch(/^HTTP\/1\.1 200 /);
    expect(healthAnswers[1]).toContain('"status":"ok"');
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(answers[1]).toMatch(/retry-after: 5/i);
    expect(answers[1]).toMatch(/connection: close/i);
    // Expected at a stop: answered, not logged as a failed request.
    expect(server.out() + server.err()).not.toContain('request failed');
    expect(JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 503,
      reason: 'SERVICE_UNAVAILABLE',
      message: 'The server is busy; try again in a few seconds.',
      code: 'SERVER_BUSY',
    });
    expect(server.out()).toMatch(/SIGTERM: finishing in-flight requests \(10 s at most\)/);
  }, 60_000);

  it('closes a request still running after 10 s and exits 0', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    const url = await waitForUrl(server);
    const lock = await holdReady();
    try {
      const stuck = fetch(`${url}/api/ready`).then(
        (r) => r.status,
        () => 'connection closed',
      );
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const took = Date.now() - signalled;
      expect(took).toBeGreaterThanOrEqual(10_000);
      expect(took).toBeLessThan(13_000);
      expect(await stuck).toBe('connection closed');
      expect(server.err()).toContain(
        'Requests still running 10 s after the signal: closing their connections',
      );
    } finally {
      await lock.release();
    }
  }, 60_000);
});
