// What the template's demo screens cost the product's routes (issue 18, point 5): the web app is
// built three times into temporary folders and each route's first download is printed side by side:
//   before     Rolldown's automatic splitting, demo left out (the product as it was before the demo)
//   no demo    the shipped chunking rule (web/build/productChunks.ts), demo left out
//   shipped    the shipped build, demo included
// Run: npm run demo-weight --workspace bench
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeWeights, type RouteWeight } from './routeWeights.ts';

const webDir = fileURLToPath(new URL('../../web', import.meta.url));
const builds = [
  { label: 'before', env: { WEB_WITHOUT_DEMO: '1', WEB_AUTOMATIC_CHUNKS: '1' } },
  { label: 'no demo', env: { WEB_WITHOUT_DEMO: '1' } },
  { label: 'shipped', env: {} },
];
const root = mkdtempSync(join(tmpdir(), 'demo-weight-'));
try {
  const measured = builds.map(({ label, env }) => {
    const outDir = join(root, label.replace(' ', '-'));
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'error'], {
      cwd: webDir,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    return { label, routes: routeWeights(outDir) };
  });
  const cell = (r: RouteWeight) => `${r.kb.toFixed(1)} KB / ${r.files}`.padStart(16);
  console.log(`${'route'.padEnd(32)}${builds.map((b) => b.label.padStart(16)).join('')}   shipped - before`);
  measured[0]!.routes.forEach((route, i) => {
    const row = measured.map((m) => m.routes[i]!);
    const delta = row[2]!.kb - row[0]!.kb;
    console.log(
      `${route.name.padEnd(32)}${row.map(cell).join('')}   ${delta >= 0 ? '+' : ''}${delta.toFixed(1)} KB`,
    );
  });
  console.log("(KB gzip -9 of the entry and the route's first chunks / number of files)");
} finally {
  rmSync(root, { recursive: true, force: true });
}
