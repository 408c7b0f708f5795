// The API as a real process, for the suites that need one (kill -9, several processes, start-up):
// `node --import tsx src/main.ts` on a free port of 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { demoSignIn } from '../db/seed.ts';

export const apiDir = new URL('../..', import.meta.url).pathname;

export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  out: () => string;
  err: () => string;
};

/**
 * libfaketime's settings, when the suite runs under `faketime` (docs/decisions/platform.md, "The suites at
 * midnight"): a spawned API must keep the suite's clock, or its tokens and days disagree with it.
 */
const fakeClock = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name === 'LD_PRELOAD' || name.startsWith('FAKETIME')),
  );

export function startServer(
  env: Record<string, string>,
  args = ['--import', 'tsx', 'src/main.ts'],
): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...fakeClock(),
      // A suite run through PgBouncer (.ci/pgbouncer.sh): the spawned API sends no named statements either.
      ...(process.env.DATABASE_POOLING && { DATABASE_POOLING: process.env.DATABASE_POOLING }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

/** The address the server prints once it listens (the database is migrated by then). */
export async function waitForUrl(server: ServerProcess): Promise<string> {
  for (let i = 0; i < 900; i++) {
    const m = server.out().match(/running at (https?:\/\/\S+)/);
    if (m) return m[1]!.replace('localhost', '127.0.0.1');
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** SIGKILL, as the OOM killer or a pulled plug would: no handler runs. */
export async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

export { embeddedServerUrl as embeddedUrl } from '../db/embedded.ts';

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type Session = { accessToken: string; branches: { id: number }[] };

export async function signIn(url: string, email: string = demoSignIn.email): Promise<Session> {
  const res = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoSignIn.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Session;
}
