// Load figures for the API on the embedded database: starts a real server on a temporary data folder,
// seeds a large organisation, then drives list routes with autocannon and prints p50/p99 per scenario.
// Run: npm run bench   (options: --branches N --connections N --seconds N)
import autocannon from 'autocannon';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({
  options: {
    branches: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
  },
});
const apiDir = fileURLToPath(new URL('../../api', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' };

console.log(`Seeding 1 organisation with ${values.branches} branches (deterministic)...`);
execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'src/db/seed-cli.ts',
    '--demo',
    '--organisations',
    '1',
    '--branches',
    values.branches!,
    '--staff',
    '5',
  ],
  { cwd: apiDir, env, stdio: 'inherit' },
);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: apiDir,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (d) => {
    out += d;
    const m = out.match(/running at (http:\/\/\S+)/);
    if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
});

try {
  // The large organisation's owner is staff1 of client 2 (client 1 is the demo organisation).
  const login = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff1.o2@bench.test', password: 'Demo@12345', remember: false }),
  });
  const token = login.ok ? ((await login.json()) as { accessToken: string }).accessToken : undefined;
  if (!token)
    throw new Error(`sign-in failed (${login.status}); the bench needs POST /api/authentication/login`);
  const scenarios = {
    'health (no auth, one DB round trip)': '/api/health',
    'branches first page sorted by name': '/api/branch/getBranches?sort=name&pageSize=25',
    'branches deep page (page 500)': '/api/branch/getBranches?sort=name&pageSize=25&page=500',
    'branches search by name fragment': '/api/branch/getBranches?q=0042&pageSize=25',
  };
  const rows: Record<string, unknown>[] = [];
  for (const [name, path] of Object.entries(scenarios)) {
    const result = await autocannon({
      url: url + path,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      headers: { authorization: `Bearer ${token}` },
    });
    rows.push({
      scenario: name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
    });
  }
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
