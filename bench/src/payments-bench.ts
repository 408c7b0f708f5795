// Payments at load (issue 11, point 7), on the embedded PostgreSQL of a fresh data folder:
// 1. N concurrent createPayment calls in one branch (default 200): receipt numbers must come out
//    unique and gapless, and every member's dues and validity must match their payments.
// 2. The payments list with M payments in that branch (default 1,000,000, written by SQL): first
//    page, a date-range filter and a receipt-number search, 10 callers; p50/p99 printed.
// Run: npm run bench:payments --workspace bench [-- --concurrent 200 --payments 1000000 --seconds 10]
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startApiServer } from './server.ts';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    concurrent: { type: 'string', default: '200' },
    payments: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
  },
});
const dataDir = mkdtempSync(join(tmpdir(), 'bench-payments-'));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

const { url, stop } = await startApiServer({ DATA_DIR: dataDir });

/** The embedded server's own address: its port in postmaster.pid, its password beside it. */
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
  const branchId: number = session.branches[0].id;
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(branchId),
    'content-type': 'application/json',
  };
  const db = database();
  await db.connect();

  // 1. Concurrent payments: 50 members, each paid 4 times at once, some partly.
  const n = Number(values.concurrent);
  const members = (
    await db.query<{ id: number; fee_structure_id: number | null }>(
      `select id, fee_structure_id from users where branch_id = $1 and fee_structure_id is not null order by id limit 50`,
      [branchId],
    )
  ).rows;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const m = members[i % members.length]!;
      const res = await fetch(`${url}/api/payment/createPayment`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          userId: m.id,
          feeStructureId: m.fee_structure_id,
          lateFine: 0,
          lateFineWaiverReason: 'bench',
          received: i % 3 === 0 ? 100000 : 120000,
          mode: 'cash',
        }),
      });
      return { status: res.status, body: await res.json() };
    }),
  );
  const ms = performance.now() - started;
  const created = answers.filter((a) => a.status === 201);
  const seqs = (
    await db.query<{ seq: number }>(
      `select seq from payments where branch_id = $1
         and fy = (select fy from payments where receipt_number = $2 and branch_id = $1) order by seq`,
      [branchId, created[0]?.body.receiptNumber],
    )
  ).rows.map((r) => r.seq);
  const gapless = seqs.every((s, i) => s === i + 1);
  const unique = new Set(created.map((a) => a.body.receiptNumber)).size === created.length;
  // Every member's stored dues equal what their completed payments left owing, net of settlements.
  const inconsistent = await db.query(
    `select u.id from users u
       left join lateral (
         select coalesce(sum(total - received - dues_settled), 0) as owed
         from payments p where p.user_id = u.id and p.status = 'completed') s on true
      where u.branch_id = $1 and u.dues <> greatest(s.owed, 0)`,
    [branchId],
  );
  const invalid = await db.query(
    `select u.id from users u where u.branch_id = $1 and u.valid_till <> (
       select p.covers_till from payments p where p.user_id = u.id and p.status = 'completed' and p.covers_till is not null
       order by p.id desc limit 1)`,
    [branchId],
  );
  console.log(
    `\n${n} concurrent createPayment in one branch: ${created.length} created, ${answers.length - created.length} refused, ${ms.toFixed(0)} ms (${((created.length / ms) * 1000).toFixed(0)}/s)`,
  );
  console.log(
    `  receipt numbers unique: ${unique}; gapless 1..${seqs.length}: ${gapless}; members whose dues disagree: ${inconsistent.rowCount}; whose validity disagrees: ${invalid.rowCount}`,
  );

  // 2. The list at scale: payments written by SQL, spread over three years, numbered in order.
  const total = Number(values.payments);
  log(`writing ${total.toLocaleString()} payments...`);
  const write = performance.now();
  await db.query(
    `with m as (select array_agg(id order by id) as ids, min(client_id) as client_id from users where branch_id = $2)
     insert into payments (client_id, branch_id, user_id, receipt_number, fy, seq, lines, total, received,
       mode, paid_on, created_by, status, verify_token)
     select m.client_id, $2, m.ids[1 + g % cardinality(m.ids)], 'BENCH-' || g, 'bench', g, '[]'::jsonb, 180000, 180000,
       (array['cash','upi','card','bankTransfer','cheque'])[1 + g % 5], date '2024-01-01' + (g % 1095),
       (select min(id) from staff), 'completed', md5(g::text)
     from m, generate_series(1, $1::int) g`,
    [total, branchId],
  );
  await db.query('analyze payments');
  log(`written in ${((performance.now() - write) / 1000).toFixed(0)} s`);

  const scenarios: [string, string][] = [
    ['first page (newest first)', '/api/payment/getPayments?pageSize=25'],
    ['a month by date range', '/api/payment/getPayments?pageSize=25&from=2025-03-01&to=2025-03-31'],
    ['receipt-number search', '/api/payment/getPayments?pageSize=25&q=BENCH-777777'],
    ['running-number search', '/api/payment/getPayments?pageSize=25&q=777777'],
    ['summary of a month', '/api/payment/getPaymentSummary?from=2025-03-01&to=2025-03-31'],
  ];
  console.log(
    `\npayments list, ${total.toLocaleString()} payments in the branch, ${values.connections} callers, ${values.seconds} s each`,
  );
  console.log('scenario                          req/s     p50     p99   errors  p99 <= 50 ms');
  for (const [name, path] of scenarios) {
    await autocannon({ url: `${url}${path}`, headers, connections: 2, duration: 2 });
    const r = await autocannon({
      url: `${url}${path}`,
      headers,
      connections: Number(values.connections),
      duration: Number(values.seconds),
    });
    const errors = r.errors + r.non2xx;
    console.log(
      `${name.padEnd(32)} ${r.requests.average.toFixed(0).padStart(6)} ${String(r.latency.p50).padStart(6)} ms ${String(r.latency.p99).padStart(5)} ms ${String(errors).padStart(6)}  ${r.latency.p99 <= 50 ? 'yes' : 'NO'}`,
    );
  }
  await db.end();
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
