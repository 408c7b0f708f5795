import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { scriptsAfterPaint } from './scriptsAfterPaint';

const built = [
  '<script type="module" crossorigin src="/assets/member-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/x.css">',
].join('\n');

function transform(filename: string) {
  const hook = scriptsAfterPaint('member.html').transformIndexHtml as {
    handler: (html: string, ctx: IndexHtmlTransformContext) => string;
  };
  return hook.handler(built, { filename, path: `/${filename}` } as IndexHtmlTransformContext);
}

describe('scriptsAfterPaint', () => {
  it("marks the member page's scripts and module preloads low priority, nothing else", () => {
    expect(transform('/web/member.html')).toBe(
      [
        '<script type="module" fetchpriority="low" crossorigin src="/assets/member-1.js"></script>',
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-2.js">',
        '<link rel="stylesheet" crossorigin href="/assets/x.css">',
      ].join('\n'),
    );
  });

  it("leaves the admin app's page as built", () => {
    expect(transform('/web/index.html')).toBe(built);
  });
});
