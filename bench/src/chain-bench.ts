// Figures at chain scale (issue 43, point 5): an organisation of 100 branches with 1,000,000 members
// and 10,000,000 payments, times BENCH_SCALE (default 0.1: 100,000 members, 1,000,000 payments), on
// the embedded PostgreSQL of a fresh data folder with the demo organisation. Rows are written by SQL
// with generate_series (the users trigger keeps member summaries; money tallies are computed once by
// refresh_money_tallies, as the seed does), spread evenly over the branches: refunds (1 per 100
// payments), expenses, entrance punches, messages and audit rows (one per member).
// Prints, each with the scale beside it:
//   - p50/p99 of the first page of every list of one branch (members, payments, refunds, expenses,
//     attendance, messages, a member's history), of that branch's dashboard and of a year's
//     analytics for the branch and for the whole organisation (target p99 <= 50 ms), 10 callers;
//   - the mixed bench (bench/src/mix.ts) against one API process and against two behind a
//     round-robin proxy (node:http, here), req/s and p99, the proxy in front of both cases;
//   - the first server's resident memory (VmRSS) at rest and its peak under the mixed bench.
// Run: BENCH_SCALE=0.1 npm run bench:chain --workspace bench [-- --seconds 10 --connections 10 --keep]
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { mixedRequests } from './mix.ts';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.BENCH_SCALE ?? '0.1' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    'mixed-connections': { type: 'string', default: '20' },
    'mixed-seconds': { type: 'string', default: '20' },
    // Leave the server and its database running afterwards (to EXPLAIN a statement by hand).
    keep: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_SCALE (or --scale) is a number in (0, 1]');
const branchCount = 100;
const counts = {
  members: Math.round(1_000_000 * scale),
  payments: Math.round(10_000_000 * scale),
  expenses: Math.round(200_000 * scale),
  punches: Math.round(3_000_000 * scale),
  messages: Math.round(1_000_000 * scale),
};
const tag = `[scale ${scale}]`;
/** The scale and the machine's load beside every figure. */
const note = () => `${tag} load ${loadavg()[0]!.toFixed(1)}`;
const log = (msg: string) =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${loadavg()[0]!.toFixed(1)}] ${msg}`);
const rss = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-chain-'));
const dataDirB = mkdtempSync(join(tmpdir(), 'bench-chain-b-'));
// One signing secret for both processes, as servers behind one balancer share it.
const jwtSecret = 'chain-bench-secret-chain-bench-secret-0123456789';
const serverA = await startApiServer({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret });
const { url } = serverA;
let serverB: Awaited<ReturnType<typeof startApiServer>> | undefined;
let finished = false;

function databaseUrl(): string {
  const port = Number(
    readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

async function timed(what: string, work: () => Promise<unknown>) {
  const t0 = performance.now();
  await work();
  log(`  ${what} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** Writes `total` rows by `insert(from, to)` in batches of `batch`, logging as it goes. */
async function inBatches(
  what: string,
  total: number,
  batch: number,
  insert: (from: number, to: number) => Promise<unknown>,
) {
  await timed(`${total.toLocaleString()} ${what}`, async () => {
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await insert(from, to);
      if (total > batch) log(`    ${what} ${to.toLocaleString()} / ${total.toLocaleString()}`);
    }
  });
}

/**
 * Runs `work` with the table's secondary indexes dropped, then builds them again: at scale 1 the
 * payments' ten million rows kept every index current row by row (the random md5 of verify_token
 * above all) at ~2,000 rows a second; a built index is one sort. Indexes behind constraints stay.
 */
async function withoutIndexes(db: pg.Client, table: string, work: () => Promise<unknown>) {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def
       from pg_indexes i
      where i.schemaname = 'public' and i.tablename = $1
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const r of rows) await db.query(`drop index "${r.name}"`);
  await work();
  await timed(`${rows.length} indexes of ${table} built again`, async () => {
    for (const r of rows) await db.query(r.def);
  });
}

