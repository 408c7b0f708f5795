// Issue 36, point 2: while one organisation imports 20,000 members, how long do another
// organisation's reads (its members list, 5 readers) and /api/health wait? And how long does the
// import take? Builds side by side in one run (this machine drifts by more than most changes):
// each --bundle is an API build (its api/dist/main.js; the web build does not matter here), run in
// turn on one data folder (demo organisation + a second one, seeded once), builds alternating
// round by round. Each run starts its server, warms it (200 reads, a 5-row import: the first
// import after a start also compiles what it runs), then imports its own 20,000 new members.
// Run: npm run bench:import --workspace bench -- --bundle /tmp/before/api/dist/main.js
//        --bundle "$PWD/api/dist/main.js" [--rounds 2 --rows 20000 --readers 5 --show-waits-over 80]
// A wait includes this process's own stalls (it times every request), so each run also prints the
// longest stall of this process's event loop: when it is near a wait, the machine, not the server,
// held that request.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { childrenOf, cpuMicros, startLoggedServer } from './processes.ts';

const { values } = parseArgs({
  options: {
    bundle: {
      type: 'string',
      multiple: true,
      default: [fileURLToPath(new URL('../../api/dist/main.js', import.meta.url))],
    },
    rounds: { type: 'string', default: '2' },
    rows: { type: 'string', default: '20000' },
    readers: { type: 'string', default: '5' },
    // Passed to each server's node, e.g. --node-flag=--trace-gc (its log is kept with --keep-logs).
    'node-flag': { type: 'string', multiple: true, default: [] },
    'keep-logs': { type: 'boolean', default: false },
    // Prints each wait longer than this (ms) with the time it ended, to set beside a server's log.
    'show-waits-over': { type: 'string' },
  },
});
const bundles = values.bundle.map((b) => resolve(b));
const rows = Number(values.rows);
const apiDir = fileURLToPath(new URL('../../api', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
const logDir = mkdtempSync(join(tmpdir(), 'bench-import-log-'));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${msg}`);

async function signIn(url: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as { accessToken: string; branches: { id: number }[] };
  return {
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(session.branches[0]!.id),
    'content-type': 'application/json',
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A file of `count` new members; `run` keeps each run's mobiles apart from the others'. */
const fileOf = (count: number, run: number) =>
  'name,mobile,validFrom,validTill\n' +
  Array.from(
    { length: count },
    (_, i) =>
      `Import Member ${String.fromCharCode(97 + (i % 26))}${i},+9${run}${String(i).padStart(8, '0')},${day(-5)},${day(25)}`,
  ).join('\n');

type Run = {
  importMs: number;
  reads: number[];
  health: number[];
  load: string;
  benchLagMs: number;
  /** CPU time of the server's process and of its embedded PostgreSQL during the import. */
  serverCpuMs: number;
  postgresCpuMs: number;
};

/**
 * The embedded PostgreSQL of the data folder: pg_ctl starts its postmaster apart from the server
 * (not a child of it), so it is found by its pid file; its backends and helpers are its children.
 */
const postgresProcesses = (): number[] => {
  const postmaster = Number(
    readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  try {
    return [postmaster, ...childrenOf(postmaster)];
  } catch {
    return [postmaster]; // pgrep finds no children
  }
};
/** CPU time (µs) of the server and of each PostgreSQL process so far. */
const cpuOf = (server: number) => {
  const postgres = new Map(postgresProcesses().map((p) => [p, cpuMicros(p)] as const));
  return { server: cpuMicros(server), postgres };
};
const cpuSince = (server: number, before: ReturnType<typeof cpuOf>) => {
  const now = cpuOf(server);
  let postgres = 0;
  // A backend that ended meanwhile is not counted (the pool keeps its connections).
  for (const [p, micros] of now.postgres) postgres += micros - (before.postgres.get(p) ?? 0);
  return { serverCpuMs: (now.server - before.server) / 1000, postgresCpuMs: postgres / 1000 };
};
const showOver = values['show-waits-over'] === undefined ? Infinity : Number(values['show-waits-over']);
const clock = () => new Date().toISOString().slice(11, 23);

/**
 * The longest this bench process's own event loop stood still while `run` ran: a wait it measures
 * includes that much of its own (it sends and times every request), which is not the server's.
 */
async function ownLag<T>(run: () => Promise<T>): Promise<{ result: T; lagMs: number }> {
  let last = performance.now();
  let lagMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last);
    if (now - last > showOver)
      console.log(`  ${clock()} this bench stood still ${(now - last).toFixed(0)} ms`);
    last = now;
  }, 5);
  try {
    return { result: await run(), lagMs };
  } finally {
    clearInterval(tick);
  }
}
const membersPath = '/api/user/getUsers?page=0&pageSize=25&sort=name';

async function measureRun(bundle: string, run: number): Promise<Run> {
  let server: ChildProcess | undefined;
  try {
    const started = await startLoggedServer(
      [...values['node-flag'], '--enable-source-maps', bundle],
      dirname(dirname(bundle)),
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        MESSAGE_TICK_SECONDS: '0',
      },
      /running at (http:\/\/\S+)/,
      logDir,
    );
    server = started.child;
    const url = started.url;
    const demo = await signIn(url, 'demo@library.test');
    const other = await signIn(url, 'staff1.o2@bench.test');
    const importFile = async (body: Uint8Array<ArrayBuffer>) => {
      const res = await fetch(`${url}/api/user/importUsers`, { method: 'POST', headers: demo, body });
      const answer = (await res.json()) as { imported: number };
      if (!res.ok) throw new Error(`import: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const bodyOf = (csv: string) => new TextEncoder().encode(JSON.stringify({ csv }));
    for (let i = 0; i < 200; i++)
      await (await fetch(`${url}${membersPath}`, { headers: other })).arrayBuffer();
    await importFile(bodyOf(fileOf(5, run).replaceAll(`+9${run}0`, `+9${run}9`)));

    const reads: number[] = [];
    const health: number[] = [];
    let importing = true;
    const poll = async (path: string, headers: Record<string, string>, into: number[]) => {
      while (importing) {
        const t = performance.now();
        const res = await fetch(`${url}${path}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path} failed during the import: ${res.status}`);
        const waited = performance.now() - t;
        into.push(waited);
        if (waited > showOver)
          console.log(`  ${clock()} ${path.split('?')[0]} waited ${waited.toFixed(0)} ms`);
      }
    };
    // Written and encoded before the clock starts: 20,000 rows of text are this process's work, not
    // the server's (a stall of this process while it encodes would add to the waits it times).
    const file = bodyOf(fileOf(rows, run));
    const cpuBefore = cpuOf(server.pid!);
    let cpu = { serverCpuMs: 0, postgresCpuMs: 0 };
    const startedAt = performance.now();
    if (showOver !== Infinity) console.log(`  ${clock()} the import starts`);
    let importMs = 0;
    const { result, lagMs } = await ownLag(async () => {
      const pollers = [
        ...Array.from({ length: Number(values.readers) }, () => poll(membersPath, other, reads)),
        poll('/api/health', {}, health),
      ];
      const imported = await importFile(file);
      importMs = performance.now() - startedAt;
      if (showOver !== Infinity) console.log(`  ${clock()} the import has ended`);
      importing = false;
      await Promise.all(pollers);
      // After the last reads (reading the processes stalls this one): their few ms count in.
      cpu = cpuSince(server!.pid!, cpuBefore);
      return imported;
    });
    if (result.imported !== rows) throw new Error(`import: ${JSON.stringify(result)}`);
    return { importMs, reads, health, load: load(), benchLagMs: lagMs, ...cpu };
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((r) => server!.once('exit', r));
  }
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const longest = (xs: number[]) => (xs.length === 0 ? '-' : `${sorted(xs).at(-1)!.toFixed(0)} ms`);
const describe = (xs: number[]) => {
  if (xs.length === 0) return 'none';
  const s = sorted(xs);
  return `longest ${s.at(-1)!.toFixed(0)} ms, p99 ${s[Math.floor(s.length * 0.99)]!.toFixed(0)}, p50 ${s[Math.floor(s.length / 2)]!.toFixed(0)} (${s.length})`;
};

try {
  log('seeding a fresh data folder: the demo organisation and a second organisation');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/db/seed-cli.ts', '--demo', '--organisations', '1', '--branches', '3'],
    { cwd: apiDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'inherit' },
  );
  const runs: Run[][] = bundles.map(() => []);
  let run = 0;
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = bundles.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      run += 1;
      const r = await measureRun(bundles[i]!, run);
      runs[i]!.push(r);
      log(
        `build ${i + 1}: import of ${rows} members ${(r.importMs / 1000).toFixed(1)} s; the other organisation's ` +
          `reads ${describe(r.reads)}; /api/health ${describe(r.health)}; CPU during the import: server ` +
          `${(r.serverCpuMs / 1000).toFixed(1)} s, PostgreSQL ${(r.postgresCpuMs / 1000).toFixed(1)} s; this bench's own longest ` +
          `stall ${r.benchLagMs.toFixed(0)} ms`,
      );
    }
  }
  console.log('');
  console.log(
    `| build | import of ${rows} members | another organisation's reads: longest wait (p99) | reads served | ` +
      `/api/health: longest wait (p99) | CPU during the import: server, PostgreSQL | this bench's own longest stall | load average |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  console.log(
    `| issue 36 (today's build, load-style) | 13-16 s | 364-581 ms (p50 2 ms) | | 364-581 ms | | |`,
  );
  const p99 = (xs: number[]) =>
    xs.length === 0 ? '-' : sorted(xs)[Math.floor(xs.length * 0.99)]!.toFixed(0);
  for (const [i, list] of runs.entries()) {
    const each = (of: (r: Run) => string) => list.map(of).join(' / ');
    console.log(
      `| ${i + 1}: ${bundles[i]} | ${each((r) => `${(r.importMs / 1000).toFixed(1)} s`)} | ` +
        `${each((r) => `${longest(r.reads)} (${p99(r.reads)})`)} | ${each((r) => String(r.reads.length))} | ` +
        `${each((r) => `${longest(r.health)} (${p99(r.health)})`)} | ` +
        `${each((r) => `${(r.serverCpuMs / 1000).toFixed(1)}, ${(r.postgresCpuMs / 1000).toFixed(1)} s`)} | ` +
        `${each((r) => `${r.benchLagMs.toFixed(0)} ms`)} | ` +
        `${each((r) => r.load.split(' ')[0]!)} |`,
    );
  }
  console.log(`targets: longest wait <= 100 ms; import no more than 20 % slower than the build before`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (values['keep-logs']) console.log(`server logs kept in ${logDir}`);
  else rmSync(logDir, { recursive: true, force: true });
}
