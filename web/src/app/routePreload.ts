import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';

/**
 * Starting a screen before it is chosen (issue 36, "switching screens"): a route's chunks are
 * asked for by calling its `lazy` (the browser keeps each module, so the router's own call later
 * finds them here), and its data by calling its loader (a loader only starts prefetches, see
 * lib/table/prefetch.ts; lib/api.ts hands a repeated prefetch the first one's answer).
 */
const asked = new WeakSet<RouteObject>();
/** The app's route table, once the router has been made (preloadOnIntent). */
let appRoutes: RouteObject[] = [];

export function preloadRoute(routes: RouteObject[], href: string, withData: boolean): void {
  const url = new URL(href, window.location.origin);
  for (const { route, params } of matchRoutes(routes, url.pathname) ?? []) {
    if (typeof route.lazy === 'function' && !asked.has(route)) {
      asked.add(route);
      // A failed download is asked again by the next hover, or by the navigation itself.
      route.lazy().catch(() => asked.delete(route));
    }
    if (withData && typeof route.loader === 'function') {
      void route.loader({ request: new Request(url), url, params, pattern: '', context: undefined });
    }
  }
}

/** The app's own address of a link under /app, or null (other pages, other sites, new tabs). */
function appLink(target: EventTarget | null): string | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (link === null || link.getAttribute('target') === '_blank') return null;
  const href = link.getAttribute('href') ?? '';
  return href.startsWith('/app/') ? href : null;
}

/**
 * A pointer over a link of the app, or focus on it (a keyboard moving through a menu), starts its
 * page's chunks and first page: the ~100-300 ms between hover and press is then spent fetching.
 */
export function preloadOnIntent(routes: RouteObject[]): () => void {
  appRoutes = routes;
  const onIntent = (event: Event) => {
    const href = appLink(event.target);
    if (href !== null) preloadRoute(routes, href, true);
  };
  document.addEventListener('pointerover', onIntent, { capture: true, passive: true });
  document.addEventListener('focusin', onIntent, { capture: true, passive: true });
  return () => {
    document.removeEventListener('pointerover', onIntent, { capture: true });
    document.removeEventListener('focusin', onIntent, { capture: true });
  };
}

type IdleCallback = () => void;
const whenIdle = (callback: IdleCallback) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(callback, { timeout: 5_000 })
    : window.setTimeout(callback, 200);

let idleStarted = false;

/**
 * Once the first screen of the signed-in app has drawn and the browser has nothing else to do, the
 * chunks of the screens the menu offers the caller (`hrefs`, in menu order) are asked for, one per
 * idle period, so a first visit waits only for its data. Code only: data is asked for on intent,
 * when it will be read within seconds. Once per page load (the frame calls it when it mounts).
 */
export function preloadWhenIdle(hrefs: readonly string[]): void {
  if (idleStarted || appRoutes.length === 0) return;
  idleStarted = true;
  const queue = [...hrefs];
  const next = () => {
    const href = queue.shift();
    if (href === undefined) return;
    preloadRoute(appRoutes, href, false);
    whenIdle(next);
  };
  whenIdle(next);
}
