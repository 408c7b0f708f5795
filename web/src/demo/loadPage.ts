import type { ComponentType } from 'react';
import type { DemoGroup, demoGroups } from './catalogue';

type GroupModule<G extends DemoGroup> = { pages: Record<(typeof demoGroups)[G][number], ComponentType> };

// One dynamic import per group: Vite makes each its own chunk, fetched on the first visit to one of
// its pages. These imports live here, not in routes.ts, so their preload lists stay out of the
// product's entry chunk.
const loaders: { [G in DemoGroup]: () => Promise<GroupModule<G>> } = {
  dashboard: () => import('./groups/dashboard'),
  widgets: () => import('./groups/widgets'),
  layouts: () => import('./groups/layouts'),
  tables: () => import('./groups/tables'),
  forms: () => import('./groups/forms'),
  ui: () => import('./groups/ui'),
  charts: () => import('./groups/charts'),
  maps: () => import('./groups/maps'),
  pages: () => import('./groups/pages'),
};

export async function loadDemoPage<G extends DemoGroup>(
  group: G,
  slug: (typeof demoGroups)[G][number],
): Promise<ComponentType> {
  const module = await loaders[group]();
  return module.pages[slug];
}

export async function loadBlogArticle(): Promise<ComponentType> {
  return (await import('./blog/BlogArticlePage')).BlogArticlePage;
}
