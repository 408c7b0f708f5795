// Several API servers on one database (issue 43, point 3): two servers, each its own process and
// port, both driven at once, behave as one. What each would otherwise keep for itself must hold in
// sum: sign-in limits, the member page's allowances, the entrance screens' allowances and streams,
// the message outbox (each row sent once), the door command queue (each command handed to one poll),
// scheduled backups (one per interval). processes.test.ts
// covers sessions, receipts, idempotency keys and the expiry sweep across two processes.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../../scripts/deviceSimulator.ts';
import { seedDemo } from '../db/seed.ts';
import { signInLimits } from '../modules/authentication/rateLimit.ts';
import { startFakeSmtp } from '../test/fakeSmtp.ts';
import { freshDatabase } from '../test/harness.ts';
import { signIn, startServer, waitForUrl, withClient, type ServerProcess } from '../test/server.ts';

const secret = 'two-servers-secret-two-servers-secret-0123456';
/** Short enough for a few backups in the test's time, long enough for one to finish within it. */
const backupIntervalHours = 0.0025; // 9 s
const dataDir = mkdtempSync(join(tmpdir(), 'two-servers-'));
const backupDirs = [join(dataDir, 'backups-a'), join(dataDir, 'backups-b')];
let dbUrl: string;
let drop: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
const servers: ServerProcess[] = [];
let urls: [string, string];
let started = 0;

