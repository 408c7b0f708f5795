// A build of the product with the demo screens left out (WEB_WITHOUT_DEMO=1): the router's one
// import of the demo's route table resolves to an empty table. Only for measuring what the demo
// costs the product's routes (bench/src/demo-weight.ts, issue 18); never shipped.
import type { Plugin } from 'vite';

const emptyDemo = '\0empty-demo-routes';

export function withoutDemo(): Plugin {
  return {
    name: 'without-demo',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../demo/routes' && importer?.endsWith('/src/app/router.tsx')) return emptyDemo;
      return null;
    },
    load(id) {
      return id === emptyDemo ? 'export const demoRoutes = { app: [], outsideFrame: [] };' : null;
    },
  };
}
