import cluster from 'node:cluster';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { count } from 'drizzle-orm';
import { DatabaseUnreachableError, openDatabase, redact, type Database } from './db/client.ts';
import { clients } from './db/schema.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { seedDemoIfEmpty, demoSignIn } from './db/seed.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { moveFromPglite, pgliteFolder, type MoveReport } from './db/fromPglite.ts';
import { buildApp } from './app.ts';
import { scheduleBackups } from './db/scheduledBackup.ts';
import { MigrationFailedError } from './db/migrations.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const loaded = loadConfig();
  const config: Config = { ...loaded, webDist: loaded.webDist ?? defaultWebDist };
  // A worker of WORKERS=n: the primary prepared the database and passed its address in DATABASE_URL.
  if (cluster.isWorker) return serveWorker(config);

  // Without DATABASE_URL the API owns the embedded server of DATA_DIR; the folder lock makes sure
  // no second API becomes its owner at the same time.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const moved = embedded ? await moveOldFolder(config.dataDir, embedded.url, database) : undefined;
  const seeded = config.databaseUrl || moved ? false : await seedDemoIfEmpty(database.db);

  // Only the main process schedules backups; processes of other machines on the same database
  // agree through the database which one takes each (db/scheduledBackup.ts).
  const backups = config.backup
    ? scheduleBackups(databaseUrl, config.backup, { info: console.log, error: console.error })
    : undefined;

  let stopServing: () => Promise<void>;
  let address: string;
  if (config.workers > 1) {
    await database.close();
    ({ address, stop: stopServing } = await startWorkers(config.workers, databaseUrl));
  } else {
    const app = await buildApp(config, database);
    stopServing = () => app.close();
    address = await app.listen({ port: config.port, host: config.host });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing in-flight requests, then stopping`);
    try {
      await stopServing();
      await backups?.stop();
      await embedded?.stop();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const url = address.replace('127.0.0.1', 'localhost');
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
  console.log(`\nLibrary Admin is running at ${url} (database: ${where}${processes})\n${signIn}`);
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
  const database = await openDatabase({ databaseUrl: config.databaseUrl! });
  const app = await buildApp(config, database);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  const address = await app.listen({ port: config.port, host: config.host });
  if (!process.env.PUBLIC_URL) config.publicUrl = address.replace('127.0.0.1', 'localhost');
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

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DatabaseUnreachableError ||
    err instanceof DataDirLockedError ||
    err instanceof MigrationFailedError
  ) {
    console.error(err.message);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port already in use: ${(err as Error).message}. Set PORT to a free port.`);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
