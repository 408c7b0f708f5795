// Server processes for the benches that report CPU per request (floor-bench.ts, load-figures.ts):
// a server whose log goes to a file, and the CPU time it and PostgreSQL used, read from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** CPU time a process has used, in microseconds (utime + stime from /proc, 100 ticks a second). */
export function cpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0; // a backend that ended meanwhile
  }
}

/** The postmaster of the server `url` points at (its backends and helpers are its children). */
export async function postmasterOf(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const backend = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    // Read while the backend still runs: it ends with the connection.
    return Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  } finally {
    await c.end();
  }
}

/** Process ids of a process's children. */
export const childrenOf = (pid: number): number[] =>
  execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);

/** CPU time per PostgreSQL process (the postmaster's children) now. */
export const postgresCpu = (postmaster: number) =>
  new Map(childrenOf(postmaster).map((pid) => [pid, cpuMicros(pid)] as const));

/** What PostgreSQL's processes used since `before`; a backend that ended meanwhile is not counted. */
export function postgresMicrosSince(postmaster: number, before: Map<number, number>): number {
  let sum = 0;
  for (const [pid, now] of postgresCpu(postmaster)) sum += now - (before.get(pid) ?? 0);
  return sum;
}

/**
 * A server process whose output goes to a file, as a deployment's log would: a pipe read by the
 * bench process (busy driving the load) would fill and stall the server's synchronous log writes.
 * Resolves with the address the `ready` pattern captures from the log.
 */
export async function startLoggedServer(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  logDir: string,
) {
  const logFile = join(logDir, `${args.at(-1)!.replace(/\W+/g, '-')}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, 'inherit'],
  });
  closeSync(fd);
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code));
  for (;;) {
    const m = readFileSync(logFile, 'utf8').match(ready);
    if (m) return { child, url: m[1]!.replace('localhost', '127.0.0.1'), logFile };
    if (exited !== null) throw new Error(`${args.join(' ')} exited ${exited}: see ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
