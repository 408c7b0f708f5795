import { describe, expect, it } from 'vitest';
import { demoPaths } from './catalogue';
import { demoRoutes } from './routes';
import { hasSource } from './shared/sources';

describe('demo routes', () => {
  it('registers every demo path under /app and /blog/article outside the frame', () => {
    expect(demoRoutes.app.map((route) => `/app/${route.path}`)).toEqual(demoPaths());
    expect(demoRoutes.outsideFrame.map((route) => route.path)).toEqual(['blog/article']);
    // The specification's showcase targets and the demo pages it names.
    for (const path of [
      '/app/pages/ecommerce',
      '/app/pages/contact',
      '/app/dashboard/cryptocurrency',
      '/app/pages/photo-gallery',
    ]) {
      expect(demoPaths()).toContain(path);
    }
  });

  it('gives every route a page component from its group chunk', async () => {
    for (const route of [...demoRoutes.app, ...demoRoutes.outsideFrame]) {
      const lazy = route.lazy as () => Promise<{ Component?: unknown }>;
      const loaded = await lazy();
      expect(typeof loaded.Component, route.path).toBe('function');
    }
  });

  it('has the source of the pages for Show Code', () => {
    expect(hasSource('pages/EcommercePage.tsx')).toBe(true);
    expect(hasSource('dashboards/CryptocurrencyDashboard.tsx')).toBe(true);
    expect(hasSource('pages/Missing.tsx')).toBe(false);
  });
});
