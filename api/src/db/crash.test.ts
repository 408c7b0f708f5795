// Crash safety (issue 20, point 3): the real server is killed with SIGKILL in the middle of 1,000
// writes (new members and payments through HTTP), on the embedded PostgreSQL of a data folder and
// on the PostgreSQL that DATABASE_URL names. After each restart on the same folder or database every
// write the client saw acknowledged must be there, receipt numbers unique and gapless, dues right.
// On the embedded engine a second kill takes the database server down too (its crash recovery).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import { seedDemo } from './seed.ts';
import {
  embeddedUrl,
  killHard,
  signIn,
  startServer,
  waitForUrl,
  withClient,
  type ServerProcess,
} from '../test/server.ts';
import { newTally, retryUnknownPayments, runWrites, type Target } from '../test/writeLoad.ts';
import { checkWrites } from '../test/writeChecks.ts';

const totalWrites = 1000;
const callers = 8;

/** Kills the API (and with `database`, the embedded postmaster too) once `acked` writes are acknowledged. */
async function writeUntilKilled(
  server: ServerProcess,
  target: Target,
  tally: ReturnType<typeof newTally>,
  ackedBeforeKill: number,
  kill: () => Promise<void>,
) {
  let acked = 0;
  let killing: Promise<void> | undefined;
  await runWrites(target, tally, {
    until: totalWrites,
    callers,
    run: process.pid % 10_000,
    onAck: () => {
      acked += 1;
      if (acked === ackedBeforeKill) killing = kill();
    },
  });
  await killing;
  expect(server.child.exitCode ?? server.child.signalCode).toBe('SIGKILL');
}

async function firstTarget(url: string): Promise<Target> {
  const session = await signIn(url);
  const branchId = session.branches[0]!.id;
  const options = (await (
    await fetch(`${url}/api/payment/getPaymentOptions`, {
      headers: { authorization: `Bearer ${session.accessToken}`, branchid: String(branchId) },
    })
  ).json()) as { feeStructures: { id: number }[] };
  return { url, token: session.accessToken, branchId, feeStructureId: options.feeStructures[0]!.id };
}

function report(
  engine: string,
  tally: ReturnType<typeof newTally>,
  figures: Awaited<ReturnType<typeof checkWrites>>,
  extra: string,
) {
  console.log(
    `crash safety (${engine}): ${tally.attempted} writes sent, ${figures.acked} acknowledged ` +
      `(${tally.members.length} members, ${tally.receipts.length} payments), ${tally.refused} refused, ` +
      `${tally.failed} 5xx, ${tally.unknownMembers} member creates cut off by a kill; after restart: ` +
      `${figures.found} found, writes lost: ${figures.lost}; receipt series ${figures.series}, broken: ` +
      `${figures.brokenSeries}, duplicate numbers: ${figures.duplicateReceipts}, dues disagreeing: ` +
      `${figures.duesDisagree}, payments recorded twice: ${figures.extraPayments}; ${extra}`,
  );
}

describe.concurrent('SIGKILL during 1,000 writes', () => {
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });
  const start = (env: Record<string, string>) => {
    const s = startServer({ PORT: '0', ...env });
    servers.push(s);
    return s;
  };

  it('on the embedded PostgreSQL: nothing acknowledged is lost, the folder starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-embedded-'));
    folders.push(dataDir);
    let server = start({ DATA_DIR: dataDir });
    const target = await firstTarget(await waitForUrl(server));
    const tally = newTally();

    // 1. The API alone is killed: its database server keeps running and is taken over.
    await writeUntilKilled(server, target, tally, 300, () => killHard(server));
    server = start({ DATA_DIR: dataDir });
    target.url = await waitForUrl(server);
    expect(server.out()).toContain('taken over from an earlier run');
    // The session survives: the signing key lives in the folder, the session in the database.
    let retried = await retryUnknownPayments(target, tally);

    // 2. The API and its database server are killed together (the machine's OOM killer, a reboot
    //    without shutdown): PostgreSQL replays its write-ahead log on the next start.
    await writeUntilKilled(server, target, tally, 300, async () => {
      const postmaster = Number(
        readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      await killHard(server);
      process.kill(postmaster, 'SIGKILL');
    });
    server = start({ DATA_DIR: dataDir });
    target.url = await waitForUrl(server);
    expect(server.out()).not.toContain('taken over');
    retried += await retryUnknownPayments(target, tally);
    await runWrites(target, tally, { until: totalWrites, callers, run: process.pid % 10_000 });

    const figures = await withClient(embeddedUrl(dataDir), (c) => checkWrites(c, tally));
    report('embedded', tally, figures, `${retried} cut-off payments sent again with their Idempotency-Key`);
    expect(tally.attempted).toBe(totalWrites);
    expect(figures).toMatchObject({
      lost: 0,
      brokenSeries: 0,
      duplicateReceipts: 0,
      duesDisagree: 0,
      extraPayments: 0,
    });
    expect(tally.failed).toBe(0);
    expect(tally.refused).toBe(0);
    expect(figures.acked).toBeGreaterThan(totalWrites - 3 * callers);
  }, 240_000);

  it('on PostgreSQL by DATABASE_URL: nothing acknowledged is lost, the server starts again', async () => {
    const { database, url: dbUrl, drop } = await freshDatabase();
    await seedDemo(database.db);
    const dataDir = mkdtempSync(join(tmpdir(), 'crash-external-'));
    folders.push(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: dbUrl };
    try {
      let server = start(env);
      const target = await firstTarget(await waitForUrl(server));
      const tally = newTally();
      await writeUntilKilled(server, target, tally, 450, () => killHard(server));
      server = start(env);
      target.url = await waitForUrl(server);
      const retried = await retryUnknownPayments(target, tally);
      await runWrites(target, tally, { until: totalWrites, callers, run: process.pid % 10_000 });
      const figures = await withClient(dbUrl, (c) => checkWrites(c, tally));
      report('PostgreSQL by DATABASE_URL', tally, figures, `${retried} cut-off payments sent again`);
      expect(tally.attempted).toBe(totalWrites);
      expect(figures).toMatchObject({
        lost: 0,
        brokenSeries: 0,
        duplicateReceipts: 0,
        duesDisagree: 0,
        extraPayments: 0,
      });
      expect(tally.failed).toBe(0);
      expect(tally.refused).toBe(0);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await drop();
    }
  }, 240_000);
});