/** A tiny round-robin HTTP proxy (keep-alive to each upstream), as a load balancer would be. */
function roundRobin(upstreams: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(upstreams[next++ % upstreams.length]!);
    const up = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((r) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

try {
  const session = await (
    await fetch(`${url}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345' }),
    })
  ).json();
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const demoBranch: number = session.branches[0].id;
  const {
    rows: [{ client_id: clientId }],
  } = await db.query('select client_id from branches where id = $1', [demoBranch]);

  log(`${tag} a chain of ${branchCount} branches: ${JSON.stringify(counts)}`);
  // Branches: the demo's and new ones up to 100 (the branches trigger opens each one's cash account).
  const existing = (
    await db.query('select count(*)::int as n from branches where client_id = $1', [clientId])
  ).rows[0].n as number;
  await db.query(
    `insert into branches (client_id, name, timezone, code)
     select $1, 'Chain branch ' || i, 'Asia/Kolkata', 'CH' || i from generate_series(1, $2::int) i`,
    [clientId, branchCount - existing],
  );
  const { rows: branchRows } = await db.query<{ id: number; cash: number }>(
    `select b.id, (select min(a.id) from bank_accounts a where a.branch_id = b.id and a.kind = 'cash') as cash
       from branches b where b.client_id = $1 order by b.id`,
    [clientId],
  );
  const branchIds = branchRows.map((b) => b.id);
  const cashIds = branchRows.map((b) => b.cash);
  // The branch the lists are read in: a chain branch with its hundredth of everything.
  const branchId = branchIds.at(-1)!;
  const ids = (
    await db.query<{ staff: number; feeType: number; feeStructure: number; category: number }>(
      `select (select min(id) from staff where client_id = $1) as staff,
              (select min(id) from fee_types where client_id = $1) as "feeType",
              (select min(id) from fee_structures where client_id = $1) as "feeStructure",
              (select min(id) from categories where client_id = $1) as category`,
      [clientId],
    )
  ).rows[0]!;

  // Members: member i belongs to branch (i % 100); ids are consecutive from `base`, so later rows
  // find a member of a given branch by arithmetic. The search-word trigger is off for the load
  // (nothing here searches by the bench's names; it would triple the time).
  log('writing...');
  // Bulk-load settings of this throwaway database: fewer checkpoints (they came every 26 s), no wait
  // for each batch's commit to reach the disk, and memory to sort the indexes built afterwards.
  await db.query(`alter system set max_wal_size = '16GB'`);
  await db.query('select pg_reload_conf()');
  await db.query('set synchronous_commit = off');
  await db.query(`set maintenance_work_mem = '1GB'`);
  await db.query('alter table users disable trigger users_member_terms');
  const base = (await db.query(`select nextval('users_id_seq')::int + 1 as base`)).rows[0].base as number;
  // Mobiles 5000000001...: the demo's members have random ones starting 6-9, and at scale 1 the chain's
  // '6' || i met one of them (users_client_mobile_uq).
  await inBatches('members', counts.members, 100_000, (from, to) =>
    db.query(
      `insert into users (id, client_id, branch_id, name, mobile, status, inactive_reason, valid_from, valid_till,
                          joined_on, entry_time, exit_time, next_day_exit)
       select $5 + i - 1, $1, ($2::int[])[1 + i % cardinality($2::int[])], 'Chain Member ' || i, '5' || lpad(i::text, 9, '0'),
              v >= current_date, case when v < current_date then 'expired' end, v - 30, v,
              current_date - (i % 1000),
              (array['06:00','12:00','17:00','22:00'])[1 + i % 4]::time,
              (array['12:00','17:00','22:00','06:00'])[1 + i % 4]::time, i % 4 = 3
         from generate_series($3::int, $4::int) i, lateral (select current_date - 60 + (i % 91) as v) d`,
      [clientId, branchIds, from, to, base],
    ),
  );
  await db.query(`select setval('users_id_seq', $1)`, [base + counts.members]);
  await db.query('alter table users enable trigger users_member_terms');
  // A member of the payment's branch: member i with i % 100 the same as the payment's.
  const member = (g: string) => `(1 + ((${g})::bigint * 7919 % $3::int))::int`;
  await withoutIndexes(db, 'payments', () =>
    inBatches('payments', counts.payments, 500_000, (from, to) =>
      db.query(
        `insert into payments (client_id, branch_id, user_id, receipt_number, fy, seq, lines, total, received,
           mode, bank_account_id, paid_on, created_by, status, verify_token, fee_structure_id, created_at)
         select $1, ($2::int[])[1 + m % cardinality($2::int[])], $4 + m - 1, 'CH-' || g, 'chain', g,
                jsonb_build_array(jsonb_build_object('feeTypeId', $6::int, 'name', 'Fee', 'amount', 180000)),
                180000, case when g % 10 = 0 then 100000 else 180000 end,
                (array['cash','upi','card','bankTransfer','cheque'])[1 + g % 5],
                ($7::int[])[1 + m % cardinality($2::int[])], d, $5, 'completed', md5('chain' || g::text), $8,
                d + time '10:00' + make_interval(secs => g % 30000)
           from generate_series($9::int, $10::int) g,
                lateral (select ${member('g')} as m, current_date - (g % 730) as d) x`,
        [
          clientId,
          branchIds,
          counts.members,
          base,
          ids.staff,
          ids.feeType,
          cashIds,
          ids.feeStructure,
          from,
          to,
        ],
      ),
    ),
  );
  await timed(`${Math.floor(counts.payments / 100).toLocaleString()} refunds`, () =>
    db.query(
      `insert into refunds (client_id, branch_id, payment_id, user_id, refund_number, fy, seq, amount, reason,
                            mode, bank_account_id, refunded_on, created_by, created_at)
       select client_id, branch_id, id, user_id, 'RF-' || id, 'chain', id, 50000, 'Left early', 'cash',
              bank_account_id, paid_on + 3, created_by, created_at + interval '3 days'
         from payments where client_id = $1 and fy = 'chain' and id % 100 = 0`,
      [clientId],
    ),
  );
  await withoutIndexes(db, 'expenses', () =>
    inBatches('expenses', counts.expenses, 500_000, (from, to) =>
      db.query(
        `insert into expenses (client_id, branch_id, category_id, amount, paid_on, mode, bank_account_id, payee,
                               created_by, created_at)
         select $1, ($2::int[])[1 + g % cardinality($2::int[])], $3, 1000 + g % 50000, current_date - (g % 730),
                'cash', ($4::int[])[1 + g % cardinality($2::int[])], 'Payee ' || (g % 500), $5,
                current_date - (g % 730) + time '11:00'
           from generate_series($6::int, $7::int) g`,
        [clientId, branchIds, ids.category, cashIds, ids.staff, from, to],
      ),
    ),
  );
  // Entrance punches of the last 60 days: in at the member's hour, out four hours later.
  await withoutIndexes(db, 'attendance_punches', () =>
    inBatches('attendance punches', counts.punches, 500_000, (from, to) =>
      db.query(
        `insert into attendance_punches (client_id, branch_id, source, pin, user_id, device_time, punched_at, day,
                                         cutoff_at)
         select $1, ($2::int[])[1 + m % cardinality($2::int[])], 'screen', $4 + m - 1, $4 + m - 1,
                (t at time zone 'Asia/Kolkata'), t, d, t + interval '12 hours'
           from generate_series($5::int, $6::int) g,
                lateral (select ${member('g')} as m, current_date - (g % 60) as d) x,
                lateral (select (d + time '06:00' + make_interval(hours => 4 * (g % 2) + (g / 2) % 12)) at time zone 'Asia/Kolkata' as t) y`,
        [clientId, branchIds, counts.members, base, from, to],
      ),
    ),
  );
  await withoutIndexes(db, 'messages', () =>
    inBatches('messages', counts.messages, 500_000, (from, to) =>
      db.query(
        `insert into messages (client_id, branch_id, user_id, event, period, channel, language, recipient, subject,
                               body, status, attempts, sent_at, created_at, next_attempt_at)
         select $1, ($2::int[])[1 + m % cardinality($2::int[])], $4 + m - 1, 'expiring', 'chain-' || g, 'sms', 'en',
                '+91' || (6000000000 + m), 'Your membership ends soon', 'Your membership ends soon.', 'sent', 1,
                t, t, t
           from generate_series($5::int, $6::int) g,
                lateral (select ${member('g')} as m, now() - make_interval(mins => g % 525600) as t) x`,
        [clientId, branchIds, counts.members, base, from, to],
      ),
    ),
  );
  await withoutIndexes(db, 'audit_log', () =>
    inBatches('audit rows', counts.members, 500_000, (from, to) =>
      db.query(
        `insert into audit_log (client_id, branch_id, staff_id, entity, entity_id, action, after, at)
         select $1, ($2::int[])[1 + i % cardinality($2::int[])], $3, 'user', ($4 + i - 1)::text, 'create',
                jsonb_build_object('name', 'Chain Member ' || i), now() - make_interval(mins => i % 525600)
           from generate_series($5::int, $6::int) i`,
        [clientId, branchIds, ids.staff, base, from, to],
      ),
    ),
  );
  await timed('money tallies', () => db.query('select refresh_money_tallies($1::int)', [clientId]));
  await timed('vacuum analyze', () => db.query('vacuum analyze'));
  const sizes = await db.query(
    `select (select count(*) from users where client_id = $1)::int as members,
            (select count(*) from payments where client_id = $1)::int as payments,
            (select count(*) from users where branch_id = $2)::int as "branchMembers",
            (select count(*) from payments where branch_id = $2)::int as "branchPayments",
            pg_size_pretty(pg_database_size(current_database())) as "databaseSize"`,
    [clientId, branchId],
  );
  log(`${tag} organisation: ${JSON.stringify(sizes.rows[0])}`);
  // A member of the branch with history, payments, punches and messages.
  const memberOfBranch = (
    await db.query('select min(id) as id from users where branch_id = $1 and id >= $2', [branchId, base])
  ).rows[0].id as number;

  const headersFor = (branch: number) => ({
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(branch),
  });
  const headers = headersFor(branchId);
  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 8) + '01';
  const today = new Date().toISOString().slice(0, 10);
  const scenarios: [string, string][] = [
    ['members, first page', '/api/user/getUsers?pageSize=25'],
    ['payments, first page', '/api/payment/getPayments?pageSize=25'],
    ['refunds, first page', '/api/refund/getRefunds?pageSize=25'],
    ['expenses, first page', '/api/expense/getExpenses?pageSize=25'],
    ['attendance (visits), first page', '/api/attendance/getVisits?pageSize=25'],
    ['messages, first page', '/api/message/getMessages?pageSize=25'],
    [
      'a member\u2019s history (audit), first page',
      `/api/user/getUserHistory?userId=${memberOfBranch}&pageSize=25`,
    ],
    ['dashboard, the branch', '/api/dashboard/getDashboard'],
    [
      'analytics, 12 months, the branch',
      `/api/analytics/getAnalytics?from=${year}&to=${today}&branchId=${branchId}`,
    ],
    ['analytics, 12 months, all 100 branches', `/api/analytics/getAnalytics?from=${year}&to=${today}`],
  ];
  // At rest: the data written, nothing asked yet but the sign-in.
  const restMb = rss(serverA.pid);
  const target = 50;
  console.log(
    `\n${tag} one branch of ${branchCount}, ${values.connections} callers, ${values.seconds} s each`,
  );
  console.log(`${'scenario'.padEnd(44)}  req/s     p50      p99  errors  p99 <= ${target} ms`);
  for (const [name, path] of scenarios) {
    const probe = await fetch(`${url}${path}`, { headers });
    if (probe.status !== 200) {
      console.log(`${name.padEnd(44)}  answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
      continue;
    }
    await autocannon({ url: `${url}${path}`, headers, connections: 2, duration: 2 });
    const r = await autocannon({
      url: `${url}${path}`,
      headers,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
    console.log(
      `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} ${String(r.latency.p50).padStart(5)} ms ${String(r.latency.p99).padStart(5)} ms ${String(r.errors + r.non2xx).padStart(6)}  ${r.latency.p99 <= target ? 'yes' : 'NO'}  ${note()}`,
    );
  }

  // The mixed bench: one process, then two, each behind the same round-robin proxy.
  const afterListsMb = rss(serverA.pid);
  serverB = await startApiServer({ DATA_DIR: dataDirB, DATABASE_URL: databaseUrl(), JWT_SECRET: jwtSecret });
  const members = (
    await db.query<{ id: number }>(
      'select id from users where branch_id = $1 and status order by id limit 500',
      [branchId],
    )
  ).rows.map((r) => r.id);
  // One list of requests for both runs: the new members' mobiles go on counting (no 409 on the second).
  const requests = mixedRequests(ids.feeStructure, members);
  const mixed = async (upstreams: string[]) => {
    const proxy = await roundRobin(upstreams);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(serverA.pid))), 200);
    try {
      return {
        result: await autocannon({
          url: proxy.url,
          headers: { ...headers, 'content-type': 'application/json' },
          connections: Number(values['mixed-connections']),
          duration: Number(values['mixed-seconds']),
          requests,
        }),
        peak,
      };
    } finally {
      clearInterval(sampler);
      await proxy.close();
    }
  };
  console.log(
    `\n${tag} mixed bench (bench/src/mix.ts) in the branch, ${values['mixed-connections']} connections, ${values['mixed-seconds']} s, through a round-robin proxy`,
  );
  for (const [name, upstreams] of [
    ['one API process', [url]],
    ['two API processes', [url, serverB.url]],
  ] as const) {
    const { result: r, peak } = await mixed([...upstreams]);
    console.log(
      `${name.padEnd(20)} ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}  (non-2xx ${r.non2xx}; first server's RSS peak ${peak.toFixed(0)} MB)  ${note()}`,
    );
  }
  console.log(
    `first server's resident memory: at rest ${restMb.toFixed(0)} MB, after the list figures ${afterListsMb.toFixed(0)} MB  ${tag}`,
  );
  await db.end();
  finished = true;
} finally {
  await serverB?.stop();
  rmSync(dataDirB, { recursive: true, force: true });
  // Kept only after a whole run: a failed one leaves no server behind.
  if (values.keep && finished) {
    console.log(
      `\nkept: ${url}, data folder ${dataDir}, database ${databaseUrl()} (stop the server with Ctrl-C)`,
    );
  } else {
    await serverA.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
