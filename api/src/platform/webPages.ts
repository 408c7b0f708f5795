// The page sent for every address of the web app: the build's index.html, naming in its head the
// files the address's route needs (<link rel="modulepreload">, from dist/.vite/route-preloads.json,
// written by web/build/routePreloads.ts). The browser then fetches the route's chunks together with
// the entry, instead of after the entry has run and the router has matched (issue 21). Without that
// file (an older build) the page is sent as built. Other /m/ addresses than a member's own page
// (which the API draws itself, modules/portal/page, issue 45) get the build's member.html, the
// check-in page (/m/in/<code>), which loads nothing of the admin app.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memberIconPath, memberManifestPath } from '@app/contract/portal';

type RoutePreload = { path: string; files: string[] };
type CompiledRoute = { pattern: RegExp; rank: number; html: string };

/**
 * React Router's ranking of a matching pattern: static segments above dynamic ones above a splat,
 * so `/app/users` wins over `/app/*` (react-router's computeScore, without index routes).
 */
function rank(path: string): number {
  const segments = path.split('/').filter(Boolean);
  let score = segments.length;
  for (const segment of segments) {
    if (segment === '*') score -= 2;
    else if (segment.startsWith(':')) score += 3;
    else score += 10;
  }
  return score;
}

/** A pattern as a regular expression: case-insensitive like React Router, optional trailing slash. */
function compile(path: string): RegExp {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment === '*'
        ? '(?:/.*)?'
        : segment.startsWith(':')
          ? '/[^/]+'
          : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function links(files: string[]): string {
  return files
    .map((file) => {
      const href = escapeAttribute(`/${file}`);
      // Stylesheets only fetched early: Vite's loader adds the stylesheet itself when the route runs.
      return file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${href}">`
        : `<link rel="modulepreload" crossorigin href="${href}">`;
    })
    .join('\n    ');
}

/** A member's own page: /m/ and whatever follows (the portal sends it with no-store, no-referrer). */
export const isMemberPagePath = (path: string) => /^\/m\//i.test(path);

/**
 * The member page with its link's web app manifest and icon (issue 45, point 2), so "Add to Home
 * screen" opens this member's page; only for an address holding a token's shape.
 */
function memberPageOf(html: string, path: string): string {
  const token = /^\/m\/([A-Za-z0-9_-]{32})\/?$/i.exec(path)?.[1];
  if (!token) return html;
  return html.replace(
    '</head>',
    `  <link rel="manifest" href="${memberManifestPath(token)}">\n` +
      `    <link rel="icon" type="image/svg+xml" href="${memberIconPath(token)}">\n` +
      `    <link rel="apple-touch-icon" href="${memberIconPath(token)}">\n  </head>`,
  );
}

/** Returns the page for a request URL (path and query), built once per route at start. */
export function webPages(webDist: string): (url: string) => string {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  const memberFile = join(webDist, 'member.html');
  // An older build without the member page's entry drew it in the admin app.
  const member = existsSync(memberFile) ? readFileSync(memberFile, 'utf8') : undefined;
  const listFile = join(webDist, '.vite', 'route-preloads.json');
  const list: RoutePreload[] = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : [];
  const routes: CompiledRoute[] = list
    .map((route) => ({
      pattern: compile(route.path),
      rank: rank(route.path),
      html: route.files.length ? index.replace('</head>', `  ${links(route.files)}\n  </head>`) : index,
    }))
    .sort((a, b) => b.rank - a.rank);
  return (url) => {
    const path = url.split(/[?#]/)[0]!;
    if (member !== undefined && isMemberPagePath(path)) return memberPageOf(member, path);
    return routes.find((route) => route.pattern.test(path))?.html ?? index;
  };
}
