// The server as a process: configuration errors, the data-folder lock, static serving, shutdown.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from './db/client.ts';
import * as schema from './db/schema.ts';
import { demoSignIn, seedDemo } from './db/seed.ts';
import { createServer } from 'node:net';
import { freshDatabase } from './test/harness.ts';
import { apiDir, startServer, waitForUrl } from './test/server.ts';

describe('bad configuration', () => {
  it('exits non-zero with one line naming PORT', async () => {
    const s = startServer({ PORT: 'abc', DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')) });
    expect(await s.exited).not.toBe(0);
    const lines = s.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="abc"/);
  });

  it('exits non-zero with one line when DATABASE_URL cannot be reached', async () => {
    const s = startServer({
      DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')),
    });
    expect(await s.exited).not.toBe(0);
    const lines = s.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/);
  });
});

describe('a start that gives up (issue 41, point 7)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'giveup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  /** What a start leaves behind: its folder lock, and a running embedded server (its pid file). */
  const leftBehind = () => ({
    lock: existsSync(join(dataDir, 'server.pid')),
    postgres: existsSync(join(dataDir, 'postgres', 'data', 'postmaster.pid')),
  });

  it('names a bad HOST in one line, and stops the embedded PostgreSQL it started', async () => {
    const s = startServer({ PORT: '0', DATA_DIR: dataDir, HOST: 'no-such-host.invalid' });
    expect(await s.exited).toBe(1);
    const lines = s.err().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        /^Invalid configuration: HOST="no-such-host\.invalid" cannot be listened on \(getaddrinfo ENOTFOUND no-such-host\.invalid\)/,
      ),
    ]);
    expect(leftBehind()).toEqual({ lock: false, postgres: false });
  }, 120_000);

  it('says the port is in use in one line, and stops the embedded PostgreSQL it started', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const s = startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await s.exited).toBe(1);
      const lines = s.err().trim().split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^Port already in use: .*EADDRINUSE.*Set PORT to a free port\.$/),
      ]);
      expect(leftBehind()).toEqual({ lock: false, postgres: false });
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('names a BACKUP_DIR that cannot be made (under /proc) in one line, instead of spinning', async () => {
    const s = startServer({ PORT: '0', DATA_DIR: dataDir, BACKUP_DIR: '/proc/library-backups' });
    const code = await Promise.race([
      s.exited,
      new Promise((r) => setTimeout(() => r('still running after 60 s'), 60_000)),
    ]);
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
    expect(code).toBe(1);
    expect(s.err().trim()).toMatch(
      /^Invalid configuration: BACKUP_DIR="\/proc\/library-backups" cannot be made or written: ENOENT/,
    );
    expect(s.err().trim().split('\n')).toHaveLength(1);
    expect(leftBehind()).toEqual({ lock: false, postgres: false });
  }, 120_000);
});

