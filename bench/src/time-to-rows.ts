// Time from navigation start to what a person waits for, in headless Chromium with a cold cache
// (a fresh browser context per run): the sign-in form on /login, and the first rows of /app/users
// for a signed-in owner (session put into storage the way the app writes it, so no page warms the
// cache first). Prints min / median / max of 5 runs each (issue #21: rows <= 400 ms median). The
// first rows are those of the table's first page, drawn before the Data Grid's code is asked for;
// the time until the grid has taken the table over is printed beside them.
// Run: npm run build && npm run time-to-rows --workspace bench [-- --runs 5] [--dist path/to/web/dist]
//   [--dist another/dist]: two builds (or more) measured in turn, run by run, each on its own server,
//   with the median of the paired differences: this machine's speed drifts within minutes, so
//   builds measured one after the other differ by more than most changes do.
//   [--latency-ms 100]: each request waits that long (Chromium's network emulation), as over a real
//   network rather than 127.0.0.1, where a chain of downloads costs a round trip per link.
//   [--warm]: switching screens (issue 36): signed in, from the dashboard through the top menu to
//   each list (users, payments, enquiries, expenses, fee types, staff) until its rows show, first
//   visit and repeat visit, min / median / max per screen (warmVisits.ts); builds side by side too.
//   [--hover-ms 150]: in warm mode, the pointer rests on the menu entry that long before the press.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startApiServer } from './server.ts';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import {
  emptyWarmFigures,
  settleMs,
  warmRun,
  warmScreens,
  watchVisits,
  type WarmFigures,
} from './warmVisits.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    // The build to measure; given twice or more, the builds are measured side by side (see above).
    dist: {
      type: 'string',
      multiple: true,
      default: [fileURLToPath(new URL('../../web/dist', import.meta.url))],
    },
    'latency-ms': { type: 'string', default: '0' },
    // Switching screens instead of cold loads (warmVisits.ts): first and repeat visit of each list.
    warm: { type: 'boolean', default: false },
    // Warm mode: how long the pointer rests on a menu entry before the press (0: pressed at once).
    'hover-ms': { type: 'string', default: '0' },
  },
});
const latencyMs = Number(values['latency-ms']);
const runs = Number(values.runs);
const webDists = values.dist.map((dist) => resolve(dist));
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const dataDirs = webDists.map(() => mkdtempSync(join(tmpdir(), 'bench-ttr-')));
const servers = await Promise.all(
  webDists.map((webDist, i) => startApiServer({ DATA_DIR: dataDirs[i]!, WEB_DIST: webDist })),
);

type Session = {
  accessToken: string;
  refreshToken: string;
  userId: number;
  staffDetails: unknown;
  clientDetails: unknown;
  permissions: unknown;
  branches: { id: number; name: string }[];
  paymentDisabled: boolean;
};

async function session(url: string): Promise<Session> {
  const res = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345', remember: true }),
  });
  return (await res.json()) as Session;
}

/** A fresh browser context; with `signedIn`, the session stands in cookies and storage as the app
 * writes them, so no page warms the cache first. */
async function newContext(browser: Browser, url: string, signedIn?: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  if (signedIn) {
    const branch = signedIn.branches[0]!;
    const cookie = (name: string, value: unknown) => ({
      name,
      value: encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value)),
      url,
    });
    await context.addCookies([
      cookie('clientDetails', signedIn.clientDetails),
      cookie('paymentDisabled', String(signedIn.paymentDisabled)),
      cookie('permissions', signedIn.permissions),
    ]);
    await context.addInitScript(
      (s) => {
        if (localStorage.getItem('accessToken')) return;
        localStorage.setItem('accessToken', s.accessToken);
        localStorage.setItem('refreshToken', s.refreshToken);
        localStorage.setItem('userId', String(s.userId));
        localStorage.setItem('staffDetails', JSON.stringify(s.staffDetails));
        localStorage.setItem('branches', JSON.stringify(s.branches));
        localStorage.setItem('activeBranch', JSON.stringify(s.branch));
      },
      { ...signedIn, branch },
    );
  }
  return context;
}

