import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseUnreachableError, openDatabase, redact } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { seedDemoIfEmpty, demoSignIn } from './db/seed.ts';
import { buildApp } from './app.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const loaded = loadConfig();
  const config: Config = { ...loaded, webDist: loaded.webDist ?? defaultWebDist };
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const seeded = config.databaseUrl ? false : await seedDemoIfEmpty(database.db);

  const app = await buildApp(config, database);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
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
    : `PGlite in ${config.dataDir}`;
  // One write, so whoever watches for the address also sees the sign-in line.
  const signIn =
    seeded || !config.databaseUrl ? `Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}\n` : '';
  console.log(`\nLibrary Admin is running at ${url} (database: ${where})\n${signIn}`);
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
