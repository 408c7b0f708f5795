// npm run backup -- --out FILE   |   npm run restore -- --in FILE
// The database is the one the server would use: DATABASE_URL when set, otherwise the embedded server
// of DATA_DIR (default ./data). Backing up while the API runs reads its running server (a consistent
// snapshot); with no API running the embedded server is started for the command and stopped after.
// Restoring needs the API stopped and an empty database (a new DATA_DIR is one).
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, restoreDatabase, RestoreRefusedError, type BackupReport } from './backup.ts';
import { redact } from './client.ts';
import { embeddedServerUrl, startEmbeddedPostgres } from './embedded.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, options: { out: { type: 'string' }, in: { type: 'string' } } });
// npm runs workspace scripts in api/; a relative file means the folder the command was typed in.
const here = process.env.INIT_CWD ?? process.cwd();
const fileArg = (f: string) => (isAbsolute(f) ? f : join(here, f));

async function withDatabase<T>(
  forBackup: boolean,
  fn: (url: string, where: string) => Promise<T>,
): Promise<T> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) return fn(databaseUrl, redact(databaseUrl));
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const where = `the embedded PostgreSQL in ${join(dataDir, 'postgres')}`;
  if (forBackup && !existsSync(join(dataDir, 'postgres', 'data', 'PG_VERSION')))
    throw new RestoreRefusedError(`There is no database in ${dataDir}: set DATA_DIR or DATABASE_URL.`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (err) {
    // The API runs and owns the folder: a backup reads its running server, a restore must wait.
    if (err instanceof DataDirLockedError && forBackup) return fn(embeddedServerUrl(dataDir), where);
    throw err;
  }
  try {
    const server = await startEmbeddedPostgres(dataDir);
    try {
      return await fn(server.url, where);
    } finally {
      await server.stop();
    }
  } finally {
    unlock();
  }
}

const summary = (r: BackupReport) => `${r.rows.toLocaleString('en')} rows of ${r.tables} tables`;

async function main() {
  if (command === 'backup' && values.out) {
    const file = fileArg(values.out);
    const report = await withDatabase(true, (url) => backupDatabase(url, file));
    console.log(`Backed up ${summary(report)} to ${file}`);
  } else if (command === 'restore' && values.in) {
    const file = fileArg(values.in);
    if (!existsSync(file)) throw new RestoreRefusedError(`No such file: ${file}`);
    await withDatabase(false, async (url, where) => {
      const report = await restoreDatabase(url, file);
      console.log(`Restored ${summary(report)} from ${file} into ${where}`);
    });
  } else {
    throw new RestoreRefusedError('Usage: npm run backup -- --out FILE | npm run restore -- --in FILE');
  }
}

main().catch((err: unknown) => {
  const known = err instanceof RestoreRefusedError || err instanceof DataDirLockedError;
  console.error(known ? (err as Error).message : err);
  process.exit(1);
});
