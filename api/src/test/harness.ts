import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { fullPermissions, type PermissionRecord } from '@app/contract/modules';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { branches, clients, staff, staffRoles } from '../db/schema.ts';
import { hashPassword } from '../platform/passwords.ts';
import { issueRefreshToken } from '../modules/authentication/tokens.ts';
import { parseCsv } from '../platform/csvParse.ts';

export const testConfig = (over: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
  accessTokenTtlSeconds: 900,
  logLevel: 'silent',
  publicUrl: 'http://localhost:3000',
  workers: 1,
  checkResponses: true,
  ...over,
});

/**
 * A fresh database per test file on PostgreSQL: DATABASE_URL names the server (src/test/globalSetup.ts
 * starts an embedded one when none is given); the file's database is created here and dropped at the end.
 */
export async function freshDatabase(opts: { migrate?: boolean } = {}): Promise<{
  database: Database;
  /** The new database's address, for processes of their own (the API spawned as a server). */
  url: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'DATABASE_URL is not set: run the API tests through vitest (globalSetup starts PostgreSQL).',
    );
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), pooling: testPooling() });
  // Unmigrated: for a database an earlier release wrote (upgrade.test.ts).
  if (opts.migrate !== false) await database.migrate();
  return {
    database,
    url: dbUrl.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** DATABASE_POOLING of the run: 'transaction' when the suite runs through PgBouncer (.ci/pgbouncer.sh). */
export const testPooling = () =>
  process.env.DATABASE_POOLING === 'transaction' ? ('transaction' as const) : ('session' as const);

export type TestApp = { app: FastifyInstance; db: Db; close: () => Promise<void> };

export async function startTestApp(over: Partial<Config> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  // The app closes the database on close; drop afterwards removes a PostgreSQL test database.
  const app = await buildApp(testConfig(over), { ...database, close: async () => {} });
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let orgCounter = 0;
let cachedHash: Promise<string> | undefined;
export const testPassword = 'Passw0rd!';

export type TestOrg = {
  clientId: number;
  branchIds: number[];
  ownerRoleId: number;
  ownerId: number;
  ownerName: string;
  ownerToken: string;
};

/** An organisation with an owner and `branchCount` branches, inserted directly. */
export async function createOrg(
  t: TestApp,
  opts: { branchCount?: number; name?: string } = {},
): Promise<TestOrg> {
  orgCounter += 1;
  const passwordHash = await (cachedHash ??= hashPassword(testPassword));
  const [client] = await t.db
    .insert(clients)
    .values({ name: opts.name ?? `Org ${orgCounter}` })
    .returning();
  const clientId = client!.id;
  const branchValues = Array.from({ length: opts.branchCount ?? 2 }, (_, i) => ({
    clientId,
    name: `Branch ${orgCounter}-${i + 1}`,
  }));
  const branchRows = branchValues.length ? await t.db.insert(branches).values(branchValues).returning() : [];
  const [role] = await t.db
    .insert(staffRoles)
    .values({ clientId, name: 'Owner', isOwner: true, permissions: fullPermissions() })
    .returning();
  const [owner] = await t.db
    .insert(staff)
    .values({
      clientId,
      staffName: `Owner ${orgCounter}`,
      email: `owner${orgCounter}.${randomBytes(3).toString('hex')}@test.dev`,
      roleId: role!.id,
      passwordHash,
    })
    .returning();
  return {
    clientId,
    branchIds: branchRows.map((b) => b.id),
    ownerRoleId: role!.id,
    ownerId: owner!.id,
    ownerName: owner!.staffName,
    ownerToken: await tokenFor(t, owner!.id, clientId),
  };
}

/** A staff member of `org` with a role holding exactly `permissions`. */
export async function createStaff(
  t: TestApp,
  org: TestOrg,
  permissions: PermissionRecord[],
  opts: { branchIds?: number[] | null } = {},
): Promise<{ staffId: number; token: string; roleId: number }> {
  orgCounter += 1;
  const passwordHash = await (cachedHash ??= hashPassword(testPassword));
  const [role] = await t.db
    .insert(staffRoles)
    .values({ clientId: org.clientId, name: `Role ${orgCounter}`, permissions })
    .returning();
  const [member] = await t.db
    .insert(staff)
    .values({
      clientId: org.clientId,
      staffName: `Staff ${orgCounter}`,
      email: `staff${orgCounter}.${randomBytes(3).toString('hex')}@test.dev`,
      roleId: role!.id,
      branchIds: opts.branchIds ?? null,
      passwordHash,
    })
    .returning();
  return { staffId: member!.id, roleId: role!.id, token: await tokenFor(t, member!.id, org.clientId) };
}

/** An access token of a live session (a refresh-token family in the database), as sign-in gives. */
export async function tokenFor(t: TestApp, staffId: number, clientId: number): Promise<string> {
  const { familyId } = await issueRefreshToken(t.db, staffId, false);
  return t.app.jwt.sign({ sub: String(staffId), cid: clientId, fam: familyId });
}

/** Only the named module/actions granted, everything else false. */
export function only(grants: Record<string, string>): PermissionRecord[] {
  return fullPermissions().map((p) => {
    const g = grants[p.moduleUniqueName] ?? '';
    return {
      ...p,
      view: g.includes('v'),
      add: g.includes('a'),
      edit: g.includes('e'),
      delete: g.includes('d'),
    };
  });
}

export function call(
  t: TestApp,
  token: string | undefined,
  opts: InjectOptions & { branchId?: number | null },
) {
  const { branchId, ...rest } = opts;
  return t.app.inject({
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(branchId !== undefined ? { branchid: String(branchId) } : {}),
      ...rest.headers,
    },
  });
}

/**
 * A CSV export's header and rows (cells keyed by the header's labels), after checking that it
 * starts with the UTF-8 byte order mark every export carries.
 */
export function csvOf(res: { rawPayload: Buffer; body: string }) {
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...rest] = parseCsv(res.body).map((r) => r.cells);
  const header = head ?? [];
  const rows = rest.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
  return { header, rows };
}
