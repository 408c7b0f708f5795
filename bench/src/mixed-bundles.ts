// Issue 36, point 3: 50 callers, mixed reads and writes (bench:figures --bundle A --bundle B), builds
// side by side in one run. The data is seeded once by the FIRST build's seed (its schema, so a later
// build's migrations are its own to apply) and copied, one data folder per build: both start on the
// same rows, and a build's migrations or triggers never reach the other's database. Both servers run
// at once (background ticks off); the measured runs alternate between them, round by round, the
// order reversed every other round. Per run: req/s, p50/p99, errors, the CPU per request of the
// server and of its PostgreSQL (from /proc), and the load average.
// The mix (mix.ts, writeMixRequests): new member enrolled on the branch's door device, an edit of a
// member, member search, members list, payments list, seat map.
import autocannon from 'autocannon';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { embeddedServerUrl } from '../../api/src/db/embedded.ts';
import { writeMixRequests, type MemberRecord } from './mix.ts';
import { cpuMicros, postgresCpu, postgresMicrosSince, postmasterOf, startLoggedServer } from './processes.ts';

export type MixedBundlesOptions = {
  bundles: string[];
  rounds: number;
  seconds: number;
  connections: number;
  /** Requests of the mix each server answers before the first measured run (the JIT settles). */
  warmupRequests: number;
  nodeFlags: string[];
  keepLogs: boolean;
};

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

type Server = {
  bundle: string;
  child: ChildProcess;
  url: string;
  postmaster: number;
  requests: autocannon.Request[];
  headers: Record<string, string>;
  /** Refused or failed answers by request, with the first answer of each kind. */
  failures: Map<string, { n: number; sample: string }>;
};

type Measured = {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  serverUs: number;
  postgresUs: number;
  load: number;
  total: number;
};

/** A server of `bundle` on `dataDir`, signed in, with a door device accepted and the mix's data read. */
async function startServer(
  bundle: string,
  dataDir: string,
  index: number,
  opts: MixedBundlesOptions,
  logDir: string,
) {
  const started = await startLoggedServer(
    [...opts.nodeFlags, '--enable-source-maps', bundle],
    dirname(dirname(bundle)),
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      MESSAGE_TICK_SECONDS: '0',
      WIFI_OUTBOX_INTERVAL_MS: '0',
    },
    /running at (http:\/\/\S+)/,
    logDir,
  );
  const url = started.url;
  const headers = await signIn(url, 'demo@library.test');
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(url + path, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  // A door device calls in and the branch accepts it: the mix's new members are enrolled on it.
  const serial = `BENCH${index}`;
  const hello = await fetch(`${url}/iclock/cdata?SN=${serial}&options=all&pushver=2.4.1`);
  if (!hello.ok) throw new Error(`device handshake: ${hello.status} ${await hello.text()}`);
  const accepted = await fetch(`${url}/api/device/acceptDevice`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ serialNumber: serial, name: 'Front door' }),
  });
  if (!accepted.ok) throw new Error(`accept device: ${accepted.status} ${await accepted.text()}`);
  const deviceId = ((await accepted.json()) as { id: number }).id;
  const options = await get<{ feeStructures: { id: number }[] }>('/api/payment/getPaymentOptions');
  const rooms = await get<{ items: { id: number }[] }>('/api/room/getRooms?pageSize=25');
  const members: MemberRecord[] = [];
  for (let page = 0; page < 4; page++) {
    members.push(
      ...(await get<{ items: MemberRecord[] }>(`/api/user/getUsers?pageSize=100&page=${page}`)).items,
    );
  }
  const room = rooms.items[0]!;
  const failures = new Map<string, { n: number; sample: string }>();
  const requests = writeMixRequests({
    feeStructureId: options.feeStructures[0]!.id,
    deviceId,
    roomId: room.id,
    members,
    mobilePrefix: `97${index}`,
  }).map((r) => ({
    ...r,
    onResponse: (status: number, body: string) => {
      if (status < 400) return;
      const key = `${r.method} ${(r.path ?? 'updateUser').split('?')[0]} ${status}`;
      const seen = failures.get(key);
      if (seen) seen.n += 1;
      else failures.set(key, { n: 1, sample: body.slice(0, 300) });
    },
  }));
  const postmaster = await postmasterOf(embeddedServerUrl(dataDir));
  return { bundle, child: started.child, url, postmaster, requests, headers, failures } satisfies Server;
}