beforeAll(async () => {
  const fresh = await freshDatabase();
  await seedDemo(fresh.database.db);
  dbUrl = fresh.url;
  drop = fresh.drop;
  // The demo's reminders are sent at once too; quiet hours would hold back the rows written below.
  await withClient(dbUrl, (c) => c.query(`update message_settings set quiet_start = null, quiet_end = null`));
  smtp = await startFakeSmtp();
  const env = (i: number) => ({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    JWT_SECRET: secret,
    SMTP_URL: smtp.url,
    MESSAGE_TICK_SECONDS: '1',
    BACKUP_DIR: backupDirs[i]!,
    BACKUP_INTERVAL_HOURS: String(backupIntervalHours),
  });
  started = Date.now();
  servers.push(startServer(env(0)), startServer(env(1)));
  urls = (await Promise.all(servers.map(waitForUrl))) as [string, string];
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await smtp?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (url: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const statuses = async (responses: Promise<Response>[]) =>
  Promise.all(
    responses.map(async (r) => {
      const res = await r;
      await res.arrayBuffer();
      return res.status;
    }),
  );
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/** A member of the demo's first branch with a member page link; the link's token. */
async function memberWithLink(url: string, name: string) {
  const session = await signIn(url);
  const branchId = session.branches[0]!.id;
  const staff = { authorization: `Bearer ${session.accessToken}`, branchid: String(branchId) };
  const options = (await (await call(url, '/api/payment/getPaymentOptions', { headers: staff })).json()) as {
    feeStructures: { id: number }[];
  };
  const today = new Date().toISOString().slice(0, 10);
  const created = await call(url, '/api/user/createUser', {
    headers: staff,
    body: {
      name,
      mobile: `+91${7_400_000_000 + Math.floor(Math.random() * 99_999_999)}`,
      validFrom: today,
      validTill: '2099-12-31',
      feeStructureId: options.feeStructures[0]!.id,
    },
  });
  expect(created.status).toBe(201);
  const { userId } = (await created.json()) as { userId: number };
  const link = await call(url, `/api/portal/createLink?userId=${userId}`, { headers: staff, body: {} });
  expect(link.status, await link.clone().text()).toBe(201);
  return { token: ((await link.json()) as { url: string }).url.split('/').pop()!, staff };
}

describe('two API servers on one database, driven at once', () => {
  it('hold the sign-in limit in sum: wrong passwords split over both lock the account at the same total', async () => {
    const email = 'manager@library.test';
    const tries = signInLimits.perAccount + 3;
    const answers: number[] = [];
    for (let i = 0; i < tries; i++) {
      const res = await call(urls[i % 2]!, '/api/authentication/login', {
        body: { email, password: `wrong-${i}` },
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([
      ...Array<number>(signInLimits.perAccount).fill(401),
      ...Array<number>(3).fill(429),
    ]);
  }, 60_000);

  it('hold the member page allowance in sum: 60 reads a minute of one member across both', async () => {
    const { token } = await memberWithLink(urls[0], 'Allowance Both');
    const sent = 90;
    const answers = await statuses(
      Array.from({ length: sent }, (_, i) =>
        call(urls[i % 2]!, '/api/portal/getSummary', { headers: { 'member-token': token } }),
      ),
    );
    console.log(
      `member page across 2 servers: ${sent} reads at once, ${count(answers, 200)} answered, ${count(answers, 429)} refused`,
    );
    expect(count(answers, 200)).toBe(60);
    expect(count(answers, 429)).toBe(sent - 60);
  }, 60_000);

  it('pass an entrance screen’s results between them, and hold its pairing allowance in sum', async () => {
    const { token, staff } = await memberWithLink(urls[1], 'Kiran Both');
    const made = await call(urls[0], '/api/kiosk/createPairingCode', {
      headers: staff,
      body: { name: 'Door' },
    });
    expect(made.status).toBe(201);
    const { code } = (await made.json()) as { code: string };
    const paired = await call(urls[0], '/api/kiosk/pair', { body: { code } });
    expect(paired.status).toBe(201);
    const { kioskKey } = (await paired.json()) as { kioskKey: string };

    // The screen listens on B; a member's phone checks in through A with the code the screen showed.
    const controller = new AbortController();
    const stream = await fetch(`${urls[1]}/api/kiosk/events`, {
      headers: { 'kiosk-key': kioskKey },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes(': open')) text += new TextDecoder().decode((await reader.read()).value);
    const screen = (await (
      await call(urls[0], '/api/kiosk/getCode', { headers: { 'kiosk-key': kioskKey } })
    ).json()) as {
      url: string;
    };
    const at = Date.now();
    const checkIn = await call(urls[0], '/api/portal/checkIn', {
      headers: { 'member-token': token },
      body: { code: screen.url },
    });
    expect(checkIn.status).toBe(200);
    text = '';
    while (!text.includes('event: checkIn')) text += new TextDecoder().decode((await reader.read()).value);
    while (!text.includes('\n\n', text.indexOf('event: checkIn'))) {
      text += new TextDecoder().decode((await reader.read()).value);
    }
    const ms = Date.now() - at;
    const event = JSON.parse(/data: (.*)/.exec(text.slice(text.indexOf('event: checkIn')))![1]!) as object;
    console.log(`entrance screen: a check-in through server A reached the screen's stream on B in ${ms} ms`);
    expect(event).toMatchObject({ firstName: 'Kiran', insideNow: expect.any(Number) });
    // Revoked through A: the stream on B ends.
    const revoked = await fetch(`${urls[0]}/api/kiosk/revokeKiosk?kioskId=${await kioskIdOf(kioskKey)}`, {
      method: 'DELETE',
      headers: staff,
    });
    expect(revoked.status).toBe(204);
    for (;;) if ((await reader.read()).done) break;
    controller.abort();

    // Pairing tries of one address: 30 a minute in all (one used above), whichever server is asked.
    const answers = await statuses(
      Array.from({ length: 40 }, (_, i) =>
        call(urls[i % 2]!, '/api/kiosk/pair', { body: { code: '000000' } }),
      ),
    );
    expect(count(answers, 404)).toBe(29);
    expect(count(answers, 429)).toBe(11);
  }, 60_000);

  it('send every outbox row once, both delivering at once', async () => {
    const rows = 120;
    const tag = `two-servers-${Date.now()}`;
    await withClient(dbUrl, (c) =>
      c.query(
        `insert into messages (client_id, branch_id, event, period, channel, language, recipient, subject, body)
         select b.client_id, b.id, 'test', $1 || '-' || i, 'email', 'en', 'member' || i || '@example.test',
                $1 || ' #' || i, 'Hello'
           from generate_series(1, $2::int) i, (select client_id, id from branches order by id limit 1) b`,
        [tag, rows],
      ),
    );
    const mine = () => smtp.mails.filter((m) => m.subject.startsWith(`${tag} #`));
    for (let i = 0; i < 300 && mine().length < rows; i++) await new Promise((r) => setTimeout(r, 100));
    // A little longer: a second delivery of any row would arrive now.
    await new Promise((r) => setTimeout(r, 2000));
    const subjects = mine().map((m) => m.subject);
    const sent = await withClient(dbUrl, async (c) =>
      Number(
        (
          await c.query(`select count(*) from messages where period like $1 || '-%' and status = 'sent'`, [
            tag,
          ])
        ).rows[0].count,
      ),
    );
    console.log(
      `outbox across 2 servers: ${rows} rows, ${subjects.length} mails received, ${new Set(subjects).size} distinct, ${sent} marked sent`,
    );
    expect(new Set(subjects).size).toBe(rows);
    expect(subjects).toHaveLength(rows);
    expect(sent).toBe(rows);
    // No e-mail row at all was claimed twice since the servers started (the demo's own reminders
    // included): each claim counts an attempt, and the fake server takes every mail at the first.
    const twice = await withClient(dbUrl, async (c) =>
      Number(
        (
          await c.query(
            `select count(*) from messages
              where channel = 'email' and status = 'sent' and attempts > 1 and sent_at >= to_timestamp($1 / 1000.0)`,
            [started],
          )
        ).rows[0].count,
      ),
    );
    expect(twice).toBe(0);
  }, 60_000);

  it('hand each door command to one poll, a device polling both at once', async () => {
    const session = await signIn(urls[0]);
    const branchId = session.branches[0]!.id;
    const staff = { authorization: `Bearer ${session.accessToken}`, branchid: String(branchId) };
    const serial = `TWO${process.pid}`;
    const [onA, onB] = urls.map((u) => new SimulatedDevice(u, serial));
    expect((await onA!.handshake()).status).toBe(200);
    const accepted = await call(urls[1], '/api/device/acceptDevice', {
      headers: staff,
      body: { serialNumber: serial, name: 'Both doors' },
    });
    expect(accepted.status).toBe(201);
    const { id: deviceId } = (await accepted.json()) as { id: number };
    // 60 of the branch's members enrolled on the door: the users trigger queues their records.
    await withClient(dbUrl, (c) =>
      c.query(
        `update users set added_to_biometric_machine = true, biometric_machine_id = $1
          where id in (select id from users where branch_id = $2 and status order by id limit 60)`,
        [deviceId, branchId],
      ),
    );
    const queued = await withClient(dbUrl, async (c) =>
      Number(
        (await c.query(`select count(*) from device_commands where device_id = $1`, [deviceId])).rows[0]
          .count,
      ),
    );
    // Polls to both at once, nothing confirmed: a command handed out is not due again for a minute.
    const lines: string[] = [];
    for (let round = 0; round < 8; round++) {
      const got = await Promise.all([onA!, onB!].map((d) => d.poll({ confirm: false })));
      lines.push(...got.flat());
    }
    const ids = lines.map((l) => l.split(':')[1]);
    console.log(
      `door commands across 2 servers: ${queued} queued, ${ids.length} handed out over 16 polls, ${new Set(ids).size} distinct`,
    );
    expect(queued).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(queued);
  }, 60_000);

  it('take one backup per interval between them', async () => {
    // At least two intervals since start, so each server's timer ticked several times.
    const needMs = 2 * backupIntervalHours * 3_600_000 + 2000;
    await new Promise((r) => setTimeout(r, Math.max(0, started + needMs - Date.now())));
    for (let i = 0; i < 100; i++) {
      const done = await withClient(
        dbUrl,
        async (c) => (await c.query(`select 1 from backup_runs`)).rowCount,
      );
      if ((done ?? 0) >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const runs = await withClient(
      dbUrl,
      async (c) =>
        (
          await c.query<{ started: Date; finished: Date; ok: boolean; host: string }>(
            `select started_at as started, finished_at as finished, ok, host from backup_runs order by started_at`,
          )
        ).rows,
    );
    const files = backupDirs.flatMap((d) => {
      try {
        return readdirSync(d).filter((f) => f.endsWith('.backup.gz'));
      } catch {
        return [];
      }
    });
    const gaps = runs.slice(1).map((r, i) => (r.started.getTime() - runs[i]!.finished.getTime()) / 1000);
    console.log(
      `backups across 2 servers in ${((Date.now() - started) / 1000).toFixed(0)} s at an interval of ` +
        `${backupIntervalHours * 3600} s: ${runs.length} runs, ${files.length} files, gaps ${gaps.map((g) => g.toFixed(1)).join(', ')} s`,
    );
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.every((r) => r.ok)).toBe(true);
    expect(files).toHaveLength(runs.length);
    // Each started an interval after the one before finished (the database's clock; a little slack
    // for the moment a server read it).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(backupIntervalHours * 3600 - 0.5);
  }, 60_000);
});

async function kioskIdOf(key: string): Promise<number> {
  const { createHash } = await import('node:crypto');
  return withClient(dbUrl, async (c) =>
    Number(
      (
        await c.query(`select id from kiosks where key_hash = $1`, [
          createHash('sha256').update(key).digest('hex'),
        ])
      ).rows[0].id,
    ),
  );
}
