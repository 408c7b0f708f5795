import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Chromium for the browser suite: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's
 * own download; on Debian as root, installs Debian's chromium; otherwise stops with one instruction.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', safePlaywrightPath()];
  for (const path of candidates) if (path && existsSync(path)) return path;
  const debian = existsSync('/etc/debian_version');
  if (debian && process.getuid?.() === 0) {
    execSync(
      'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium',
      {
        stdio: 'inherit',
      },
    );
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  const hint = debian ? 'sudo apt-get install chromium' : 'install Chromium';
  throw new Error(`No Chromium found: ${hint}, or set CHROMIUM_PATH to a Chromium binary.`);
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
