import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './browser.ts';

// Resolved once in the main process (installing Chromium if needed); workers see the same path.
const executablePath = (process.env.E2E_CHROMIUM ??= findChromium());

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    // global-setup.ts starts the real server and publishes its address here.
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath, args: chromiumArgs },
    viewport: { width: 1280, height: 800 },
    // The frame drops its transitions for reduced motion, so a menu or tooltip is in its final
    // state as soon as it is visible: axe and assertions never read a half-faded element.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desk', testIgnore: /gstBooks\.spec\.ts/ },
    // A branch that had GST switched on keeps it on record (gstOnSince): switched off again, its later
    // payments are Bills of Supply, not receipts. The spec that switches it on runs after every other.
    { name: 'books with GST', testMatch: /gstBooks\.spec\.ts/, dependencies: ['desk'] },
  ],
});
