import type { RouteObject } from 'react-router';
import { demoGroups } from './catalogue';
import type { DemoGroup } from './catalogue';

/**
 * The demo's routes: `app` sits among the frame's children, `outsideFrame` beside the public pages.
 * This module is in the product's entry chunk (the router imports it), so it holds paths and one
 * dynamic import; the group chunks are reached through loadPage.ts.
 */
const loadPage = () => import('./loadPage');

function groupRoutes<G extends DemoGroup>(group: G): RouteObject[] {
  return demoGroups[group].map((slug: (typeof demoGroups)[G][number]) => ({
    path: `${group}/${slug}`,
    lazy: () =>
      loadPage()
        .then((module) => module.loadDemoPage(group, slug))
        .then((Component) => ({ Component })),
  }));
}

export const demoRoutes: { app: RouteObject[]; outsideFrame: RouteObject[] } = {
  app: (Object.keys(demoGroups) as DemoGroup[]).flatMap((group) => groupRoutes(group)),
  outsideFrame: [
    {
      path: 'blog/article',
      lazy: () =>
        loadPage()
          .then((module) => module.loadBlogArticle())
          .then((Component) => ({ Component })),
    },
  ],
};
