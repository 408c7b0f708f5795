// The API suite runs on real PostgreSQL: DATABASE_URL when given (CI's server, a developer's own),
// otherwise one embedded server for the whole run, started here in a temporary folder. Each test
// file then creates and drops its own database on it (harness.ts, freshDatabase).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded.ts';

export default async function setup() {
  if (process.env.DATABASE_URL) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'api-tests-pg-'));
  const server = await startEmbeddedPostgres(dataDir);
  process.env.DATABASE_URL = server.url;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
