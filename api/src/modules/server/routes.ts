// What the owner should know about the machine (issue 42, points 2 and 3): a disk with little room
// left, and the API's clock apart from the database's. Shown on the dashboard.
import type { FastifyInstance } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { serverWarningsSchema, type ServerWarnings } from '@app/contract/serverWarnings';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { can } from '../../platform/auth.ts';
import { ClockWatch, type ClockLog } from './clock.ts';
import { diskWarnings, folderBytes, type Folder, type Uses } from './disk.ts';

const tags = ['Server'];
export const clockCheckMs = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Compares the API's clock with the database's now (the minute's timer and tests). */
    clockCheck: () => Promise<unknown>;
  }
}

type Where = Pick<Config, 'dataDir' | 'databaseUrl' | 'backup'>;

/** The embedded server's folder; with DATABASE_URL, the server's own when it runs on this machine. */
async function databaseFolder(db: Db, config: Where): Promise<string | undefined> {
  if (!config.databaseUrl) {
    const folder = join(config.dataDir, 'postgres', 'data');
    return existsSync(folder) ? folder : undefined;
  }
  const host = new URL(config.databaseUrl).hostname;
  if (!['localhost', '127.0.0.1', '[::1]', ''].includes(host)) return undefined;
  try {
    // Readable by superusers and pg_read_all_settings only; others see no database disk.
    const { rows } = await db.execute<{ dir: string | null }>(
      sql`select current_setting('data_directory', true) as dir`,
    );
    const dir = rows[0]?.dir;
    return dir && existsSync(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

async function usesOf(db: Db, config: Where): Promise<Uses> {
  const { rows } = await db.execute<{ bytes: string }>(
    sql`select pg_database_size(current_database())::text as bytes`,
  );
  const log = join(config.dataDir, 'postgres', 'server.log');
  return {
    databaseBytes: Number(rows[0]!.bytes),
    backupsBytes: config.backup ? folderBytes(config.backup.dir) : null,
    logsBytes: !config.databaseUrl && existsSync(log) ? statSync(log).size : null,
  };
}

export function serverWarningRoutes(app: FastifyInstance, db: Db, config: Where) {
  const clock = new ClockWatch(db, app.log as ClockLog);
  let checking: Promise<unknown> | undefined;
  const check = () =>
    (checking ??= clock
      .check()
      .catch((err: unknown) => app.log.error({ err }, 'clock check failed'))
      .finally(() => (checking = undefined)));
  app.decorate('clockCheck', check);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await check();
    timer = setInterval(() => void check(), clockCheckMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await checking;
  });

  app.get('/api/server/getServerWarnings', {
    config: { access: 'signedIn' },
    schema: { tags, response: { 200: serverWarningsSchema } },
    // Owners and who may view the settings; others get `warnings: null`, like the backup's line.
    handler: async (request): Promise<ServerWarnings> => {
      if (!can(request.ctx, 'settings', 'view')) return { warnings: null };
      const folders: Folder[] = [];
      const database = await databaseFolder(db, config);
      if (database) folders.push({ holds: 'database', path: database });
      if (config.backup) folders.push({ holds: 'backups', path: config.backup.dir });
      const disks = await diskWarnings(folders, () => usesOf(db, config));
      return { warnings: { disks, clock: clock.warning } };
    },
  });
}
