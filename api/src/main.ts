import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, makeFolder, type Config } from './config.ts';
import { count } from 'drizzle-orm';
import { DatabaseUnreachableError, openDatabase, redact, type Database } from './db/client.ts';
import { clients } from './db/schema.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { seedDemoIfEmpty, demoSignIn } from './db/seed.ts';
import { EmbeddedStartError, startEmbeddedPostgres } from './db/embedded.ts';
import { keepEmbeddedRunning } from './db/keeper.ts';
import { moveFromPglite, pgliteFolder, type MoveReport } from './db/fromPglite.ts';
import { buildApp } from './app.ts';
import { scheduleBackups } from './db/scheduledBackup.ts';
import { MigrationFailedError } from './db/migrations.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * What a start that gives up undoes, newest first: the embedded server it started (or took over),
 * the data folder's lock (issue 41, point 7). A start that fails leaves no server behind.
 */
const undoOnFailure: (() => unknown)[] = [];

async function main() {
  const loaded = loadConfig();
  const config: Config = { ...loaded, webDist: loaded.webDist ?? defaultWebDist };
  // A worker of WORKERS=n: the primary prepared the database and passed its address in DATABASE_URL.
  if (cluster.isWorker) return serveWorker(config);
  // Folders that cannot be made stop the start here, with one line naming their variable.
  makeFolder('DATA_DIR', config.dataDir);
  if (config.backup) makeFolder('BACKUP_DIR', config.backup.dir);

  // Without DATABASE_URL the API owns the embedded server of DATA_DIR; the folder lock makes sure
  // no second API becomes its owner at the same time.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  undoOnFailure.push(unlock);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  if (embedded) undoOnFailure.push(() => embedded.stop());
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const database = await openDatabase({ databaseUrl, pooling: config.databasePooling });
  await database.migrate();
  const moved = embedded ? await moveOldFolder(config.dataDir, embedded.url, database) : undefined;
  const seeded = config.databaseUrl || moved ? false : await seedDemoIfEmpty(database.db);

  // The embedded server is started again when it dies (db/keeper.ts); when it cannot be, the API
  // exits with one line and its service manager starts it again.
  const keeper = embedded
    ? keepEmbeddedRunning(embedded, {
        log: console.log,
        giveUp: (line) => {
          console.error(line);
          unlock();
          process.exit(1);
        },
      })
    : undefined;
  if (keeper) undoOnFailure.push(() => keeper.stop());

  // Only the main process schedules backups; processes of other machines on the same database
  // agree through the database which one takes each (db/scheduledBackup.ts).
  const backups = config.backup
    ? scheduleBackups(databaseUrl, config.backup, { info: console.log, error: console.error })
    : undefined;
  if (backups) undoOnFailure.push(() => backups.stop());

  let stopServing: () => Promise<void>;
  let address: string;
  if (config.workers > 1) {
    await database.close();
    ({ address, stop: stopServing } = await startWorkers(config.workers, databaseUrl));
  } else {
    const app = await buildApp(config, keeper ? { ...database, restarting: keeper.restarting } : database);
    stopServing = () => closeWithin(app, shutdownGraceMs);
    address = await app.listen({ port: config.port, host: config.host });
  }
  undoOnFailure.length = 0;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(
      `${signal}: finishing in-flight requests (${shutdownGraceMs / 1000} s at most), then stopping`,
    );
    try {
      await stopServing();
      await backups?.stop();
      await keeper?.stop();
      await embedded?.stop();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const url = localUrl(address);
  // Without PUBLIC_URL, links in receipts and mails point at the address actually listened on
  // (PORT=0 picks a free port only now). In WORKERS mode each worker does the same for itself.
  if (!process.env.PUBLIC_URL) config.publicUrl = url;
  const where = config.databaseUrl
    ? `PostgreSQL ${redact(config.databaseUrl)}`
    : `embedded PostgreSQL in ${join(config.dataDir, 'postgres')}${embedded!.adopted ? ', taken over from an earlier run' : ''}`;
  if (moved)
    console.log(
      `Moved ${moved.rows} rows of ${moved.tables} tables from PGlite; the old folder is kept at ${moved.keptAt}.`,
    );
  const processes = config.workers > 1 ? `, ${config.workers} API processes` : '';
  // One write, so whoever watches for the address also sees the sign-in line.
  const signIn =
    seeded || !config.databaseUrl ? `Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}\n` : '';
  console.log(
    `\nLibrary Admin is running at ${url}${otherDesks(config, url)} (database: ${where}${processes})\n${signIn}`,
  );
}

/** The address on this PC: localhost for a loopback or every-interface address, else the one listened on. */
function localUrl(address: string): string {
  return address.replace(/\/\/(127\.0\.0\.1|0\.0\.0\.0|\[::1?\])(?=:)/, '//localhost');
}

/**
 * The address the other desks open (PUBLIC_URL), beside this PC's own (issue 41, point 7); and when
 * HOST accepts only this PC, so that no desk can reach it, the banner says so.
 */
function otherDesks(config: Config, url: string): string {
  if (!process.env.PUBLIC_URL || config.publicUrl.replace(/\/$/, '') === url) return '';
  const publicHost = new URL(config.publicUrl).hostname;
  const loopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/.test(host);
  const unreachable =
    loopback(config.host) && !loopback(publicHost)
      ? `, but HOST=${config.host} accepts only this PC: set HOST=0.0.0.0`
      : '';
  return `; other desks open ${config.publicUrl}${unreachable}`;
}

/**
 * WORKERS=n: n processes accept on the one port (node:cluster hands out connections). They share
 * only the database, like several servers behind a load balancer; a worker that dies is replaced.
 */
async function startWorkers(
  n: number,
  databaseUrl: string,
): Promise<{ address: string; stop: () => Promise<void> }> {
  let stopping = false;
  const fork = () => cluster.fork({ DATABASE_URL: databaseUrl });
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`API process ${worker.process.pid} exited (${code}); starting another`);
    fork();
  });
  const listening = Array.from({ length: n }, () => {
    const worker = fork();
    return new Promise<string>((resolve, reject) => {
      worker.once('listening', (a) => resolve(`http://${a.address ?? '127.0.0.1'}:${a.port}`));
      worker.once('exit', (code) => reject(new Error(`API process exited (${code}) before it listened`)));
    });
  });
  const [address] = await Promise.all(listening);
  const stop = async () => {
    stopping = true;
    const exits = Object.values(cluster.workers ?? {}).map(
      (w) => new Promise((resolve) => (w!.isDead() ? resolve(null) : w!.once('exit', resolve))),
    );
    for (const w of Object.values(cluster.workers ?? {})) w!.process.kill('SIGTERM');
    await Promise.all(exits);
  };
  return { address: address!, stop };
}

