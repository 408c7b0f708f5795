// The keeper of the embedded server (issue 42, point 1) against a server that only pretends: when it
// is noticed dead, how many starts are tried, what a failed request is told meanwhile, when it gives up.
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../platform/errors.ts';
import type { EmbeddedServer } from './embedded.ts';
import { keepEmbeddedRunning, type KeeperOptions } from './keeper.ts';

function fakeServer(startsThatFail: number) {
  let running = true;
  let pid = 100;
  const server: EmbeddedServer & { die(): void; starts: number } = {
    url: 'postgres://postgres:x@127.0.0.1:1/postgres',
    adopted: false,
    cluster: '/data/postgres/data',
    starts: 0,
    pid: () => pid,
    running: () => running,
    die: () => (running = false),
    restart: async () => {
      server.starts += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (server.starts <= startsThatFail) throw new Error(`FATAL: could not start (${server.starts})`);
      pid += 1;
      running = true;
    },
    stop: async () => {},
  };
  return server;
}

function watch(server: EmbeddedServer, extra: Partial<KeeperOptions> = {}) {
  const lines: string[] = [];
  let gaveUp: string | undefined;
  const keeper = keepEmbeddedRunning(server, {
    checkEveryMs: 10,
    pauseMs: () => 5,
    log: (line) => lines.push(line),
    giveUp: (line) => (gaveUp = line),
    ...extra,
  });
  return { keeper, lines, gaveUp: () => gaveUp };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

/** What a request that found no database connection is told. */
const refusal = { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' } as unknown as Error;

describe('keepEmbeddedRunning', () => {
  it('starts a dead server again, and failed requests say DATABASE_RESTARTING until it is back', async () => {
    const server = fakeServer(1);
    const { keeper, lines, gaveUp } = watch(server, { checkEveryMs: 60_000 });
    expect(keeper.restarting()).toBe(false);
    expect(toErrorBody(refusal, keeper.restarting)).toMatchObject({ code: 'SERVER_BUSY' });
    server.die();
    // A failed request looks at once, without waiting for the next check.
    expect(toErrorBody(refusal, keeper.restarting)).toEqual({
      statusCode: 503,
      reason: 'SERVICE_UNAVAILABLE',
      message: 'The server is restarting its database; try again in a few seconds.',
      code: 'DATABASE_RESTARTING',
    });
    await until(() => !keeper.restarting());
    expect(server.starts).toBe(2);
    expect(server.running()).toBe(true);
    expect(gaveUp()).toBeUndefined();
    expect(lines[0]).toBe(
      'The embedded PostgreSQL (pid 100) has stopped; starting it again on /data/postgres/data (try 1 of 3). Requests answer 503 meanwhile.',
    );
    expect(lines[1]).toMatch(/try 2 of 3/);
    expect(lines[2]).toMatch(/^The embedded PostgreSQL is back \(pid 101\) after [\d.]+ s; serving again\.$/);
    await keeper.stop();
  });

  it('notices a death by itself within its check interval', async () => {
    const server = fakeServer(0);
    const { keeper, lines } = watch(server);
    server.die();
    await until(() => server.starts === 1 && !keeper.restarting());
    expect(lines).toHaveLength(2);
    await keeper.stop();
  });

  it('gives up after three failed starts with one line naming the last failure', async () => {
    const server = fakeServer(5);
    const { keeper, gaveUp } = watch(server);
    server.die();
    await until(() => gaveUp() !== undefined);
    expect(server.starts).toBe(3);
    expect(gaveUp()).toBe(
      'The embedded PostgreSQL in /data/postgres/data stopped and did not start again in 3 tries ' +
        '(last: FATAL: could not start (3)); exiting so that the service manager starts the API again.',
    );
    expect(gaveUp()!.split('\n')).toHaveLength(1);
    await keeper.stop();
  });

  it('leaves a server alone once stopped (SIGTERM stops it on purpose)', async () => {
    const server = fakeServer(0);
    const { keeper } = watch(server);
    await keeper.stop();
    server.die();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.starts).toBe(0);
    expect(keeper.restarting()).toBe(false);
  });
});
