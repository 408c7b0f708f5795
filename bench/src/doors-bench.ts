// Attendance ingest (issue 15, point 5), on the embedded PostgreSQL of a fresh data folder: 50
// simulated devices (api/scripts/deviceSimulator.ts) accepted in the demo branch upload 10,000
// punches of the branch's members at once, each device one ATTLOG post per batch as a device does
// after being offline. Prints the throughput, then checks that every punch is stored exactly once,
// also after every device replays its whole log.
// Run: npm run bench:doors --workspace bench [-- --devices 50 --punches 10000 --batch 200]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SimulatedDevice } from '../../api/scripts/deviceSimulator.ts';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    punches: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '200' },
  },
});
const deviceCount = Number(values.devices);
const punchCount = Number(values.punches);
const batchSize = Number(values.batch);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-doors-'));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

const { url, stop } = await startApiServer({ DATA_DIR: dataDir });

function database(): pg.Client {
  const port = Number(
    readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[3],
  );
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
}

const pad = (n: number) => String(n).padStart(2, '0');

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
  const members = (
    await db.query<{ id: number }>(`select id from users where branch_id = $1 order by id limit 500`, [
      branchId,
    ])
  ).rows.map((r) => r.id);
  log(`${members.length} members of branch ${branchId}`);

  // 50 devices call in and are accepted.
  const devices = Array.from(
    { length: deviceCount },
    (_, i) => new SimulatedDevice(url, `BENCH${pad(i)}X${Date.now()}`),
  );
  for (const device of devices) {
    await device.handshake();
    const res = await fetch(`${url}/api/device/acceptDevice`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ serialNumber: device.serialNumber, name: device.serialNumber }),
    });
    if (res.status !== 201) throw new Error(`accept: ${res.status} ${await res.text()}`);
  }
  log(`${deviceCount} devices accepted`);

  // Punches spread over the devices, members and the last 30 days; every (device, PIN, time) distinct.
  const start = Date.UTC(2026, 9, 1, 6, 0, 0);
  for (let i = 0; i < punchCount; i++) {
    const at = new Date(start + i * 61_000);
    const time = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
    devices[i % deviceCount]!.record(members[i % members.length]!, time);
  }

  /** Every device uploads its unsent records in batches, all devices at once. */
  async function uploadAll(replay: boolean) {
    const began = performance.now();
    let posts = 0;
    await Promise.all(
      devices.map(async (device) => {
        const lines = device.records.map((r) => r.line);
        for (let at = 0; at < lines.length; at += batchSize) {
          const body = lines.slice(at, at + batchSize).join('\n');
          const res = await fetch(
            `${url}/iclock/cdata?SN=${device.serialNumber}&table=ATTLOG&Stamp=${at + 1}`,
            {
              method: 'POST',
              body,
            },
          );
          const text = await res.text();
          if (res.status !== 200 || !text.startsWith('OK')) throw new Error(`upload: ${res.status} ${text}`);
          posts += 1;
        }
        if (!replay) for (const r of device.records) r.sent = true;
      }),
    );
    return { seconds: (performance.now() - began) / 1000, posts };
  }

  const first = await uploadAll(false);
  const stored = async () =>
    Number((await db.query<{ n: string }>(`select count(*) as n from attendance_punches`)).rows[0]!.n);
  const distinct = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from (select distinct device_id, pin, device_time from attendance_punches) d`,
        )
      ).rows[0]!.n,
    );
  const afterFirst = await stored();
  log(
    `${punchCount} punches from ${deviceCount} devices in ${first.posts} posts: ${first.seconds.toFixed(2)} s, ` +
      `${Math.round(punchCount / first.seconds)} punches/s; stored ${afterFirst}`,
  );
  const replay = await uploadAll(true);
  const afterReplay = await stored();
  log(
    `replay of every log: ${replay.seconds.toFixed(2)} s (${Math.round(punchCount / replay.seconds)} punches/s); stored ${afterReplay}`,
  );
  const unique = await distinct();
  const ok = afterFirst === punchCount && afterReplay === punchCount && unique === punchCount;
  console.log(
    `\n| devices | punches | posts | seconds | punches/s | stored | after replay | lost | doubled |\n` +
      `|---|---|---|---|---|---|---|---|---|\n` +
      `| ${deviceCount} | ${punchCount} | ${first.posts} | ${first.seconds.toFixed(2)} | ${Math.round(punchCount / first.seconds)} | ` +
      `${afterFirst} | ${afterReplay} | ${punchCount - unique} | ${afterReplay - unique} |`,
  );
  await db.end();
  if (!ok) {
    console.error('FAILED: punches lost or doubled');
    process.exitCode = 1;
  }
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