describe('the start banner (issue 41, point 7)', () => {
  it('prints the address the other desks open (PUBLIC_URL) beside localhost', async () => {
    const { url: databaseUrl, drop } = await freshDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'banner-'));
    const env = {
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://frontdesk.lan:3000',
    };
    try {
      const everyInterface = startServer({ ...env, HOST: '0.0.0.0' });
      await waitForUrl(everyInterface);
      expect(everyInterface.out()).toMatch(
        /Library Admin is running at http:\/\/localhost:\d+; other desks open http:\/\/frontdesk\.lan:3000 \(database:/,
      );
      everyInterface.child.kill('SIGTERM');
      expect(await everyInterface.exited).toBe(0);
      // Listening on this PC only, the desks cannot reach it: the banner says what to set.
      const thisPcOnly = startServer(env);
      await waitForUrl(thisPcOnly);
      expect(thisPcOnly.out()).toMatch(
        /running at http:\/\/localhost:\d+; other desks open http:\/\/frontdesk\.lan:3000, but HOST=127\.0\.0\.1 accepts only this PC: set HOST=0\.0\.0\.0 \(database:/,
      );
      thisPcOnly.child.kill('SIGTERM');
      expect(await thisPcOnly.exited).toBe(0);
    } finally {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a running server on the embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'srv-'));
  const webDist = mkdtempSync(join(tmpdir(), 'web-'));
  let server: ReturnType<typeof startServer>;
  let url: string;
  // The WiFi outbox passes back to back, so one is under way when SIGTERM arrives (last test).
  const env = { PORT: '0', DATA_DIR: dataDir, WEB_DIST: webDist, WIFI_OUTBOX_INTERVAL_MS: '1' };

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(join(webDist, 'member.html'), '<!doctype html><title>My membership</title>');
    writeFileSync(
      join(webDist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    // A file the build compressed (web/vite.config.ts); its .br says something the original does not,
    // so the test can tell the stored file from one compressed on the fly.
    writeFileSync(
      join(webDist, 'assets', 'page-def456.js'),
      `console.log(${JSON.stringify('y'.repeat(5000))});`,
    );
    writeFileSync(
      join(webDist, 'assets', 'page-def456.js.br'),
      brotliCompressSync('/* stored by the build */'),
    );
    server = startServer(env);
    url = await waitForUrl(server);
  }, 120_000);
  afterAll(() => {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('prints the demo sign-in and answers health', async () => {
    expect(server.out()).toContain('Demo sign-in: demo@library.test / Demo@12345');
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).database).toMatchObject({ kind: 'postgres', reachable: true });
    expect(server.out()).toContain(`embedded PostgreSQL in ${join(dataDir, 'postgres')}`);
  });

  it('serves index.html for any non-/api path with no-cache, and hashed assets for a year', async () => {
    const page = await fetch(`${url}/app/some/deep/link`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const api404 = await fetch(`${url}/api/unknown`);
    expect(api404.status).toBe(404);
    expect((await api404.json()).reason).toBe('NOT_FOUND');
  });

  it("serves a member's link the member page's own entry, not kept and with no referrer (issue 37)", async () => {
    const page = await fetch(`${url}/m/${'A'.repeat(32)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>My membership</title>');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await (await fetch(`${url}/members`)).text()).toContain('<title>app</title>');
  });

  it('compresses with gzip and brotli', async () => {
    const { request } = await import('node:http');
    const raw = await new Promise<{ enc?: string; body: Buffer }>((resolve, reject) => {
      request(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ enc: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw.enc).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('xxxxx');
    const br = await new Promise<string | undefined>((resolve, reject) => {
      request(`${url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        resolve(res.headers['content-encoding']);
      })
        .on('error', reject)
        .end();
    });
    expect(br).toBe('br');
  });

  it("sends the build's own .br file as it is, with the asset's type and cache headers", async () => {
    const { request } = await import('node:http');
    const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      request(`${url}/assets/page-def456.js`, { headers: { 'accept-encoding': 'br, gzip' } }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe('/* stored by the build */');
    // Without a stored .gz, a gzip-only caller still gets the file compressed on the fly.
    const gz = await fetch(`${url}/assets/page-def456.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(await gz.text()).toContain('yyyyy');
  });

  it('refuses a second server on the same data folder with one clear line', async () => {
    const second = startServer({ PORT: '0', DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.err().trim()).toMatch(/^The data folder .* is in use by another server \(pid \d+\)/);
    expect(second.err().trim().split('\n')).toHaveLength(1);
  });

  it('after a SIGKILL, the next start takes over the database server it left running, data kept', async () => {
    const token = await signIn(url);
    const created = await fetch(`${url}/api/category/createCategory`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Written before the kill' }),
    });
    expect(created.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;
    // The killed API's database server is still running (its pid file names a live process).
    expect(existsSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'))).toBe(true);
    rmSync(join(dataDir, 'server.pid'), { force: true });
    server = startServer(env);
    url = await waitForUrl(server);
    expect(server.out()).toContain('taken over from an earlier run');
    const list = await fetch(`${url}/api/category/getCategories?q=kill`, {
      headers: { authorization: `Bearer ${await signIn(url)}` },
    });
    expect((await list.json()).items.map((c: { name: string }) => c.name)).toEqual([
      'Written before the kill',
    ]);
  });

  it('shuts down cleanly on SIGTERM, stops its database server and releases the folder', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Background passes end before the pool closes, not on a closed pool.
    expect(server.out() + server.err()).not.toMatch(/Cannot use a pool|outbox pass failed|expiry failed/);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'))).toBe(false);
  });
});

describe('a data folder written by the former PGlite default', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'old-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is moved into PostgreSQL once with every row, and the old folder is kept', async () => {
    const old = await PGlite.create({ dataDir: join(dataDir, 'pglite'), extensions: { pg_trgm } });
    const db = drizzle(old, { schema });
    await migrate(db, { migrationsFolder });
    await seedDemo(db as never);
    await db.insert(schema.categories).values({ clientId: 1, name: 'Only in PGlite' });
    const counts = await tableCounts((q) => old.query<{ n: number }>(q).then((r) => r.rows));
    await old.close();

    const server = startServer({ PORT: '0', DATA_DIR: dataDir });
    const url = await waitForUrl(server);
    expect(server.out()).toMatch(
      /Moved \d+ rows of \d+ tables from PGlite; the old folder is kept at .*pglite-moved-/,
    );
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    // Every table holds exactly the rows it held in PGlite (counted before anyone signs in).
    const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8');
    const port = Number(
      readFileSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[3],
    );
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: 'postgres',
    });
    await client.connect();
    expect(await tableCounts((q) => client.query<{ n: number }>(q).then((r) => r.rows))).toEqual(counts);
    await client.end();
    const list = await fetch(`${url}/api/category/getCategories?q=PGlite`, {
      headers: { authorization: `Bearer ${await signIn(url)}` },
    });
    expect((await list.json()).items.map((c: { name: string }) => c.name)).toEqual(['Only in PGlite']);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoSignIn.email, password: demoSignIn.password }),
  });
  return (await res.json()).accessToken;
}

/** Rows per table of the public schema, by name. */
async function tableCounts(
  query: (sql: string) => Promise<{ n: number }[]>,
): Promise<Record<string, number>> {
  const tables = (await query(
    `select tablename as n from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { n: string }[];
  const counts: Record<string, number> = {};
  for (const { n: table } of tables)
    counts[table] = (await query(`select count(*)::int as n from "${table}"`))[0]!.n;
  return counts;
}

describe('WORKERS=2', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'workers-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the port from two API processes on one embedded database and stops them all', async () => {
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, WORKERS: '2' });
    const url = await waitForUrl(server);
    expect(server.out()).toContain('2 API processes');
    const token = await signIn(url);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${url}/api/category/getCategories`, { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, 'postgres', 'data', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});

describe('the start-up bundle (npm run build, then npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bundle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is built by build.mjs and serves from dist/main.js, migrations and demo data included', async () => {
    const build = spawn(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' });
    expect(await new Promise((resolve) => build.on('exit', resolve))).toBe(0);
    const server = startServer({ PORT: '0', DATA_DIR: dataDir }, ['--enable-source-maps', 'dist/main.js']);
    const url = await waitForUrl(server);
    expect((await (await fetch(`${url}/api/health`)).json()).database).toMatchObject({ reachable: true });
    expect(await signIn(url)).toBeTruthy();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
