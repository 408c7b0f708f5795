// The member's page drawn on the server (issue 45, point 1): time to first byte of GET /m/<token>
// (the summary read, the QR codes drawn as SVG, React's render) on the real server with the demo
// organisation, printed beside its floor (the same summary as JSON, GET /api/portal/getSummary). Creates --links members with dues and a live link in the demo branch, then asks for
// their pages round-robin (each member stays within the member API's 60 reads a minute) with
// --connections at once. Prints p50/p95/p99/max, the branch's member count and the load average,
// and fails when p99 is above --limit (50 ms, the figure). --members N first writes N more
// members into the branch by SQL (the figure is 1,000,000; ~5 minutes here), since the page
// is asked of a branch that size.
// Run: npm run bench:member-page --workspace bench [-- --requests 1000 --links 40 --connections 4
//      --members 1000000]
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    links: { type: 'string', default: '40' },
    connections: { type: 'string', default: '4' },
    warm: { type: 'string', default: '20' },
    limit: { type: 'string', default: '50' },
    members: { type: 'string', default: '0' },
  },
});
const requests = Number(values.requests);
const linkCount = Number(values.links);
const connections = Number(values.connections);
const limitMs = Number(values.limit);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${load()}] ${msg}`);
if (requests / linkCount > 55)
  throw new Error('--requests / --links must stay under 55 (60 reads a minute each)');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-member-page-'));
const { url, stop } = await startApiServer({ DATA_DIR: dataDir });

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * `count` members of the branch written by SQL in batches of 100,000 (as bench:chain writes them):
 * mobiles from 5000000001 (the demo's start with 6-9), validity around today, the search-word
 * trigger off for the load (nothing searches by these names).
 */
async function addMembers(branchId: number, count: number) {
  if (count <= 0) return;
  const port = Number(
    readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
  });
  await db.connect();
  try {
    const started = performance.now();
    await db.query('set synchronous_commit = off');
    await db.query('alter table users disable trigger users_member_terms');
    for (let from = 1; from <= count; from += 100_000) {
      const to = Math.min(count, from + 99_999);
      await db.query(
        `insert into users (client_id, branch_id, name, mobile, status, inactive_reason, valid_from, valid_till,
                            joined_on, entry_time, exit_time, next_day_exit)
         select b.client_id, b.id, 'Page Bench Member ' || i, '5' || lpad(i::text, 9, '0'),
                v >= current_date, case when v < current_date then 'expired' end, v - 30, v,
                current_date - (i % 1000), time '08:00', time '14:00', false
           from branches b, generate_series($2::int, $3::int) i,
                lateral (select current_date - 60 + (i % 91) as v) d
          where b.id = $1`,
        [branchId, from, to],
      );
      log(`  members ${to.toLocaleString()} / ${count.toLocaleString()}`);
    }
    await db.query('alter table users enable trigger users_member_terms');
    await db.query('analyze users');
    log(
      `${count.toLocaleString()} members written in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await db.end();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  const session = await json<{ accessToken: string; branches: { id: number }[] }>(
    await fetch(`${url}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345' }),
    }),
  );
  const branchId = session.branches[0]!.id;
  const auth = { authorization: `Bearer ${session.accessToken}`, branchid: String(branchId) };
  const headers = { ...auth, 'content-type': 'application/json' };
  const options = await json<{ feeStructures: { id: number }[] }>(
    await fetch(`${url}/api/payment/getPaymentOptions`, { headers }),
  );
  const feeStructureId = options.feeStructures[0]!.id;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await addMembers(branchId, Number(values.members));

  // Members with dues (paid in part at the counter) and a live link: pages with both UPI offers.
  const paths: string[] = [];
  const stamp = Date.now();
  for (let i = 0; i < linkCount; i++) {
    const { userId } = await json<{ userId: number }>(
      await fetch(`${url}/api/user/createUser`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: `Bench Page ${i}`,
          mobile: `68${String(stamp + i).slice(-8)}`,
          validFrom: day(-20),
          validTill: day(10),
          feeStructureId,
        }),
      }),
    );
    const quote = await json<{ total: number }>(
      await fetch(`${url}/api/payment/getPaymentQuote?userId=${userId}&feeStructureId=${feeStructureId}`, {
        headers,
      }),
    );
    await json(
      await fetch(`${url}/api/payment/createPayment`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId, feeStructureId, received: quote.total - 25_000, mode: 'cash' }),
      }),
    );
    const link = await json<{ url: string }>(
      await fetch(`${url}/api/portal/createLink?userId=${userId}`, { method: 'POST', headers: auth }),
    );
    paths.push(new URL(link.url).pathname);
  }
  const members = await json<{ total: number }>(
    await fetch(`${url}/api/user/getUsers?pageSize=5`, { headers }),
  );
  log(`${members.total} members in the branch, ${paths.length} with a link and dues`);

  /** One answer: milliseconds until its headers (first byte), then the body read whole and checked. */
  const ttfb = async (path: string, init: RequestInit, expect: string) => {
    const start = performance.now();
    const res = await fetch(`${url}${path}`, init);
    const first = performance.now() - start;
    const body = await res.text();
    if (res.status !== 200 || !body.includes(expect)) throw new Error(`${res.status} ${body.slice(0, 200)}`);
    return first;
  };
  const page = (path: string) => ttfb(path, {}, 'data-testid="member-dues"');
  // The floor: the same member's summary as JSON (what the page reads before drawing).
  const summary = (path: string) =>
    ttfb('/api/portal/getSummary', { headers: { 'member-token': path.split('/')[2]! } }, '"dues"');

  /** `count` answers of `one`, `connections` at once, round-robin over the links: sorted times. */
  async function measure(one: (path: string) => Promise<number>) {
    const times: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < requests) times.push(await one(paths[next++ % paths.length]!));
      }),
    );
    const rate = times.length / ((performance.now() - started) / 1000);
    return { times: times.sort((a, b) => a - b), rate };
  }
  const line = (name: string, { times, rate }: { times: number[]; rate: number }) =>
    `${name}: ${times.length} answers, ${connections} at once, ${rate.toFixed(0)}/s; time to first byte ` +
    `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
    `p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`;

  // Warm-up: the server's first answers compile its code paths (not counted).
  for (let i = 0; i < Number(values.warm); i++) await page(paths[i % paths.length]!);

  const floor = await measure(summary);
  log(`${line('floor, GET /api/portal/getSummary', floor)}`);
  const pages = await measure(page);
  const p99 = percentile(pages.times, 99);
  log(
    `${line('GET /m/<token> (drawn on the server)', pages)} (limit p99 ${limitMs} ms: ` +
      `${p99 <= limitMs ? 'ok' : 'ABOVE'}); ${members.total} members; load average ${load()}`,
  );
  if (p99 > limitMs) process.exitCode = 1;
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
