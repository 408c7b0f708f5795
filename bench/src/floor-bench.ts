// The members list against its floor (issue #21, point 5): the product's authenticated
// GET /api/user/getUsers?page=0&pageSize=25&sort=name against a bare Fastify + pg server
// (floor-raw-server.ts) sending the same SQL to the same database and answering byte-identical JSON
// (checked before measuring). The servers and their PostgreSQL backends share CPU 0, autocannon runs on CPU 1,
// so the figure is what one core serves. Each round runs every build and the floor once, in turn
// (the order rotates from round to round); the ratio is a build's req/s over the floor's, and the
// floor's CPU per request over the build's (target >= 0.80, issue 36).
// Needs a database seeded by the members bench:
//   DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:members --workspace bench -- --engine postgres --keep-db
//   DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:floor --workspace bench -- --db bench_members_...
// Several builds in one run, each against the same floor (e.g. the build before a change and this one):
//   ... bench:floor --workspace bench -- --db bench_members_... --bundle /tmp/before/api/dist/main.js --bundle "$PWD/api/dist/main.js" --rounds 3
// Options: --bundle dist/main.js (repeatable; relative to api/ or absolute; each runs in its own api/
// folder) --node-flag --cpu-prof (repeatable, for the builds) --connections 10 --seconds 10 --warmup 3
// --warmup-requests 20000 --rounds 3 --no-pin
import autocannon from 'autocannon';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { cpuMicros, startLoggedServer } from './processes.ts';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    db: { type: 'string' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    /**
     * Requests each server answers before the first measured run: the product has far more code for
     * the JIT to settle than the floor, and a few seconds on a busy core are a few hundred requests.
     * Its CPU per request keeps falling well past 5,000 (server us per request over three rounds:
     * 1,729 / 1,631 / 888 after 5,000; 857 / 813 / 963 after 20,000, 2026-11-27). A server runs for
     * hours, so the figure is taken warm.
     */
    'warmup-requests': { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    bundle: { type: 'string', multiple: true, default: ['dist/main.js'] },
    'node-flag': { type: 'string', multiple: true, default: [] },
    pin: { type: 'boolean', default: true },
  },
});
if (!values.db)
  throw new Error('--db NAME: a database seeded by `bench:members --engine postgres --keep-db`');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55433/postgres';
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${values.db}`;
  return u.toString();
})();
const jwtSecret = randomBytes(32).toString('hex');
const logDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
const apiDir = fileURLToPath(new URL('../../api', import.meta.url));
const benchDir = fileURLToPath(new URL('..', import.meta.url));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${msg}`);
const pinTo = (cpu: number, pid: number) => {
  if (values.pin) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
};

/**
 * The PostgreSQL backends serving this database: the servers' pools. PostgreSQL is shared with other
 * sessions' databases, so neither its postmaster (every backend forked after would inherit the pin)
 * nor other databases' backends are pinned or counted; the shared helpers (WAL writer, checkpointer)
 * are not counted either, which a read-only list barely uses.
 */
let watcher: pg.Client | undefined;
async function ourBackends(): Promise<number[]> {
  if (!watcher) {
    watcher = new pg.Client({ connectionString: dbUrl });
    await watcher.connect();
  }
  const { rows } = await watcher.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

/** Of the caller's branches, the one with the most members, and how many. */
async function largestBranch(ids: number[]) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number; members: number }>(
      `select branch_id as id, count(*)::int as members from users where branch_id = any($1::int[])
        group by branch_id order by members desc limit 1`,
      [ids],
    );
    return rows[0]!;
  } finally {
    await c.end();
  }
}

/**
 * Throughput and latency, and the CPU each request cost the server and PostgreSQL: on a shared,
 * noisy machine req/s moves with the neighbours, CPU per request much less.
 */
async function measure(
  url: string,
  pid: number,
  headers: Record<string, string>,
  length: { duration: number } | { amount: number },
) {
  const backends = await ourBackends();
  for (const backend of backends) pinTo(0, backend);
  const before = {
    server: cpuMicros(pid),
    postgres: new Map(backends.map((b) => [b, cpuMicros(b)] as const)),
  };
  const result = await autocannon({
    url: `${url}/api/user/getUsers?page=0&pageSize=25&sort=name`,
    connections: Number(values.connections),
    ...length,
    headers,
  });
  const n = result.requests.total;
  // A backend the pool opened during the run counts whole; one it closed meanwhile is not seen.
  let postgresUs = 0;
  for (const b of await ourBackends()) postgresUs += cpuMicros(b) - (before.postgres.get(b) ?? 0);
  return {
    load: load(),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    serverUs: (cpuMicros(pid) - before.server) / n,
    postgresUs: postgresUs / n,
  };
}

