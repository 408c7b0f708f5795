// What the backup suites share: the backup CLI as a process, and every table's row count.
import { spawn } from 'node:child_process';
import { apiDir, withClient } from './server.ts';

/** `node src/db/backup-cli.ts …`, as `npm run backup` / `npm run restore` run it. */
export function backupCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** Row count of every table of the public schema. */
export function tableCounts(url: string): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const tables = (
      await c.query<{ t: string }>(
        `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
      )
    ).rows.map((r) => r.t);
    const counts: Record<string, number> = {};
    for (const t of tables) {
      counts[t] = (await c.query<{ n: number }>(`select count(*)::int as n from "${t}"`)).rows[0]!.n;
    }
    return counts;
  });
}
