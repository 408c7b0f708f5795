// What a first visit downloads, from the web build's own manifest: the entry with its static
// imports, plus the lazy chunks a route needs before it can show anything, gzip -9 each. Used by
// the weight bench (weight.ts) and by the e2e suite's budget check (e2e/tests/weight.spec.ts),
// which reads the build that suite serves, so `npm test` fails when a route outgrows its limit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

export interface RouteWeight {
  name: string;
  files: number;
  kb: number;
  /** Issue 21's budget. */
  budgetKb: number;
  /** What the check enforces: the budget, or, where it is not reached yet, today's figure. */
  limitKb: number;
  /** Why the budget is not what the check enforces (only with a limit above the budget). */
  budgetOpen?: string;
}

/** The admin app's page (web/index.html); the check-in page has its own (web/member.html). */
const adminEntry = (manifest: Record<string, Chunk>) =>
  'index.html' in manifest ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;

/**
 * Source modules whose lazy chunks a route waits for, after the entry: its layouts, its page and
 * the texts of the language shown (English, the default; German is about the same size).
 */
const routes: {
  name: string;
  /** The page's entry in the manifest: the admin app's unless named. */
  entry?: string;
  modules: string[];
  budgetKb: number;
  limitKb: number;
  budgetOpen?: string;
}[] = [
  {
    name: 'sign-in (/login)',
    modules: ['src/public/auth/SignInPages.tsx', 'src/locales/en.json'],
    budgetKb: 160,
    limitKb: 160,
  },
  {
    name: 'first table route (/app/users)',
    modules: [
      'src/app/AppShell.tsx',
      'src/app/RouteError.tsx',
      'src/app/AppFrame.tsx',
      'src/features/users/ActiveUsersPage.tsx',
      'src/locales/en.json',
    ],
    // Reached on 2026-11-27 (third session): 319.5 KB. The Data Grid (~117 KB) left it first (the
    // first page is drawn plain, the grid's chunk follows: 388.6 KB), then form code (the `forms`
    // chunk, 367.2 KB), the grid's shared code and the rtl styles' code (360.3 KB), notistack
    // (353.0 KB), and zod with the contract's schemas: the web types answers instead of checking
    // them again, and forms load zod when they open (docs/decisions/performance.md). The limit is the budget.
    budgetKb: 330,
    limitKb: 330,
  },
  {
    // The check-in page an entrance screen's QR opens (/m/in/<code>, issue 47): what is left of the
    // web's member entry (web/member.html) once the member's own page is drawn on the server (issue
    // 45, point 1; memberPageWeight below). It reads the phone's remembered link from local storage,
    // which only a script can, so it stays a React page: React 19 alone is ~66 KB gzip.
    name: 'check-in page (/m/in/<code>)',
    entry: 'member.html',
    modules: ['src/member/start.tsx'],
    // 72.6 KB on 2026-12-07, the first build with the member's page drawn on the server; 73.7 with
    // the texts in Hindi (issue 48). They stay in the page rather than a chunk per language: at the
    // door a second request before the result shows costs a Hindi phone more than 1 KB does.
    budgetKb: 74,
    limitKb: 74,
  },
];

const readManifest = (dist: string) =>
  JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

export function routeWeights(dist: string): RouteWeight[] {
  const manifest = readManifest(dist);
  const gzCache = new Map<string, number>();
  const gzipped = (file: string): number => {
    if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gzCache.get(file)!;
  };
  /** The chunk and everything it imports statically (what the browser must have before running it). */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (was the build made with --manifest?)`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const dep of chunk.imports ?? []) closure(dep, into);
    return into;
  };
  return routes.map((route) => {
    const files = closure(route.entry ?? adminEntry(manifest));
    for (const module of route.modules) closure(module, files);
    const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
    const { name, budgetKb, limitKb, budgetOpen } = route;
    return { name, files: files.size, kb, budgetKb, limitKb, ...(budgetOpen ? { budgetOpen } : {}) };
  });
}

/**
 * Chunks that import each other, directly or through others (each cycle as a chain of files). The
 * chunking rule (web/build/productChunks.ts) must not make any: in such a cycle one chunk runs before
 * the chunk it needs, and a class it extends is still undefined ("e is not a constructor").
 */
export function chunkCycles(dist: string): string[] {
  const manifest = readManifest(dist);
  const cycles: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (key: string) => {
    if (done.has(key)) return;
    const at = path.indexOf(key);
    if (at >= 0) {
      cycles.push([...path.slice(at), key].map((k) => manifest[k]?.file ?? k).join(' -> '));
      return;
    }
    path.push(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
    path.pop();
    done.add(key);
  };
  for (const key of Object.keys(manifest)) visit(key);
  return cycles;
}

/**
 * Routes that wait for form code (zod, react-hook-form) before they draw, with those files: the
 * entry's closure and the route's announced files (.vite/route-preloads.json) against the built
 * files that hold form code (.vite/form-code.json, web/build/formCode.ts). A list shows without
 * it; its forms bring it when they open. `formRoutes` are routes whose page is itself a form.
 */
export function routesWaitingForFormCode(
  dist: string,
  formRoutes: readonly string[],
): { path: string; files: string[] }[] {
  const read = <T>(name: string) => JSON.parse(readFileSync(join(dist, '.vite', name), 'utf8')) as T;
  const formCode = new Set(read<string[]>('form-code.json'));
  const manifest = readManifest(dist);
  const entryFiles = new Set<string>();
  const closure = (key: string) => {
    const chunk = manifest[key]!;
    if (entryFiles.has(chunk.file)) return;
    entryFiles.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep);
  };
  closure(adminEntry(manifest));
  return read<{ path: string; files: string[] }[]>('route-preloads.json')
    .filter((route) => !formRoutes.includes(route.path))
    .map((route) => ({
      path: route.path,
      files: [...entryFiles, ...route.files].filter((file) => formCode.has(file)),
    }))
    .filter((route) => route.files.length > 0);
}

/**
 * The member's own page (/m/<token>) is drawn on the server (issue 45, point 1): it is weighed as
 * the server sends it, the HTML (style and script inlined) and any file it names, gzip -9 each.
 * e2e/tests/weight.spec.ts fetches a real member's page and checks it against this limit.
 */
export const memberPageBudget = {
  name: 'member page (/m/<token>, drawn on the server)',
  budgetKb: 20,
  limitKb: 20,
} as const;

/** KB gzip -9 of a drawn page and of the files it loads (their contents as fetched). */
export const memberPageWeight = (html: string, files: (string | Buffer)[] = []): number =>
  [html, ...files].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