const servers: ChildProcess[] = [];
try {
  pinTo(1, process.pid);
  // Each build as `npm start` runs it (its esbuild bundle, from its own api/ folder), or this
  // checkout from source when the default bundle is not built.
  const products = [];
  for (const [i, given] of values.bundle.entries()) {
    const bundle = resolve(apiDir, given);
    const built = existsSync(bundle);
    if (!built && values.bundle.length > 1) throw new Error(`${bundle} is not built`);
    const server = await startLoggedServer(
      built
        ? [...values['node-flag'], '--enable-source-maps', bundle]
        : [...values['node-flag'], '--import', 'tsx', 'src/main.ts'],
      built ? dirname(dirname(bundle)) : apiDir,
      // Without the background work (message reminders each minute, the WiFi outbox every 5 s): on a
      // million members the reminders' statement alone takes ~0.5 s of PostgreSQL's CPU a minute,
      // which this per-request figure would charge to the list requests measured in that minute.
      {
        DATABASE_URL: dbUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        MESSAGE_TICK_SECONDS: '0',
        WIFI_OUTBOX_INTERVAL_MS: '0',
        // One secret for every build (each would keep its own in its own data folder), so one
        // sign-in's token is good for all of them.
        JWT_SECRET: jwtSecret,
      },
      /running at (http:\/\/\S+)/,
      logDir,
    );
    servers.push(server.child);
    const name = values.bundle.length > 1 ? `build ${i + 1}` : 'product';
    products.push({ name, path: built ? bundle : 'source', ...server });
    log(`${name}: ${built ? bundle : 'source'} at ${server.url}`);
  }
  const raw = await startLoggedServer(
    ['--import', 'tsx', 'src/floor-raw-server.ts'],
    benchDir,
    { DATABASE_URL: dbUrl, PORT: '0' },
    /raw server at (http:\/\/\S+)/,
    logDir,
  );
  servers.push(raw.child);
  for (const s of servers) pinTo(0, s.pid!);
  log(`floor at ${raw.url}`);

  const login = await fetch(`${products[0]!.url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345' }),
  });
  const session = (await login.json()) as { accessToken: string; branches: { id: number }[] };
  // The branch the members bench filled (a million members): the session lists branches by name, and
  // the first one is a demo branch of a few hundred, whose exact total is counted on every request.
  const largest = await largestBranch(session.branches.map((b) => b.id));
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(largest.id),
  };
  log(`branch ${largest.id}: ${largest.members} members`);
  const all = [...products, { name: 'floor', ...raw }];
  const bodies = await Promise.all(
    all.map(async (s) => {
      const res = await fetch(`${s.url}/api/user/getUsers?page=0&pageSize=25&sort=name`, { headers });
      return res.text();
    }),
  );
  const floorBody = bodies.at(-1)!;
  for (const [i, body] of bodies.entries()) {
    if (body !== floorBody) {
      // Thrown, not process.exit: the servers are stopped on the way out (finally).
      throw new Error(
        `the answers differ:\n${all[i]!.name} ${body.slice(0, 600)}\nfloor   ${floorBody.slice(0, 600)}`,
      );
    }
  }
  log(
    `byte-identical answers (${floorBody.length} bytes, ${(JSON.parse(floorBody) as { items: unknown[] }).items.length} members)`,
  );

  const seconds = Number(values.seconds);
  const rows: ({ server: string; round: number } & Awaited<ReturnType<typeof measure>>)[] = [];
  for (const server of all) {
    await measure(server.url, server.child.pid!, headers, { amount: Number(values['warmup-requests']) });
  }
  log(`each server answered ${values['warmup-requests']} requests to warm up`);
  const rounds = Number(values.rounds);
  for (let round = 1; round <= rounds; round++) {
    // The order turns each round, so no server always runs right after the same neighbour.
    const order = all.map((_, i) => all[(i + round - 1) % all.length]!);
    for (const server of order) {
      await measure(server.url, server.child.pid!, headers, { duration: Number(values.warmup) });
      const m = await measure(server.url, server.child.pid!, headers, { duration: seconds });
      rows.push({ server: server.name, round, ...m });
      log(
        `${server.name} round ${round}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}`,
      );
    }
  }
  const mean = (server: string, of: (r: (typeof rows)[number]) => number) =>
    rows.filter((r) => r.server === server).reduce((s, r) => s + of(r), 0) / rounds;
  const cpu = (r: (typeof rows)[number]) => r.serverUs + r.postgresUs;
  console.log(
    `\n${values.connections} connections, ${seconds} s per run, servers and PostgreSQL on ${values.pin ? 'CPU 0' : 'any CPU'}`,
  );
  for (const p of products) console.log(`${p.name}: ${p.path}`);
  console.log('server   round  req/s   p50   p99   CPU us/request: server  PostgreSQL  both   load average');
  for (const r of rows) {
    console.log(
      `${r.server.padEnd(8)} ${String(r.round).padStart(5)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)}` +
        `${r.serverUs.toFixed(0).padStart(24)} ${r.postgresUs.toFixed(0).padStart(11)} ${cpu(r).toFixed(0).padStart(5)}   ${r.load}`,
    );
  }
  for (const p of products) {
    const ratio = mean(p.name, (r) => r.rps) / mean('floor', (r) => r.rps);
    const cpuRatio = mean('floor', cpu) / mean(p.name, cpu);
    const serverRatio = mean('floor', (r) => r.serverUs) / mean(p.name, (r) => r.serverUs);
    const perRound = Array.from({ length: rounds }, (_, k) => {
      const of = (name: string) => rows.find((r) => r.server === name && r.round === k + 1)!;
      return (of(p.name).rps / of('floor').rps).toFixed(2);
    });
    console.log(
      `${p.name} / floor: ${ratio.toFixed(2)} by req/s (rounds ${perRound.join(' / ')}), ` +
        `${cpuRatio.toFixed(2)} by CPU per request (server + PostgreSQL; server alone ${serverRatio.toFixed(2)}) (target 0.80)`,
    );
  }
} finally {
  await watcher?.end();
  for (const s of servers) s.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(logDir, { recursive: true, force: true });
}
