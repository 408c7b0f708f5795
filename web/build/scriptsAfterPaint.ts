import type { Plugin } from 'vite';

/**
 * Marks a page's scripts and module preloads `fetchpriority="low"` (the member page, issue 37): the
 * page draws its outline from the HTML alone, so its scripts must not compete with it for a slow
 * phone's network, nor count as holding back the first paint (Lighthouse treats a high-priority
 * script as render-blocking). Its entry loads the page's code after that first paint.
 */
export function scriptsAfterPaint(page: string): Plugin {
  return {
    name: 'scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        ctx.filename.endsWith(page)
          ? html.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ')
          : html,
    },
  };
}
