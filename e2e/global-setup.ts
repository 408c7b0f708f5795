import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the web app, starts the real server on a free port with a temporary data folder. */
export default async function globalSetup() {
  // A private build folder: parallel runs (or a developer's `npm start`) never see a half-written dist.
  const webDist = process.env.E2E_SKIP_BUILD
    ? join(root, 'web', 'dist')
    : mkdtempSync(join(tmpdir(), 'e2e-web-'));
  if (!process.env.E2E_SKIP_BUILD) {
    execSync(`npx vite build --outDir ${JSON.stringify(webDist)} --emptyOutDir`, {
      cwd: join(root, 'web'),
      stdio: 'inherit',
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(root, 'api'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // Reminders are added and delivered every 2 s, so messages.spec.ts sees one arrive quickly.
      MESSAGE_TICK_SECONDS: '2',
      ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TTL ?? '900',
      // Every answer the browser receives is checked against the contract's schema: the web types
      // answers without checking them again (web/src/lib/api.ts).
      CHECK_RESPONSES: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/running at (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  process.env.E2E_BASE_URL = url;
  // The build this suite serves; tests/weight.spec.ts weighs its routes.
  process.env.E2E_WEB_DIST = webDist;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (!process.env.E2E_SKIP_BUILD) rmSync(webDist, { recursive: true, force: true });
  };
}
