import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webPages } from './webPages.ts';

const index = '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';
const dirs: string[] = [];
const memberPage = '<!doctype html><html><head><title>member</title></head><body></body></html>';
function dist(preloads?: { path: string; files: string[] }[], withMemberPage = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-pages-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), index);
  if (withMemberPage) writeFileSync(join(dir, 'member.html'), memberPage);
  if (preloads) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'route-preloads.json'), JSON.stringify(preloads));
  }
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The files a page announces, in order. */
const announced = (html: string) =>
  [...html.matchAll(/<link rel="([^"]+)"[^>]* href="\/([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe('webPages', () => {
  const page = webPages(
    dist([
      { path: '/', files: ['assets/SignIn.js'] },
      { path: '/login', files: ['assets/SignIn.js', 'assets/SignIn.css'] },
      { path: '/app', files: ['assets/shell.js', 'assets/Dashboard.js'] },
      { path: '/app/users', files: ['assets/shell.js', 'assets/Users.js'] },
      { path: '/app/UserProfile/:userId', files: ['assets/shell.js', 'assets/Profile.js'] },
      { path: '/app/*', files: ['assets/shell.js', 'assets/NotFound.js'] },
      { path: '/*', files: ['assets/NotFound.js'] },
    ]),
  );

  it("names the route's scripts as module preloads and its stylesheets as style preloads, in the head", () => {
    const html = page('/login');
    expect(announced(html)).toEqual(['modulepreload assets/SignIn.js', 'preload assets/SignIn.css']);
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/SignIn.css">');
    expect(html.indexOf('assets/SignIn.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('picks the route React Router would: static over dynamic over splat, any case, trailing slash, query', () => {
    expect(announced(page('/app/users'))).toContain('modulepreload assets/Users.js');
    expect(announced(page('/APP/Users/?page=2'))).toContain('modulepreload assets/Users.js');
    expect(announced(page('/app/userprofile/42'))).toContain('modulepreload assets/Profile.js');
    expect(announced(page('/app'))).toContain('modulepreload assets/Dashboard.js');
    expect(announced(page('/app/no/such/page'))).toEqual([
      'modulepreload assets/shell.js',
      'modulepreload assets/NotFound.js',
    ]);
    expect(announced(page('/nothing-here'))).toEqual(['modulepreload assets/NotFound.js']);
    expect(announced(page('/'))).toEqual(['modulepreload assets/SignIn.js']);
  });

  it("sends a member's page (/m/<token>, any case, with a query) the build's member.html, nothing else", () => {
    const pages = webPages(dist([{ path: '/*', files: ['assets/NotFound.js'] }], true));
    expect(pages('/m/AbC-_123')).toBe(memberPage);
    expect(pages('/M/AbC-_123/?x=1')).toBe(memberPage);
    expect(pages('/m/')).toBe(memberPage);
    expect(announced(pages('/m')).length).toBe(1);
    expect(pages('/members')).not.toBe(memberPage);
    // A build from before the member page's entry: the admin app's page, as before.
    expect(page('/m/AbC')).toContain('<title>app</title>');
  });

  it("names a member link's own manifest and icon in its page, so the installed page opens it (issue 45, point 2)", () => {
    const pages = webPages(dist([], true));
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';
    const html = pages(`/m/${token}`);
    expect(html).toContain(`<link rel="manifest" href="/m/${token}/manifest.webmanifest">`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="/m/${token}/icon.svg">`);
    expect(html.indexOf('rel="manifest"')).toBeLessThan(html.indexOf('</head>'));
    // Nothing for an address that holds no token's shape.
    expect(pages('/m/AbC-_123')).toBe(memberPage);
    expect(pages(`/m/${token}/x`)).toBe(memberPage);
  });

  it('sends the page as built when the build has no route list', () => {
    expect(webPages(dist())('/app/users')).toBe(index);
  });
});
