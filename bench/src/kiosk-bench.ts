// The morning rush at an entrance screen (issue 47): 50 members of the demo branch check in within a
// minute from their phones (POST /api/portal/checkIn with the screen's rotating code), arriving at
// random moments, while the screen listens to its event stream. Prints the decision's latency
// (p50, p95, p99, max: the request as the phone waits for it) with the machine's load average, and
// fails when p99 is above 100 ms.
// Run: npm run bench:kiosk --workspace bench [-- --members 50 --seconds 60]
import { loadavg, cpus } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '50' },
    warm: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '60' },
    limit: { type: 'string', default: '100' },
  },
});
const memberCount = Number(values.members);
/** Members checked in before the rush, not counted: the server's first requests compile its code paths. */
const warmCount = Number(values.warm);
const windowMs = Number(values.seconds) * 1000;
const limitMs = Number(values.limit);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-kiosk-'));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

const { url, stop } = await startApiServer({ DATA_DIR: dataDir });

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

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

  // The entrance screen.
  const { code } = await json<{ code: string }>(
    await fetch(`${url}/api/kiosk/createPairingCode`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench' }),
    }),
  );
  const { kioskKey } = await json<{ kioskKey: string }>(
    await fetch(`${url}/api/kiosk/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }),
  );
  const kiosk = { 'kiosk-key': kioskKey };
  let screenCode = '';
  const refreshCode = async () => {
    const answer = await json<{ url: string }>(await fetch(`${url}/api/kiosk/getCode`, { headers: kiosk }));
    screenCode = answer.url.split('/').pop()!;
  };
  await refreshCode();
  const codeTimer = setInterval(() => void refreshCode(), 10_000);

  // The screen's event stream, read as the screen does.
  const events = new AbortController();
  let heard = 0;
  void fetch(`${url}/api/kiosk/events`, { headers: kiosk, signal: events.signal })
    .then(async (res) => {
      const reader = res.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard += (new TextDecoder().decode(value).match(/event: checkIn/g) ?? []).length;
      }
    })
    .catch(() => {});

  // 50 members with a member link each (their phones opened their page once).
  const list = await json<{ items: { userId: number }[] }>(
    await fetch(`${url}/api/user/getUsers?pageSize=100&status=active`, { headers }),
  );
  const tokens: string[] = [];
  for (const m of list.items.slice(0, memberCount + warmCount)) {
    const link = await json<{ url: string }>(
      await fetch(`${url}/api/portal/createLink?userId=${m.userId}`, { method: 'POST', headers: auth }),
    );
    tokens.push(link.url.split('/').pop()!);
  }
  const checkIn = (token: string) =>
    fetch(`${url}/api/portal/checkIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'member-token': token },
      body: JSON.stringify({ code: screenCode }),
    });
  for (const token of tokens.splice(0, warmCount)) await json(await checkIn(token));
  log(
    `${tokens.length} members with links (${warmCount} more checked in to warm up); the rush starts (${windowMs / 1000} s)`,
  );

  const latencies: number[] = [];
  const results: Record<string, number> = {};
  const began = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      await new Promise((r) => setTimeout(r, Math.random() * windowMs));
      const t0 = performance.now();
      const res = await checkIn(token);
      const answer = await json<{ result: string; reason: string | null }>(res);
      latencies.push(performance.now() - t0);
      const key = answer.reason ? `${answer.result}:${answer.reason}` : answer.result;
      results[key] = (results[key] ?? 0) + 1;
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const load = loadavg();
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(codeTimer);
  events.abort();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!;
  const ms = (v: number) => v.toFixed(1);
  console.log(
    `\n| members | seconds | p50 ms | p95 ms | p99 ms | max ms | results | screen heard | load average (1, 5, 15 min) | cores |\n` +
      `|---|---|---|---|---|---|---|---|---|---|\n` +
      `| ${latencies.length} | ${seconds.toFixed(1)} | ${ms(at(0.5))} | ${ms(at(0.95))} | ${ms(at(0.99))} | ` +
      `${ms(latencies.at(-1)!)} | ${Object.entries(results)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')} | ${heard} | ${load.map((l) => l.toFixed(2)).join(', ')} | ${cpus().length} |`,
  );
  if (at(0.99) > limitMs) {
    console.error(`FAILED: p99 ${ms(at(0.99))} ms is above ${limitMs} ms`);
    process.exitCode = 1;
  }
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
