// What a first visit downloads, from the web build's own manifest: the entry with its static imports,
// plus the lazy chunks a route needs before it can show anything, gzip -9 each. Prints a table and,
// with --check, fails when a route is over its budget (issue #21: sign-in <= 160 KB, first table
// route <= 330 KB).
// Run: npm run weight --workspace bench [-- --dist web/dist] [--check]   (build first: npm run build)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: fileURLToPath(new URL('../../web/dist', import.meta.url)) },
    check: { type: 'boolean', default: false },
  },
});
const dist = resolve(values.dist!);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

/** Source modules whose lazy chunks a route waits for, after the entry. */
const routes: { name: string; modules: string[]; budgetKb: number }[] = [
  { name: 'sign-in (/login)', modules: ['src/public/auth/SignInPages.tsx'], budgetKb: 160 },
  {
    name: 'first table route (/app/users)',
    modules: ['src/app/AppFrame.tsx', 'src/features/users/ActiveUsersPage.tsx'],
    budgetKb: 330,
  },
];

const gzCache = new Map<string, number>();
function gzipped(file: string): number {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzCache.get(file)!;
}

/** The chunk and everything it imports statically (what the browser must have before running it). */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (was the build made with --manifest?)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, into);
  return into;
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
let over = 0;
console.log('route                              files   KB gzip   budget');
for (const route of routes) {
  const files = closure(entry);
  for (const module of route.modules) closure(module, files);
  const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
  const ok = kb <= route.budgetKb;
  if (!ok) over += 1;
  console.log(
    `${route.name.padEnd(34)} ${String(files.size).padStart(5)} ${kb.toFixed(1).padStart(9)}   ${route.budgetKb} ${ok ? 'ok' : 'OVER'}`,
  );
}
if (values.check && over > 0) {
  console.error(`${over} route(s) over budget`);
  process.exit(1);
}
