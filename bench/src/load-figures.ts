// The load figures of issue 21, measured again on today's product with the embedded PostgreSQL and
// printed beside the figures the issue recorded (PGlite, and the embedded server then):
//   - 50 callers, mixed reads and writes, 30 s: throughput and p99;
//   - another organisation's reads while one imports 20,000 members: the longest wait;
//   - 10 callers: a small authenticated list (the branches) and the members page of 25: req/s, p99.
// A fresh data folder with the demo organisation and a second one (seed --organisations 1), the
// product as `npm start` runs it (the built bundle when there is one, default logging to a file).
// Besides req/s it prints the CPU each request cost the server and PostgreSQL (from /proc) and the
// load average: on a shared machine req/s moves with the neighbours, CPU per request much less.
// The 10-caller runs alternate list / members twice, after a warm-up of 3,000 requests of each.
// Run: npm run bench:figures --workspace bench [-- --seconds 10 --mixed-seconds 30 --readers 5 --warmup-requests 3000]
// With --bundle (twice or more): only the mixed load of issue 36 (mixed-bundles.ts), builds side by
// side in one run: npm run bench:figures --workspace bench -- --bundle /tmp/before36/api/dist/main.js
//   --bundle "$PWD/api/dist/main.js" [--rounds 3 --mixed-seconds 30 --mixed-connections 50]
import autocannon from 'autocannon';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { embeddedServerUrl } from '../../api/src/db/embedded.ts';
import { mixedRequests } from './mix.ts';
import { runMixedBundles } from './mixed-bundles.ts';
import { cpuMicros, postgresCpu, postgresMicrosSince, postmasterOf, startLoggedServer } from './processes.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    /** Requests answered before the first measured run, so the JIT has settled (bench:floor does the same). */
    'warmup-requests': { type: 'string', default: '3000' },
    'mixed-seconds': { type: 'string', default: '30' },
    'mixed-connections': { type: 'string', default: '50' },
    connections: { type: 'string', default: '10' },
    /** Concurrent readers of the other organisation during the import. */
    readers: { type: 'string', default: '5' },
    'import-rows': { type: 'string', default: '20000' },
    /** API builds (their dist/main.js) to compare under the mixed load; see mixed-bundles.ts. */
    bundle: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '3' },
    /** Passed to each server's node with --bundle, e.g. --node-flag=--cpu-prof. */
    'node-flag': { type: 'string', multiple: true, default: [] },
    'keep-logs': { type: 'boolean', default: false },
  },
});
if (values.bundle.length > 0) {
  process.exit(
    await runMixedBundles({
      bundles: values.bundle,
      rounds: Number(values.rounds),
      seconds: Number(values['mixed-seconds']),
      connections: Number(values['mixed-connections']),
      warmupRequests: Number(values['warmup-requests']),
      nodeFlags: values['node-flag'],
      keepLogs: values['keep-logs'],
    }),
  );
}
const apiDir = fileURLToPath(new URL('../../api', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-figures-'));
const logDir = mkdtempSync(join(tmpdir(), 'bench-figures-log-'));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${msg}`);
const loads: number[] = [];
const noteLoad = () => loads.push(loadavg()[0]!);

type Session = { accessToken: string; branches: { id: number }[] };
async function signIn(url: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as Session;
  return {
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(session.branches[0]!.id),
    'content-type': 'application/json',
  };
}

let server: ChildProcess | undefined;
try {
  log('seeding a fresh data folder: the demo organisation and a second organisation');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'src/db/seed-cli.ts', '--demo', '--organisations', '1', '--branches', '3'],
    { cwd: apiDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'inherit' },
  );
  const bundle = existsSync(`${apiDir}/dist/main.js`);
  const started = await startLoggedServer(
    bundle ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts'],
    apiDir,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    /running at (http:\/\/\S+)/,
    logDir,
  );
  server = started.child;
  const url = started.url;
  const dbUrl = embeddedServerUrl(dataDir);
  const postmaster = await postmasterOf(dbUrl);
  log(`product (${bundle ? 'dist/main.js' : 'source'}) at ${url}, embedded PostgreSQL`);

  /** One autocannon run with the CPU it cost the server and PostgreSQL per request. */
  async function measure(opts: autocannon.Options) {
    const before = { server: cpuMicros(server!.pid!), postgres: postgresCpu(postmaster) };
    noteLoad();
    const r = await autocannon({ timeout: 30, ...opts });
    noteLoad();
    const n = r.requests.total;
    return {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      failed: r.errors + r.timeouts + r.non2xx,
      serverUs: (cpuMicros(server!.pid!) - before.server) / n,
      postgresUs: postgresMicrosSince(postmaster, before.postgres) / n,
    };
  }
  type Measured = Awaited<ReturnType<typeof measure>>;
  const line = (name: string, m: Measured) =>
    log(
      `${name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms, failed ${m.failed}, ` +
        `CPU per request ${m.serverUs.toFixed(0)} us server + ${m.postgresUs.toFixed(0)} us PostgreSQL`,
    );

  const demo = await signIn(url, 'demo@library.test');
  const other = await signIn(url, 'staff1.o2@bench.test');

  // 10 callers: a small list and the members page of 25, alternating.
  const paths = {
    small: '/api/branch/getBranches?pageSize=25',
    members: '/api/user/getUsers?page=0&pageSize=25&sort=name',
  };
  const tenCallers: Record<keyof typeof paths, Measured[]> = { small: [], members: [] };
  for (const path of Object.values(paths)) {
    await measure({
      url: url + path,
      headers: demo,
      connections: 10,
      amount: Number(values['warmup-requests']),
    });
  }
  log(`warmed up: ${values['warmup-requests']} requests of each list`);
  for (let round = 1; round <= 2; round++) {
    for (const key of ['small', 'members'] as const) {
      const opts = { url: url + paths[key], headers: demo, connections: Number(values.connections) };
      await measure({ ...opts, duration: Number(values.warmup) });
      const m = await measure({ ...opts, duration: Number(values.seconds) });
      tenCallers[key].push(m);
      line(`${values.connections} callers, ${key === 'small' ? 'branches list' : 'members page of 25'}`, m);
    }
  }

  // 50 callers, reads and writes mixed.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const options = (await (await fetch(`${url}/api/payment/getPaymentOptions`, { headers: demo })).json()) as {
    feeStructures: { id: number }[];
  };
  const members = (
    await db.query<{ id: number }>('select id from users where branch_id = $1 order by id', [
      Number(demo.branchid),
    ])
  ).rows.map((r) => r.id);
  const mixed = await measure({
    url,
    headers: demo,
    requests: mixedRequests(options.feeStructures[0]!.id, members),
    connections: Number(values['mixed-connections']),
    duration: Number(values['mixed-seconds']),
  });
  line(`${values['mixed-connections']} callers, mixed reads and writes`, mixed);

  // One organisation imports 20,000 members while the other reads its members list.
  const rows = Number(values['import-rows']);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const csv =
    'name,mobile,validFrom,validTill\n' +
    Array.from(
      { length: rows },
      (_, i) =>
        `Import Member ${String.fromCharCode(97 + (i % 26))}${i},+97${String(i).padStart(8, '0')},${day(-5)},${day(25)}`,
    ).join('\n');
  const waits: number[] = [];
  let importing = true;
  const reader = async () => {
    while (importing) {
      const t = performance.now();
      const res = await fetch(`${url}${paths.members}`, { headers: other });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`the other organisation's read failed: ${res.status}`);
      waits.push(performance.now() - t);
    }
  };
  noteLoad();
  const importStarted = performance.now();
  const readers = Array.from({ length: Number(values.readers) }, reader);
  const imported = await fetch(`${url}/api/user/importUsers`, {
    method: 'POST',
    headers: demo,
    body: JSON.stringify({ csv }),
  });
  const importMs = performance.now() - importStarted;
  importing = false;
  await Promise.all(readers);
  noteLoad();
  const result = (await imported.json()) as { imported: number; skipped: number };
  if (!imported.ok || result.imported !== rows) throw new Error(`import: ${JSON.stringify(result)}`);
  waits.sort((a, b) => a - b);
  const longest = waits.at(-1)!;
  const p99 = waits[Math.floor(waits.length * 0.99)]!;
  log(
    `import of ${result.imported} members took ${importMs.toFixed(0)} ms; the other organisation's ` +
      `${waits.length} reads meanwhile (${values.readers} readers): longest ${longest.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
  );
  await db.end();

  const mean = (ms: Measured[], of: (m: Measured) => number) => ms.reduce((s, m) => s + of(m), 0) / ms.length;
  const rps = (k: keyof typeof paths) => mean(tenCallers[k], (m) => m.rps).toFixed(0);
  const p99s = (k: keyof typeof paths) => mean(tenCallers[k], (m) => m.p99).toFixed(0);
  const cpu = (ms: Measured[]) =>
    `${mean(ms, (m) => m.serverUs).toFixed(0)} + ${mean(ms, (m) => m.postgresUs).toFixed(0)} us`;
  const table = [
    [
      'measure',
      'PGlite (issue)',
      'embedded PostgreSQL (issue)',
      'today, embedded PostgreSQL',
      'CPU/request server + PostgreSQL',
    ],
    [
      `${values['mixed-connections']} callers, mixed reads/writes, ${values['mixed-seconds']} s: throughput, p99`,
      '240 req/s, 474 ms',
      '545 req/s, 254 ms',
      `${mixed.rps.toFixed(0)} req/s, ${mixed.p99} ms`,
      cpu([mixed]),
    ],
    [
      `another organisation's reads while one imports ${rows} members`,
      'blocked 4,520 ms',
      'longest wait 124 ms',
      `longest wait ${longest.toFixed(0)} ms (import ${(importMs / 1000).toFixed(1)} s)`,
      '',
    ],
    [
      `${values.connections} callers: small authenticated list / members page of 25`,
      '519 / 306 req/s, p99 42 / 65 ms',
      '1,803 / 1,158 req/s, p99 14 / 20 ms',
      `${rps('small')} / ${rps('members')} req/s, p99 ${p99s('small')} / ${p99s('members')} ms`,
      `${cpu(tenCallers.small)} / ${cpu(tenCallers.members)}`,
    ],
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  console.log('');
  for (const r of table) console.log(`| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`);
  console.log(
    `\nload average (1 min) during the runs: ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} ` +
      `on ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores; small list = ${paths.small}`,
  );
  const failed = mixed.failed + tenCallers.small.concat(tenCallers.members).reduce((s, m) => s + m.failed, 0);
  if (failed > 0) {
    console.log(`FAILED: ${failed} requests failed`);
    process.exitCode = 1;
  }
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server!.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logDir, { recursive: true, force: true });
}
