// The members list against its floor (issue #21, point 5): the product's authenticated
// GET /api/user/getUsers?page=0&pageSize=25&sort=name against a bare Fastify + pg server
// (floor-raw-server.ts) sending the same SQL to the same database and answering byte-identical JSON
// (checked before measuring). Both servers and PostgreSQL share CPU 0, autocannon runs on CPU 1,
// so the figure is what one core serves. Runs alternate product / floor twice; the ratio is
// product req/s over floor req/s (target >= 0.70).
// Needs a database seeded by the members bench:
//   DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:members --workspace bench -- --engine postgres --keep-db
//   DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:floor --workspace bench -- --db bench_members_...
// Options: --bundle dist/main.js (another build to compare, relative to api/) --connections 10 --seconds 10 --warmup 3 --warmup-requests 20000 --rounds 2 --no-pin
import autocannon from 'autocannon';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import {
  childrenOf,
  cpuMicros,
  postgresCpu,
  postgresMicrosSince,
  postmasterOf,
  startLoggedServer,
} from './processes.ts';

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
    rounds: { type: 'string', default: '2' },
    bundle: { type: 'string', default: 'dist/main.js' },
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
const logDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
const apiDir = fileURLToPath(new URL('../../api', import.meta.url));
const benchDir = fileURLToPath(new URL('..', import.meta.url));
const log = (msg: string) =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${loadavg()[0]!.toFixed(2)}] ${msg}`);
const pinTo = (cpu: number, pid: number) => {
  if (values.pin) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
};

let postmaster = 0;
/** PostgreSQL's postmaster and its helper processes go to CPU 0 (new backends inherit it). */
async function pinPostgres() {
  postmaster = await postmasterOf(dbUrl);
  pinTo(0, postmaster);
  for (const child of childrenOf(postmaster)) pinTo(0, child);
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
  const before = { server: cpuMicros(pid), postgres: postgresCpu(postmaster) };
  const result = await autocannon({
    url: `${url}/api/user/getUsers?page=0&pageSize=25&sort=name`,
    connections: Number(values.connections),
    ...length,
    headers,
  });
  const n = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    serverUs: (cpuMicros(pid) - before.server) / n,
    postgresUs: postgresMicrosSince(postmaster, before.postgres) / n,
  };
}

const servers: ChildProcess[] = [];
try {
  if (values.pin) {
    await pinPostgres();
    pinTo(1, process.pid);
  }
  // The product as `npm start` runs it (the esbuild bundle) when built, else from source.
  const bundle = existsSync(`${apiDir}/${values.bundle}`);
  const product = await startLoggedServer(
    bundle ? ['--enable-source-maps', values.bundle!] : ['--import', 'tsx', 'src/main.ts'],
    apiDir,
    // Without the background work (message reminders each minute, the WiFi outbox every 5 s): on a
    // million members the reminders' statement alone takes ~0.5 s of PostgreSQL's CPU a minute, which
    // this per-request figure would charge to the list requests measured in that minute.
    {
      DATABASE_URL: dbUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      MESSAGE_TICK_SECONDS: '0',
      WIFI_OUTBOX_INTERVAL_MS: '0',
    },
    /running at (http:\/\/\S+)/,
    logDir,
  );
  servers.push(product.child);
  const raw = await startLoggedServer(
    ['--import', 'tsx', 'src/floor-raw-server.ts'],
    benchDir,
    { DATABASE_URL: dbUrl, PORT: '0' },
    /raw server at (http:\/\/\S+)/,
    logDir,
  );
  servers.push(raw.child);
  for (const s of servers) pinTo(0, s.pid!);
  log(`product (${bundle ? values.bundle : 'source'}) at ${product.url}, floor at ${raw.url}`);

  const login = await fetch(`${product.url}/api/authentication/login`, {
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
  const bodies = await Promise.all(
    [product.url, raw.url].map(async (u) => {
      const res = await fetch(`${u}/api/user/getUsers?page=0&pageSize=25&sort=name`, { headers });
      return res.text();
    }),
  );
  if (bodies[0] !== bodies[1]) {
    console.error(
      `the answers differ:\nproduct ${bodies[0]!.slice(0, 600)}\nfloor   ${bodies[1]!.slice(0, 600)}`,
    );
    process.exit(1);
  }
  log(
    `byte-identical answers (${bodies[0]!.length} bytes, ${(JSON.parse(bodies[0]!) as { items: unknown[] }).items.length} members)`,
  );

  const seconds = Number(values.seconds);
  const rows: ({ server: string } & Awaited<ReturnType<typeof measure>>)[] = [];
  for (const server of [product, raw]) {
    await measure(server.url, server.child.pid!, headers, { amount: Number(values['warmup-requests']) });
  }
  log(`each server answered ${values['warmup-requests']} requests to warm up`);
  const rounds = Number(values.rounds);
  for (let round = 1; round <= rounds; round++) {
    for (const [name, server] of [
      ['product', product],
      ['floor', raw],
    ] as const) {
      await measure(server.url, server.child.pid!, headers, { duration: Number(values.warmup) });
      const m = await measure(server.url, server.child.pid!, headers, { duration: seconds });
      rows.push({ server: name, ...m });
      log(
        `${name} round ${round}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}`,
      );
    }
  }
  const mean = (server: string, of: (r: (typeof rows)[number]) => number) =>
    rows.filter((r) => r.server === server).reduce((s, r) => s + of(r), 0) / rounds;
  const cpu = (r: (typeof rows)[number]) => r.serverUs + r.postgresUs;
  console.log(
    `\n${values.connections} connections, ${seconds} s per run, server and PostgreSQL on ${values.pin ? 'CPU 0' : 'any CPU'}`,
  );
  console.log('server    req/s   p50   p99   CPU us/request: server  PostgreSQL  both');
  for (const r of rows) {
    console.log(
      `${r.server.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(5)} ${String(r.p99).padStart(5)}` +
        `${r.serverUs.toFixed(0).padStart(24)} ${r.postgresUs.toFixed(0).padStart(11)} ${cpu(r).toFixed(0).padStart(5)}`,
    );
  }
  const ratio = mean('product', (r) => r.rps) / mean('floor', (r) => r.rps);
  const cpuRatio = mean('floor', cpu) / mean('product', cpu);
  console.log(
    `ratio product / floor: ${ratio.toFixed(2)} by req/s, ${cpuRatio.toFixed(2)} by CPU per request (target 0.70)`,
  );
} finally {
  for (const s of servers) s.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(logDir, { recursive: true, force: true });
}
