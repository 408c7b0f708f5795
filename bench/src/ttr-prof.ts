import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiServer } from './server.ts';
import { chromium } from '@playwright/test';
const webDist = process.env.DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-ttr-'));
const { url, stop } = await startApiServer({ DATA_DIR: dataDir, WEB_DIST: webDist });
const res = await fetch(`${url}/api/authentication/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@library.test', password: 'Demo@12345', remember: true }) });
const s: any = await res.json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const branch = s.branches[0];
  const cookie = (name: string, value: unknown) => ({ name, value: encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value)), url });
  await context.addCookies([cookie('clientDetails', s.clientDetails), cookie('paymentDisabled', String(s.paymentDisabled)), cookie('permissions', s.permissions)]);
  await context.addInitScript((s: any) => {
    if (localStorage.getItem('accessToken')) return;
    localStorage.setItem('accessToken', s.accessToken); localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('userId', String(s.userId)); localStorage.setItem('staffDetails', JSON.stringify(s.staffDetails));
    localStorage.setItem('branches', JSON.stringify(s.branches)); localStorage.setItem('activeBranch', JSON.stringify(s.branch));
  }, { ...s, branch });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  await page.goto(`${url}/app/users`, { waitUntil: 'commit' });
  await page.locator('.MuiDataGrid-row').first().waitFor({ state: 'visible', timeout: 30_000 });
  const now = await page.evaluate(() => performance.now());
  const { profile } = await cdp.send('Profiler.stop');
  console.log('run', run, 'rows at', Math.round(now));
  if (run === 1) {
    writeFileSync('/tmp/ttr/prof.cpuprofile', JSON.stringify(profile));
    const self = new Map<number, number>();
    const dt = profile.timeDeltas!; const samples = profile.samples!;
    for (let i = 0; i < samples.length; i++) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (dt[i] ?? 0));
    const byUrl = new Map<string, number>(); const byFn = new Map<string, number>();
    for (const n of profile.nodes) { const t = (self.get(n.id) ?? 0) / 1000; const u = n.callFrame.url.replace(/.*\/assets\//, '') || n.callFrame.functionName; byUrl.set(u, (byUrl.get(u) ?? 0) + t); const f = `${n.callFrame.functionName}@${u}:${n.callFrame.lineNumber}`; byFn.set(f, (byFn.get(f) ?? 0) + t); }
    console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([u, t]) => `${t.toFixed(0).padStart(6)} ms ${u}`).join('\n'));
    console.log('---'); console.log([...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([u, t]) => `${t.toFixed(0).padStart(6)} ms ${u}`).join('\n'));
  }
  await context.close();
}
await browser.close(); await stop();