async function serveWorker(config: Config): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl!, pooling: config.databasePooling });
  const app = await buildApp(config, database);
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await closeWithin(app, shutdownGraceMs);
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  const address = await app.listen({ port: config.port, host: config.host });
  if (!process.env.PUBLIC_URL) config.publicUrl = address.replace('127.0.0.1', 'localhost');
}

/** How long the requests under way at SIGTERM get to finish (issue 43, point 4). */
const shutdownGraceMs = 10_000;

/**
 * Stops taking connections at once (the listening socket closes; a request that still arrives on an
 * open connection is answered 503, modules/health/routes.ts) and lets the requests under way finish.
 * Those still running after `graceMs` lose their connections, and the close goes on without them.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
  const closed = app.close().then(() => 'closed' as const);
  const outcome = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (outcome === 'closed') return;
  console.error(`Requests still running ${graceMs / 1000} s after the signal: closing their connections`);
  // HTTPS (http2) servers have no such call; their process exits all the same.
  (app.server as unknown as Partial<Server>).closeAllConnections?.();
  // The close waits for the database pool, whose statements may still run: a second at most.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
}

/**
 * A folder written by the former default (PGlite) comes over once, into a database that is still
 * empty; a database that already holds data is never overwritten.
 */
async function moveOldFolder(
  dataDir: string,
  url: string,
  database: Database,
): Promise<MoveReport | undefined> {
  const folder = pgliteFolder(dataDir);
  if (!folder) return undefined;
  const [row] = await database.db.select({ n: count() }).from(clients);
  if (Number(row?.n ?? 0) > 0) return undefined;
  console.log(`Moving the PGlite database in ${folder} to PostgreSQL…`);
  return moveFromPglite(folder, url);
}

/** The one line a start that gives up prints (issue 41, point 7: never a stack for a known cause). */
function startFailure(err: unknown): string {
  const e = err as NodeJS.ErrnoException & { hostname?: string };
  if (
    err instanceof ConfigError ||
    err instanceof DatabaseUnreachableError ||
    err instanceof DataDirLockedError ||
    err instanceof MigrationFailedError
  )
    return e.message;
  if (err instanceof EmbeddedStartError) return `The embedded PostgreSQL did not start: ${e.message}`;
  if (e.code === 'EADDRINUSE') return `Port already in use: ${e.message}. Set PORT to a free port.`;
  if (e.code === 'EACCES' && e.syscall === 'listen')
    return `Invalid configuration: PORT=${JSON.stringify(process.env.PORT ?? '3000')} may not be listened on by this user (${e.message}).`;
  // HOST names no address of this PC: a name that does not resolve, or an address it does not have.
  if (
    ['getaddrinfo', 'listen', 'bind'].includes(e.syscall ?? '') &&
    ['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL'].includes(e.code ?? '')
  )
    return `Invalid configuration: HOST=${JSON.stringify(process.env.HOST ?? '127.0.0.1')} cannot be listened on (${e.message}). Use an address of this PC, or 0.0.0.0 for every one.`;
  return `Failed to start: ${(err as Error)?.stack ?? String(err)}`;
}

main().catch(async (err: unknown) => {
  // Undone before the line, so the line is the last thing printed.
  for (const undo of undoOnFailure.reverse()) {
    try {
      await undo();
    } catch {
      // Each undo is on its own; the failure below is what matters.
    }
  }
  console.error(startFailure(err));
  process.exit(1);
});
