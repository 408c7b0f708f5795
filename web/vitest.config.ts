import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Every web test touches browser APIs (localStorage, cookies, the DOM), so all run in jsdom.
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['src/test/setup.ts'],
      // Node 25+ has a global localStorage of its own, undefined without --localstorage-file, that
      // shadows jsdom's: every test then failed at its first localStorage call on Node 26.
      execArgv: ['--no-experimental-webstorage'],
      restoreMocks: true,
      unstubGlobals: true,
      // MUI under jsdom is slow to render; the first test of a file also pays for loading it.
      testTimeout: 45_000,
      // A busy two-core CI machine: generous limits, since a timeout here is never the behaviour under test.
      hookTimeout: 45_000,
    },
  }),
);
