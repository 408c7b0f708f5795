// One lint setup for the whole tree: TypeScript rules everywhere, React hook rules for web.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noImportCycle } from './eslint/noImportCycle.js';
import { secureContextApis } from './eslint/secureContextApis.js';

/** The project's own rules (eslint/, each with its node:test test). */
const house = { rules: { 'no-import-cycle': noImportCycle, 'secure-context-apis': secureContextApis } };

/** Import patterns that reach a layer folder of web/src from anywhere below web/src. */
function layerBan(...layers) {
  return layers.map((layer) => ({
    regex: `^(\\.\\./)+(${layer})(/|$)`,
    message: `web/src/${layer} is another layer: move what is shared into web/src/lib (see docs/decisions/performance.md, issue 14).`,
  }));
}

// The template's demo screens (issue 18) stay apart from the product: only the router brings them
// in, so product chunks never carry demo code. Every layer's rule repeats this pattern, because a
// later block's no-restricted-imports replaces an earlier one's for the same file.
const demoBan = [
  {
    regex: '(^|/)demo(/|$)',
    message: 'Demo screens are imported only by web/src/app/router.tsx (issue 18).',
  },
];
// notistack's provider is mounted lazily by lib/notify (issue 21): its own useSnackbar finds no
// provider in a screen and drops every message (the pause approvals said nothing, issue 45).
const notistackBan = [
  {
    regex: '^notistack$',
    message: "Use useSnackbar from web/src/lib/notify/notify: notistack's own finds no provider here.",
  },
];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'api/data/**',
      'api/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // No import cycles (issue 35), type-only and dynamic imports included (eslint/noImportCycle.js).
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { house },
    rules: { 'house/no-import-cycle': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Browser APIs that exist only on HTTPS or localhost (crypto.randomUUID, navigator.clipboard, ...)
  // are used through one helper that gives each a fallback: other desks open the app over plain HTTP
  // (issue 41, point 1; eslint/secureContextApis.js).
  {
    files: ['web/**/*.{js,mjs,ts,tsx}'],
    ignores: ['web/src/lib/secureContext.ts'],
    plugins: { house },
    rules: { 'house/secure-context-apis': 'error' },
  },
  // Layering of the web app (issue 14): lib is the floor every layer may use; screens (features) and
  // public pages never reach into the signed-in frame (app) or into each other, and the frame uses
  // public pages only through the router's lazy `import()` (which this rule does not see), so a
  // public page is never in the frame's chunk. Tests may assemble the whole app, so they are exempt.
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/src/demo/**', 'web/src/app/router.tsx'],
    rules: restrict(demoBan),
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: restrict([...layerBan('app', 'public'), ...demoBan, ...notistackBan]),
  },
  {
    files: ['web/src/public/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: restrict([...layerBan('app', 'features'), ...demoBan, ...notistackBan]),
  },
  {
    files: ['web/src/app/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/app/router.tsx'],
    rules: restrict([...layerBan('public'), ...demoBan, ...notistackBan]),
  },
  {
    files: ['web/src/app/router.tsx'],
    rules: restrict(layerBan('public')),
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: restrict([...layerBan('app', 'features', 'public'), ...demoBan]),
  },
);