async function measure(s: Server, opts: { seconds?: number; amount?: number; connections: number }) {
  const before = { server: cpuMicros(s.child.pid!), postgres: postgresCpu(s.postmaster) };
  const loadBefore = loadavg()[0]!;
  const r = await autocannon({
    url: s.url,
    headers: s.headers,
    requests: s.requests,
    connections: opts.connections,
    timeout: 30,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
  });
  const n = r.requests.total;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.errors + r.timeouts + r.non2xx,
    serverUs: (cpuMicros(s.child.pid!) - before.server) / n,
    postgresUs: postgresMicrosSince(s.postmaster, before.postgres) / n,
    load: (loadBefore + loadavg()[0]!) / 2,
    total: n,
  } satisfies Measured;
}

export async function runMixedBundles(opts: MixedBundlesOptions): Promise<number> {
  const bundles = opts.bundles.map((b) => resolve(b));
  const seedDir = mkdtempSync(join(tmpdir(), 'bench-mixed-seed-'));
  const dataDirs = bundles.map(() => mkdtempSync(join(tmpdir(), 'bench-mixed-')));
  const logDir = mkdtempSync(join(tmpdir(), 'bench-mixed-log-'));
  const servers: Server[] = [];
  try {
    // The first build's own seed and migrations (its api/src), so every later build migrates its copy.
    const seedApi = dirname(dirname(bundles[0]!));
    log(`seeding with ${seedApi}: the demo organisation and a second one`);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/db/seed-cli.ts', '--demo', '--organisations', '1', '--branches', '3'],
      { cwd: seedApi, env: { ...process.env, DATA_DIR: seedDir, DATABASE_URL: '' }, stdio: 'inherit' },
    );
    // cp -a: PostgreSQL runs as its own user (as root, `postgres`) and refuses a folder it does not own.
    for (const dir of dataDirs) execFileSync('cp', ['-a', `${seedDir}/.`, dir]);
    for (const [i, bundle] of bundles.entries()) {
      servers.push(await startServer(bundle, dataDirs[i]!, i + 1, opts, logDir));
      log(`build ${i + 1}: ${bundle} at ${servers[i]!.url}`);
    }
    for (const s of servers) await measure(s, { amount: opts.warmupRequests, connections: opts.connections });
    log(`warmed up: ${opts.warmupRequests} requests of the mix on each build`);
    for (const s of servers) s.failures.clear();

    const runs: Measured[][] = servers.map(() => []);
    for (let round = 0; round < opts.rounds; round++) {
      const order = servers.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const m = await measure(servers[i]!, { seconds: opts.seconds, connections: opts.connections });
        runs[i]!.push(m);
        log(
          `build ${i + 1}, round ${round + 1}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ` +
            `failed ${m.failed} of ${m.total}, CPU per request ${m.serverUs.toFixed(0)} us server + ` +
            `${m.postgresUs.toFixed(0)} us PostgreSQL`,
        );
      }
    }

    console.log('');
    console.log(
      `${opts.connections} callers, ${opts.seconds} s per run: new member (door device), member edit, ` +
        'member search, members list, payments list, seat map',
    );
    console.log(
      '| build | req/s | p50 ms | p99 ms | failed | server CPU us/req | PostgreSQL CPU us/req | load (1 min) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const each = (list: Measured[], of: (m: Measured) => string) => list.map(of).join(' / ');
    for (const [i, list] of runs.entries()) {
      console.log(
        `| ${i + 1}: ${bundles[i]} | ${each(list, (m) => m.rps.toFixed(0))} | ${each(list, (m) => String(m.p50))} | ` +
          `${each(list, (m) => String(m.p99))} | ${each(list, (m) => String(m.failed))} | ` +
          `${each(list, (m) => m.serverUs.toFixed(0))} | ${each(list, (m) => m.postgresUs.toFixed(0))} | ` +
          `${each(list, (m) => m.load.toFixed(1))} |`,
      );
    }
    const mean = (list: Measured[]) => list.reduce((s, m) => s + m.rps, 0) / list.length;
    for (let i = 1; i < runs.length; i++) {
      const paired = runs[i]!.map((m, r) => (m.rps / runs[0]![r]!.rps).toFixed(2)).join(' / ');
      console.log(
        `build ${i + 1} against build 1: ${(mean(runs[i]!) / mean(runs[0]!)).toFixed(2)}x req/s (rounds: ${paired})`,
      );
    }
    let failed = 0;
    for (const [i, s] of servers.entries()) {
      for (const [key, f] of s.failures) {
        failed += f.n;
        console.log(`build ${i + 1}: ${f.n} x ${key}: ${f.sample}`);
      }
    }
    failed += runs.flat().reduce((s, m) => s + m.failed, 0);
    if (failed > 0) console.log(`FAILED: ${failed} requests failed`);
    return failed > 0 ? 1 : 0;
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
    }
    for (const dir of [seedDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
    if (opts.keepLogs) console.log(`server logs kept in ${logDir}`);
    else rmSync(logDir, { recursive: true, force: true });
  }
}
