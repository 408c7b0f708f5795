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

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const loaded = loadConfig();
  const config: Config = { ...loaded, webDist: loaded.webDist ?? defaultWebDist };
  // Without DATABASE_URL the API owns the embedded server of DATA_DIR; the folder lock makes sure
  // no second API becomes its owner at the same time.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl ?? embedded!.url });
  await database.migrate();
  const moved = embedded ? await moveOldFolder(config.dataDir, embedded.url, database) : undefined;
  const seeded = config.databaseUrl || moved ? false : await seedDemoIfEmpty(database.db);

  const app = await buildApp(config, database);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      await embedded?.stop();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('127.0.0.1', 'localhost');
  const where = config.databaseUrl
    ? `PostgreSQL ${redact(config.databaseUrl)}`
    : `embedded PostgreSQL in ${join(config.dataDir, 'postgres')}${embedded!.adopted ? ', taken over from an earlier run' : ''}`;
  if (moved)
    console.log(
      `Moved ${moved.rows} rows of ${moved.tables} tables from PGlite; the old folder is kept at ${moved.keptAt}.`,
    );
  // One write, so whoever watches for the address also sees the sign-in line.
  const signIn =
    seeded || !config.databaseUrl ? `Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}\n` : '';
  console.log(`\nLibrary Admin is running at ${url} (database: ${where})\n${signIn}`);
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
    err instanceof DataDirLockedError
  ) {
    console.error(err.message);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port already in use: ${(err as Error).message}. Set PORT to a free port.`);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
