// Dashboard and analytics at scale (issue 13, point 3), on the embedded PostgreSQL of a fresh data
// folder with the demo organisation: 1,000,000 members across its branches and 200,000 payments in
// one branch, written by SQL (the users trigger keeps the member summaries as the product would;
// the money tallies are computed once by refresh_money_tallies, as the seed does).
// Prints p50/p99 of GET /api/dashboard/getDashboard at 10 callers (target p99 <= 20 ms) and of
// 12 months of analytics for the branch and for all branches (target <= 100 ms).
// Run: npm run bench:dashboard --workspace bench [-- --members 1000000 --payments 200000 --seconds 10 --keep]
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    payments: { type: 'string', default: '200000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    // Leave the server and its database running afterwards (to EXPLAIN a statement by hand).
    keep: { type: 'boolean', default: false },
  },
});
const dataDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const { url, stop } = await startApiServer({ DATA_DIR: dataDir });

function database(): pg.Client {
  const port = Number(
    readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
}

try {
  const session = await (
    await fetch(`${url}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345' }),
    })
  ).json();
  const branchIds: number[] = session.branches.map((b: { id: number }) => b.id);
  const branchId = branchIds[0]!;
  // A branch beside it with its ~1,000 seeded payments: its dashboard must not pay for the big one's.
  const smallBranchId = branchIds[1]!;
  const headersFor = (branch: number) => ({
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(branch),
  });
  const headers = headersFor(branchId);
  const db = database();
  await db.connect();
  const {
    rows: [{ client_id: clientId }],
  } = await db.query('select client_id from branches where id = $1', [branchId]);

  // Members: spread over the branches, validity ending from 60 days ago to 30 days ahead (the ended
  // ones switched off as expired), daily windows in four shifts. The search-word trigger is switched
  // off for the load: nothing here searches, and it would triple the load time.
  const members = Number(values.members);
  log(`writing ${members.toLocaleString()} members...`);
  let started = performance.now();
  await db.query('alter table users disable trigger users_member_terms');
  const batch = 200_000;
  for (let from = 1; from <= members; from += batch) {
    const to = Math.min(members, from + batch - 1);
    await db.query(
      `insert into users (client_id, branch_id, name, mobile, status, inactive_reason, valid_from, valid_till,
                          joined_on, entry_time, exit_time, next_day_exit)
       select $1, ($2::int[])[1 + i % cardinality($2::int[])], 'Bench Member ' || i, '8' || lpad(i::text, 9, '0'),
              v >= current_date, case when v < current_date then 'expired' end, v - 30, v,
              current_date - (i % 1000),
              (array['06:00','12:00','17:00','22:00'])[1 + i % 4]::time,
              (array['12:00','17:00','22:00','06:00'])[1 + i % 4]::time, i % 4 = 3
         from generate_series($3::int, $4::int) i, lateral (select current_date - 60 + (i % 91) as v) d`,
      [clientId, branchIds, from, to],
    );
    log(`  ${to.toLocaleString()} / ${members.toLocaleString()}`);
  }
  await db.query('alter table users enable trigger users_member_terms');
  log(
    `members written in ${((performance.now() - started) / 1000).toFixed(0)} s (summaries kept by the users trigger)`,
  );

  const payments = Number(values.payments);
  log(`writing ${payments.toLocaleString()} payments in branch ${branchId}...`);
  started = performance.now();
  await db.query(
    `with m as (select array_agg(id order by id) as ids from (select id from users where branch_id = $2 limit 50000) x),
          a as (select id from bank_accounts where branch_id = $2 and kind = 'cash')
     insert into payments (client_id, branch_id, user_id, receipt_number, fy, seq, lines, total, received,
       mode, bank_account_id, paid_on, created_by, status, verify_token, fee_structure_id)
     select $3, $2, m.ids[1 + g % cardinality(m.ids)], 'BENCH-' || g, 'bench', g,
            jsonb_build_array(jsonb_build_object('feeTypeId', (select min(id) from fee_types where client_id = $3), 'name', 'Fee', 'amount', 180000)),
            180000, 180000, (array['cash','upi','card','bankTransfer','cheque'])[1 + g % 5], a.id,
            current_date - (g % 365), (select min(id) from staff), 'completed', md5('b' || g::text),
            (select min(id) from fee_structures where client_id = $3)
       from m, a, generate_series(1, $1::int) g`,
    [payments, branchId, clientId],
  );
  await db.query('select refresh_money_tallies($1::int)', [clientId]);
  await db.query('vacuum analyze');
  log(`payments and tallies written in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const counts = await db.query(
    `select (select count(*) from users where client_id = $1)::int as members,
            (select count(*) from payments where branch_id = $2)::int as payments,
            (select count(*) from daily_tallies where client_id = $1)::int as tallies`,
    [clientId, branchId],
  );
  console.log(`\norganisation: ${JSON.stringify(counts.rows[0])}`);

  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 8) + '01';
  const today = new Date().toISOString().slice(0, 10);
  type Scenario = [string, string, number, { headers?: Record<string, string>; writes?: boolean }?];
  const scenarios: Scenario[] = [
    ['dashboard (branch)', '/api/dashboard/getDashboard', 20],
    [
      'dashboard (a small branch beside it)',
      '/api/dashboard/getDashboard',
      20,
      { headers: headersFor(smallBranchId) },
    ],
    // The dashboard cache (api/src/modules/dashboard/dashboardCache.ts) reuses figures while no
    // transaction has written: here one commits back to back all along, so almost every answer is
    // computed afresh. Printed beside the target, not held to it.
    ['dashboard, writes all along', '/api/dashboard/getDashboard', 20, { writes: true }],
    [
      'analytics, 12 months, the branch',
      `/api/analytics/getAnalytics?from=${year}&to=${today}&branchId=${branchId}`,
      100,
    ],
    ['analytics, 12 months, all branches', `/api/analytics/getAnalytics?from=${year}&to=${today}`, 100],
  ];
  console.log(`\n${values.connections} callers, ${values.seconds} s each`);
  console.log('scenario                              req/s     p50     p99   errors  target');
  for (const [name, path, target, options = {}] of scenarios) {
    const scenarioHeaders = options.headers ?? headers;
    await autocannon({ url: `${url}${path}`, headers: scenarioHeaders, connections: 2, duration: 2 });
    let writing = options.writes === true;
    let commits = 0;
    const writer = (async () => {
      // Each statement is its own transaction that takes a transaction id: the snapshot moves.
      while (writing) {
        await db.query('select pg_current_xact_id()');
        commits += 1;
      }
    })();
    const r = await autocannon({
      url: `${url}${path}`,
      headers: scenarioHeaders,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
    writing = false;
    await writer;
    const errors = r.errors + r.non2xx;
    console.log(
      `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(6)} ${String(r.latency.p50).padStart(6)} ms ${String(r.latency.p99).padStart(5)} ms ${String(errors).padStart(6)}  p99 <= ${target} ms: ${r.latency.p99 <= target ? 'yes' : 'NO'}`,
    );
    if (options.writes)
      console.log(`  (${(commits / Number(values.seconds)).toFixed(0)} commits/s beside it)`);
  }
  // One caller at a time: what a single owner waits for the year's analytics, computed afresh
  // (each request ends its range a day earlier, so no answer is reused).
  for (const [name, path] of scenarios.filter(([name]) => name.startsWith('analytics'))) {
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const to = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
      const t0 = performance.now();
      const res = await fetch(`${url}${path.replace(`to=${today}`, `to=${to}`)}`, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}, one caller, computed afresh: median ${times[15]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
  }
  await db.end();
} finally {
  if (values.keep) {
    console.log(`\nkept: ${url}, data folder ${dataDir} (stop the server with Ctrl-C)`);
  } else {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
