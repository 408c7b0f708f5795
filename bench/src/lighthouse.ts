// Lighthouse performance of the sign-in page, the dashboard (issue #21: >= 95 on both) and a member's
// own page (issue 37: first paint under 1 s on the mobile profile, target 95), on the
// production build served by the real API with the demo data, in Debian's Chromium. Each page is
// measured with Lighthouse's default (mobile: a mid-range phone, simulated slow 4G, CPU slowed 4x)
// and its desktop preset; the dashboard as a signed-in owner (the session written into storage the
// way the app writes it, kept through the run with disableStorageReset).
// Run: npm run build && npm run lighthouse --workspace bench [-- --runs 3] [--dist path/to/web/dist]
//   [--page member] (only the pages named: sign-in, dashboard, member; repeatable)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startApiServer } from './server.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    dist: { type: 'string', default: fileURLToPath(new URL('../../web/dist', import.meta.url)) },
    page: { type: 'string', multiple: true },
  },
});
const runs = Number(values.runs);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
const { url, stop } = await startApiServer({ DATA_DIR: dataDir, WEB_DIST: resolve(values.dist) });

type Session = Record<string, unknown> & { branches: { id: number; name: string }[] };

async function signIn(): Promise<Session> {
  const res = await fetch(`${url}/api/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345', remember: true }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
  return (await res.json()) as Session;
}

/** Storage as the app writes it after sign-in (spec section 7 keys), on the app's origin. */
async function storeSession(browser: Browser, session: Session): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${url}/login`);
  // A string, not a function: tsx names functions with a helper (__name) the page does not have.
  const cookie = (name: string, value: unknown) =>
    `document.cookie = ${JSON.stringify(`${name}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}; path=/`)};`;
  const item = (key: string, value: unknown) =>
    `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(typeof value === 'string' ? value : JSON.stringify(value))});`;
  await page.evaluate(
    [
      item('accessToken', String(session.accessToken)),
      item('refreshToken', String(session.refreshToken)),
      item('userId', String(session.userId)),
      item('staffDetails', session.staffDetails),
      item('branches', session.branches),
      item('activeBranch', session.branches[0]),
      cookie('clientDetails', session.clientDetails),
      cookie('paymentDisabled', String(session.paymentDisabled)),
      cookie('permissions', session.permissions),
    ].join('\n'),
  );
  await page.close();
}

const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

type Run = { score: number; metrics: string };

/** Performance scores (0-100) of `runs` Lighthouse runs of one page, with the metrics behind them. */
async function scores(browser: Browser, path: string, desktop: boolean, signedIn: boolean): Promise<Run[]> {
  const out: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage();
    const result = await lighthouse(
      `${url}${path}`,
      { onlyCategories: ['performance'], logLevel: 'error', disableStorageReset: signedIn },
      desktop ? desktopConfig : undefined,
      page,
    );
    await page.close();
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`lighthouse ${path}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    if (!lhr.finalDisplayedUrl.endsWith(path)) throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}`);
    const metrics = metricIds
      .map(
        (id) =>
          `${id
            .split('-')
            .map((w) => w[0])
            .join('')
            .toUpperCase()} ${lhr.audits[id]?.displayValue ?? '?'}${
            // In milliseconds too: issue 37 asks for a first paint under 1 s, which "1.0 s" leaves open.
            id === 'first-contentful-paint' ? ` (${Math.round(lhr.audits[id]?.numericValue ?? NaN)} ms)` : ''
          }`,
      )
      .join(', ');
    out.push({ score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics });
  }
  return out;
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
/** A member page's address: a link made for the demo branch's first member. */
async function memberPagePath(session: Session): Promise<string> {
  const headers = {
    authorization: `Bearer ${String(session.accessToken)}`,
    branchid: String(session.branches[0]!.id),
  };
  const members = await fetch(`${url}/api/user/getUsers?pageSize=5`, { headers });
  const userId = ((await members.json()) as { items: { userId: number }[] }).items[0]!.userId;
  const link = await fetch(`${url}/api/portal/createLink?userId=${userId}`, { method: 'POST', headers });
  if (!link.ok) throw new Error(`createLink answered ${link.status}`);
  return new URL(((await link.json()) as { url: string }).url).pathname;
}

try {
  const session = await signIn();
  await storeSession(browser, session);
  const memberPage = await memberPagePath(session);
  console.log(`Lighthouse performance, ${runs} runs each (min / median / max), target >= 95`);
  const pages = [
    ['sign-in', '/login', false],
    ['dashboard', '/app', true],
    ['member page', memberPage, false],
  ] as const;
  const only = values.page;
  for (const [name, path, signedIn] of pages.filter(
    ([name]) => !only || only.includes(name.split(' ')[0]!),
  )) {
    for (const desktop of [false, true]) {
      const s = (await scores(browser, path, desktop, signedIn)).sort((a, b) => a.score - b.score);
      const median = s[Math.floor(s.length / 2)]!;
      console.log(
        `${`${name} (${name === 'member page' ? '/m/…' : path}), ${desktop ? 'desktop' : 'mobile'}`.padEnd(32)} ${s[0]!.score} / ${median.score} / ${s.at(-1)!.score}  ${median.score >= 95 ? 'ok' : 'BELOW 95'}  (median run: ${median.metrics}; load average ${loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
} finally {
  await browser.close();
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
