// Behind PgBouncer in transaction mode (issue 43, point 2). Runs when PGBOUNCER_URL names such a
// PgBouncer (.ci/pgbouncer.sh starts one in front of CI's PostgreSQL): each transaction may run on
// another server connection, so nothing may outlive its transaction on one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { DatabasePooling } from '../config.ts';
import { createOrg, testConfig, type TestApp, type TestOrg } from '../test/harness.ts';
import { openDatabase } from './client.ts';
import { backupIfDue } from './scheduledBackup.ts';

const bouncer = process.env.PGBOUNCER_URL;

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** The API on `url` (through PgBouncer) with the given pooling setting. */
async function apiOn(url: string, pooling: DatabasePooling): Promise<TestApp> {
  const database = await openDatabase({ databaseUrl: url, pooling });
  const app = await buildApp(testConfig(), database);
  return { app, db: database.db, close: () => app.close() };
}

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * 30 callers at once, 10 rounds each: every statement the hot paths name (the caller's context on
 * each request, the dashboard's and analytics', the seat map's, the member writes') and the members
 * list. Answers by status.
 */
async function thirtyCallers(t: TestApp, org: TestOrg, roomId: number, run: string) {
  const branchId = org.branchIds[0]!;
  const headers = { authorization: `Bearer ${org.ownerToken}`, branchid: String(branchId) };
  const statuses: Record<number, number> = {};
  const errors = new Set<string>();
  const requests = (caller: number, round: number) => [
    { method: 'GET' as const, url: '/api/user/getUsers?pageSize=25' },
    { method: 'GET' as const, url: '/api/dashboard/getDashboard' },
    { method: 'GET' as const, url: `/api/user/getSeatAvailability?roomId=${roomId}` },
    { method: 'GET' as const, url: `/api/analytics/getAnalytics?from=${monthAgo()}&to=${today()}` },
    {
      method: 'POST' as const,
      url: '/api/user/createUser',
      payload: {
        name: `Caller ${caller} ${round}`,
        mobile: `9${run}0000${String(caller).padStart(2, '0')}${String(round).padStart(2, '0')}`,
        validFrom: today(),
        validTill: today(),
      },
    },
  ];
  await Promise.all(
    Array.from({ length: 30 }, async (_, caller) => {
      for (let round = 0; round < 10; round++) {
        const r = requests(caller, round)[round % 5]!;
        const res = await t.app.inject({ ...r, headers });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 400) errors.add(`${r.url} ${res.body}`);
      }
    }),
  );
  return { statuses, errors: [...errors] };
}

describe.skipIf(!bouncer)('through PgBouncer in transaction mode (PGBOUNCER_URL)', () => {
  const name = `bouncer_${randomBytes(5).toString('hex')}`;
  let url: string;
  let t: TestApp;
  let org: TestOrg;
  let roomId: number;

  beforeAll(async () => {
    await query(bouncer!, `create database ${name}`);
    const u = new URL(bouncer!);
    u.pathname = `/${name}`;
    url = u.toString();
    // Migrated through PgBouncer as a start would be.
    const database = await openDatabase({ databaseUrl: url, pooling: 'transaction' });
    await database.migrate();
    await database.close();
    t = await apiOn(url, 'transaction');
    org = await createOrg(t, { branchCount: 1 });
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/room/createRoom',
      headers: { authorization: `Bearer ${org.ownerToken}`, branchid: String(org.branchIds[0]) },
      payload: { name: 'Hall', capacity: 500 },
    });
    expect(room.statusCode, room.body).toBe(201);
    roomId = room.json().id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await query(bouncer!, `drop database if exists ${name} with (force)`).catch(() => {});
  });

  it('with DATABASE_POOLING=transaction, 300 requests of 30 callers at once: no 500', async () => {
    const { statuses, errors } = await thirtyCallers(t, org, roomId, '1');
    expect(errors).toEqual([]);
    expect(statuses).toEqual({ 200: 240, 201: 60 });
  }, 120_000);

  it('without it (named statements), the same load fails: what the setting is for', async () => {
    const named = await apiOn(url, 'session');
    try {
      const { statuses, errors } = await thirtyCallers(named, org, roomId, '2');
      expect(statuses[500] ?? 0).toBeGreaterThan(0);
      expect(errors.join('\n')).toMatch(/INTERNAL_ERROR/);
    } finally {
      await named.close();
    }
  }, 120_000);

  it('takes one scheduled backup among several asking at once, and leaves no advisory lock behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bouncer-backup-'));
    try {
      const schedule = { dir, intervalHours: 1, keep: 5 };
      const log = { info: () => {}, error: () => {} };
      let clock = Date.parse('2026-12-01T05:00:00Z');
      const now = () => new Date(clock);
      for (let hour = 0; hour < 3; hour++) {
        const outcomes = await Promise.all(
          Array.from({ length: 4 }, () => backupIfDue(url, schedule, log, now)),
        );
        expect(outcomes.filter((o) => o.ran && o.ok)).toHaveLength(1);
        // A lock a session kept on some server connection would turn every later hour away.
        const held = await query<{ n: number }>(
          url,
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 727001`,
        );
        expect(held[0]!.n).toBe(0);
        clock += 3_600_000;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
