import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The api package's folder. This file sits one level below it both as source (src/version.ts) and
 * in the start-up bundle (dist/main.js), so paths built from here hold in both.
 */
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));

export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
