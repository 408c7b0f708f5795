// Load (issue 20, point 6): 100 connections for 60 s against the real server on the embedded
// PostgreSQL of a fresh data folder (demo data), mixing reads and writes across members and payments:
// the members list, a member search, the payments list, dues, a new member, a payment. Expected: 0
// errors and 0 non-2xx answers; p50/p99 printed, then the receipt series checked gapless.
// Run: npm run bench:load --workspace bench [-- --connections 100 --seconds 60]
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedServerUrl } from '../../api/src/db/embedded.ts';
import { mixedRequests } from './mix.ts';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
  },
});
const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-'));
const { url, stop } = await startApiServer({ DATA_DIR: dataDir });
const db = new pg.Client({ connectionString: embeddedServerUrl(dataDir) });
await db.connect();

try {
  const session = (await (
    await fetch(`${url}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345' }),
    })
  ).json()) as { accessToken: string; branches: { id: number }[] };
  const branchId = session.branches[0]!.id;
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    branchid: String(branchId),
    'content-type': 'application/json',
  };
  const options = (await (await fetch(`${url}/api/payment/getPaymentOptions`, { headers })).json()) as {
    feeStructures: { id: number }[];
  };
  const feeStructureId = options.feeStructures[0]!.id;
  const members = (
    await db.query<{ id: number }>(`select id from users where branch_id = $1 order by id`, [branchId])
  ).rows.map((r) => r.id);
  const count = async () =>
    (
      await db.query<{ members: number; payments: number }>(
        `select (select count(*)::int from users) as members, (select count(*)::int from payments) as payments`,
      )
    ).rows[0]!;
  const before = await count();

  const requests = mixedRequests(feeStructureId, members);

  console.log(
    `\nload: ${values.connections} connections, ${values.seconds} s, embedded PostgreSQL, demo data; ` +
      `each connection cycles members list, new member, payments list, payment, member search, dues`,
  );
  const result = await autocannon({
    url,
    headers,
    requests,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    timeout: 30,
  });
  const after = await count();
  const series = await db.query<{ gapless: boolean }>(`
    select count(distinct seq) = count(*) and min(seq) = 1 and max(seq) = count(*) as gapless
    from payments group by client_id, branch_id, fy`);
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `requests ${result.requests.total}, ${result.requests.average.toFixed(0)} req/s; latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(
    `answers by status: ${Object.entries(result.statusCodeStats ?? {})
      .map(([s, c]) => `${s}: ${c.count}`)
      .join(', ')}; errors ${result.errors}, ` + `timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  );
  console.log(
    `writes: ${after.members - before.members} members and ${after.payments - before.payments} payments created; ` +
      `receipt series ${series.rowCount}, gapless: ${series.rows.every((r) => r.gapless)}`,
  );
  console.log(errors === 0 ? 'OK: 0 errors' : `FAILED: ${errors} errors`);
  process.exitCode = errors === 0 && series.rows.every((r) => r.gapless) ? 0 : 1;
} finally {
  await db.end();
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