/** ms from navigation start until each of `selectors` is visible, in turn, in a fresh context. */
async function measure(
  browser: Browser,
  url: string,
  path: string,
  selectors: string[],
  signedIn?: Session,
): Promise<number[]> {
  const context = await newContext(browser, url, signedIn);
  // The page notes when each selector first stands on screen, in the animation frame that draws
  // it: asking the page afterwards would also count whatever runs next (the Data Grid's code,
  // evaluated right after the first page is drawn).
  await context.addInitScript(`(() => {
    const selectors = ${JSON.stringify(selectors)};
    const seen = (window.__seen = {});
    const look = () => {
      for (const selector of selectors) {
        if (selector in seen) continue;
        const element = document.querySelector(selector);
        if (element && element.getBoundingClientRect().height > 0) seen[selector] = performance.now();
      }
    };
    new MutationObserver(() => requestAnimationFrame(look)).observe(document, { childList: true, subtree: true });
  })()`);
  const page = await context.newPage();
  if (latencyMs > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  await page.goto(`${url}${path}`, { waitUntil: 'commit' });
  for (const selector of selectors) {
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
  }
  const seen = await page.evaluate(`(() => window.__seen)()`);
  await context.close();
  return selectors.map((selector) => {
    const ms = (seen as Record<string, number>)[selector];
    if (ms === undefined) throw new Error(`${selector} was seen by Playwright but not by the page`);
    return ms;
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]!.toFixed(0)} / ${s[Math.floor(s.length / 2)]!.toFixed(0)} / ${s.at(-1)!.toFixed(0)} ms`;
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
type Figures = { form: number[]; rows: number[]; grid: number[] };
// The first rows, then the moment the Data Grid holds them.
const table = ['[role="grid"] [role="row"][data-id]', '.MuiDataGrid-row'];

async function measureRun(url: string, owner: Session, into: Figures): Promise<void> {
  into.form.push(...(await measure(browser, url, '/login', ['form button[type="submit"]'])));
  const [firstRows, gridRows] = await measure(browser, url, '/app/users', table, owner);
  into.rows.push(firstRows!);
  into.grid.push(gridRows!);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One warm run of a build: a fresh signed-in context, the dashboard, then the lists. */
async function warmBuildRun(url: string, owner: Session, into: WarmFigures): Promise<void> {
  const context = await newContext(browser, url, owner);
  await watchVisits(context);
  try {
    await warmRun(await context.newPage(), url, into, Number(values['hover-ms']));
  } finally {
    await context.close();
  }
}

async function measureWarm(owners: Session[]): Promise<void> {
  // One run first, not counted, so the servers' own caches are warm.
  for (const [i, server] of servers.entries()) await warmBuildRun(server.url, owners[i]!, emptyWarmFigures());
  const figures = servers.map(() => emptyWarmFigures());
  for (let run = 0; run < runs; run++) {
    const order = servers.map((_, i) => i);
    if (run % 2 === 1) order.reverse();
    for (const i of order) await warmBuildRun(servers[i]!.url, owners[i]!, figures[i]!);
  }
  console.log(
    `switching screens: click on the top menu's entry -> first row on screen, ms, min / median / max of ${runs}` +
      ` (first visit ${settleMs} ms after the dashboard's first load; repeat visit after every list's first;` +
      ` pointer on the entry ${values['hover-ms']} ms before the press)`,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [i] of figures.entries()) console.log(`build ${i + 1}: ${webDists[i]}`);
  const header = ['screen', ...figures.flatMap((_, i) => [`first b${i + 1}`, `repeat b${i + 1}`])];
  const rows = warmScreens.map((screen) => [
    screen.name,
    ...figures.flatMap((f) => [stats(f[screen.name]!.first), stats(f[screen.name]!.repeat)]),
  ]);
  for (const row of [header, ...rows]) console.log(row.map((cell) => cell.padEnd(22)).join(' '));
  for (let i = 1; i < figures.length; i++) {
    const paired = (screen: string, kind: 'first' | 'repeat') =>
      median(figures[i]![screen]![kind].map((ms, run) => ms - figures[0]![screen]![kind][run]!)).toFixed(0);
    console.log(
      `build ${i + 1} - build 1, median of the paired runs: ` +
        warmScreens
          .map((s) => `${s.name} ${paired(s.name, 'first')} / ${paired(s.name, 'repeat')}`)
          .join(', ') +
        ' ms (first / repeat)',
    );
  }
}

try {
  const owners = await Promise.all(servers.map((server) => session(server.url)));
  if (values.warm) {
    await measureWarm(owners);
  } else {
    // One visit first so the server's own caches (compiled statements, file handles) are warm;
    // every measured run still starts with an empty browser cache.
    for (const [i, server] of servers.entries())
      await measure(browser, server.url, '/app/users', table, owners[i]);
    const figures: Figures[] = servers.map(() => ({ form: [], rows: [], grid: [] }));
    for (let run = 0; run < runs; run++) {
      // Builds take turns, in the other order every second run.
      const order = servers.map((_, i) => i);
      if (run % 2 === 1) order.reverse();
      for (const i of order) await measureRun(servers[i]!.url, owners[i]!, figures[i]!);
    }
    if (latencyMs > 0) console.log(`every request delayed by ${latencyMs} ms (network emulation)`);
    for (const [i, { form, rows, grid }] of figures.entries()) {
      if (servers.length > 1) console.log(`build ${i + 1}: ${webDists[i]}`);
      console.log(`time to the sign-in form      (min / median / max of ${runs}): ${stats(form)}`);
      console.log(`time to the first rows /app/users (min / median / max of ${runs}): ${stats(rows)}`);
      console.log(`time until the Data Grid holds them  (min / median / max of ${runs}): ${stats(grid)}`);
    }
    for (let i = 1; i < figures.length; i++) {
      const paired = (key: keyof Figures) =>
        median(figures[i]![key].map((ms, run) => ms - figures[0]![key][run]!)).toFixed(0);
      console.log(
        `build ${i + 1} - build 1, median of the paired runs: sign-in form ${paired('form')} ms, first rows ${paired('rows')} ms`,
      );
    }
  }
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
