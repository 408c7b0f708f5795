import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { isFormLibraryModule } from './build/formCode';
import { productChunks } from './build/productChunks';
import { routePreloads } from './build/routePreloads';
import { scriptsAfterPaint } from './build/scriptsAfterPaint';
import { withoutDemo } from './build/withoutDemo';

// Resolved from this file rather than the shell's working directory, so the build lands in web/dist
// whether it is started from web/ or through the root workspace scripts.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const demoDir = fileURLToPath(new URL('./src/demo/', import.meta.url));
const src = `${webRoot}src/`;
// Lazy modules loaded outside the shell layout (router.tsx): sign-in and the texts.
const outsideShell = (entry: string) =>
  entry === `${src}public/auth/SignInPages.tsx` || entry.startsWith(`${src}locales/`);
const shellLayout = [`${src}app/AppShell.tsx`, `${src}app/RouteError.tsx`];

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    process.env.WEB_WITHOUT_DEMO === '1' && withoutDemo(),
    // dist/.vite/route-preloads.json: the files each route needs, announced by the API in the page.
    routePreloads(`${src}app/router.tsx`),
    // The member entry (the check-in page) draws its outline before any script (src/member/main.tsx).
    scriptsAfterPaint('member.html'),
    // Every file also as .br (quality 11) and .gz, written once at build: the API sends these as
    // they are (@fastify/static preCompressed) instead of compressing each request again.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // dist/.vite/manifest.json: what each route loads, read by bench/src/weight.ts for the budgets.
    manifest: true,
    rolldownOptions: {
      // Two pages: the admin app, and the member entry, which loads nothing of the admin app: the
      // check-in page (/m/in/<code>; the server sends member.html for /m/... addresses other than a
      // member's own page, which the server draws itself, issue 45).
      input: { index: `${webRoot}index.html`, member: `${webRoot}member.html` },
      output: {
        // WEB_AUTOMATIC_CHUNKS=1: Rolldown's own splitting, for the comparison in bench/src/demo-weight.ts.
        codeSplitting:
          process.env.WEB_AUTOMATIC_CHUNKS === '1'
            ? undefined
            : productChunks({
                demoDir,
                htmlEntry: `${webRoot}index.html`,
                isMemberEntry: (entry) =>
                  entry === `${webRoot}member.html` || entry.startsWith(`${src}member/`),
                layouts: [
                  {
                    name: 'shell',
                    modules: shellLayout,
                    contains: (entry) => entry.startsWith(src) && !outsideShell(entry),
                  },
                  {
                    name: 'frame',
                    modules: [`${src}app/AppFrame.tsx`, `${src}app/frame/StatusPages.tsx`],
                    // Pages and their dialogs, the frame's own lazy parts (the settings drawer), and
                    // the Data Grid that tables load after their first page.
                    contains: (entry) =>
                      entry.startsWith(`${src}features/`) ||
                      entry === `${src}lib/table/ResourceGrid.tsx` ||
                      (entry.startsWith(`${src}app/`) && !shellLayout.includes(entry)),
                  },
                ],
                tableModules: [`${src}lib/table/ResourceTable.tsx`, `${src}lib/table/ResourceGrid.tsx`],
                isFormLibrary: isFormLibraryModule,
              }),
        // Demo chunks are named demo-*, so the preload rule below can tell them apart.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.startsWith(demoDir)
            ? 'assets/demo-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
    modulePreload: {
      // The product's entry would otherwise list every file the demo's route table needs (its
      // preload map), which costs the sign-in page ~0.3 KB for screens it never shows. The demo
      // loads its files when first visited instead.
      resolveDependencies: (filename, deps) => (filename.includes('/demo-') ? [] : deps),
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
});
