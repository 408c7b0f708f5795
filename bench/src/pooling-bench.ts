// Named against unnamed statements (issue 43, point 2): what DATABASE_POOLING=transaction costs. The
// hot paths send named prepared statements (the caller's context on every request, the dashboard's,
// the member writes'), planned once per connection; behind a transaction-pooling PgBouncer they go
// unnamed and are planned on every request. Seeds the demo organisation and --members more members
// into its first branch on a fresh database, then drives the members list's first page and the
// dashboard with autocannon against the API in this process, once per way of reaching PostgreSQL:
//   direct, named       DATABASE_POOLING=session (the default), DATABASE_URL
//   direct, unnamed     DATABASE_POOLING=transaction, DATABASE_URL
//   PgBouncer, unnamed  DATABASE_POOLING=transaction, PGBOUNCER_URL (when set; .ci/pgbouncer.sh's setup)
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres [PGBOUNCER_URL=postgres://…:56432/postgres] \
//      npm run bench:pooling --workspace bench -- [--members 100000] [--seconds 10] [--connections 10]
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../api/src/app.ts';
import type { Config, DatabasePooling } from '../../api/src/config.ts';
import { openDatabase } from '../../api/src/db/client.ts';
import { demoSignIn, seedDemo } from '../../api/src/db/seed.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL names the PostgreSQL server to create the bench database on');
const bouncerUrl = process.env.PGBOUNCER_URL;
const dbName = `bench_pooling_${Date.now()}`;
const on = (url: string) => {
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  return u.toString();
};
const log = (msg: string) =>
  console.log(`[${new Date().toISOString().slice(11, 19)} load ${loadavg()[0]!.toFixed(2)}] ${msg}`);

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function seed(members: number) {
  const database = await openDatabase({ databaseUrl: on(adminUrl!) });
  await database.migrate();
  await seedDemo(database.db);
  const c = new pg.Client({ connectionString: on(adminUrl!) });
  await c.connect();
  const { rows } = await c.query<{ client_id: number; id: number }>(
    'select client_id, id from branches order by id limit 1',
  );
  const { client_id: clientId, id: branchId } = rows[0]!;
  for (let from = 1; from <= members; from += 50_000) {
    const to = Math.min(members, from + 49_999);
    await c.query(`
      insert into users (client_id, branch_id, name, mobile, status, valid_from, valid_till, joined_on)
      select ${clientId}, ${branchId}, 'Bench Member ' || i, '7' || lpad(i::text, 9, '0'), true,
             current_date - 30, current_date + 300, current_date - 30
        from generate_series(${from}, ${to}) as g(i)`);
    log(`members ${to} / ${members}`);
  }
  await c.query('analyze');
  await c.end();
  await database.close();
}

const config = (): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: '/nonexistent',
  jwtSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
  accessTokenTtlSeconds: 3600,
  logLevel: 'silent',
  publicUrl: 'http://localhost',
  workers: 1,
});

type Figures = { rps: number; p50: number; p99: number; errors: number };

async function drive(url: string, path: string, headers: Record<string, string>): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({ url: `${url}${path}`, headers, connections: Number(values.connections), duration });
  await run(2); // warm-up: every pool connection opened (and, named, every statement prepared)
  const r = await run(Number(values.seconds));
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors,
  };
}

async function variant(label: string, url: string, pooling: DatabasePooling) {
  const database = await openDatabase({ databaseUrl: url, pooling });
  const app = await buildApp(config(), database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const login = await fetch(`${address}/api/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoSignIn.email, password: demoSignIn.password }),
    });
    const session = (await login.json()) as { accessToken: string; branches: { id: number }[] };
    const headers = {
      authorization: `Bearer ${session.accessToken}`,
      branchid: String(session.branches[0]!.id),
    };
    const list = await drive(address, '/api/user/getUsers?pageSize=25', headers);
    log(`${label}: members list done`);
    const dashboard = await drive(address, '/api/dashboard/getDashboard', headers);
    log(`${label}: dashboard done`);
    return { label, list, dashboard };
  } finally {
    await app.close();
  }
}

await admin(`create database ${dbName}`);
try {
  const members = Number(values.members);
  log(`seeding the demo and ${members} members into ${dbName}`);
  await seed(members);
  const results = [
    await variant('direct, named (session)', on(adminUrl), 'session'),
    await variant('direct, unnamed (transaction)', on(adminUrl), 'transaction'),
  ];
  if (bouncerUrl)
    results.push(await variant('PgBouncer, unnamed (transaction)', on(bouncerUrl), 'transaction'));
  const cell = (f: Figures) =>
    `${String(f.rps).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms${f.errors ? `  ${f.errors} errors` : ''}`;
  console.log(
    `\nNamed against unnamed statements: ${members} members + the demo, ${values.connections} connections, ${values.seconds} s each`,
  );
  console.log(`${'how'.padEnd(34)}${'members list, first page'.padEnd(44)}dashboard`);
  for (const r of results) console.log(`${r.label.padEnd(34)}${cell(r.list).padEnd(44)}${cell(r.dashboard)}`);
} finally {
  if (!values['keep-db']) await admin(`drop database if exists ${dbName} with (force)`);
}
