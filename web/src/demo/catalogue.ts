/**
 * Every demo route (spec section 2, "Demo routes"), grouped as they are loaded: one chunk per group.
 * This file is all of the demo the product's entry chunk carries, so it holds names only.
 */
export const demoGroups = {
  dashboard: ['sales-marketing', 'cryptocurrency'],
  widgets: ['infographics', 'mini-apps'],
  layouts: ['grid', 'app-layout'],
  tables: ['sortable-table', 'editable-cell', 'crud-table', 'tree-table'],
  forms: ['input-masks', 'upload'],
  ui: ['pagination', 'steppers', 'badges'],
  charts: ['line-charts', 'bar-charts', 'pie-charts'],
  maps: ['map-marker'],
  pages: [
    'checkout',
    'product-detail',
    'invoice',
    'taskboard',
    'calendar',
    'chat',
    'contact',
    'ecommerce',
    'timeline',
    'email',
    'user-profile',
    'blank-page',
    'photo-gallery',
    'pricing',
    'not-found',
    'settings',
    'help-support',
  ],
} as const;

export type DemoGroup = keyof typeof demoGroups;

/**
 * /app/pages/permissionDenied and /app/pages/error are demo routes of the specification too; the
 * frame already serves them (its own status pages), so the demo does not register them again.
 */
export const frameOwnedDemoPaths = ['/app/pages/permissionDenied', '/app/pages/error'] as const;

/** The demo route outside the frame. */
export const blogArticlePath = '/blog/article';

export function demoPaths(): string[] {
  return Object.entries(demoGroups).flatMap(([group, slugs]) => slugs.map((slug) => `/app/${group}/${slug}`));
}
