import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appVersion } from './version.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('the version', () => {
  it('is one number: the API reports the root package.json version, and CHANGELOG.md starts with it', () => {
    const root = (JSON.parse(read('../../package.json')) as { version: string }).version;
    expect(appVersion).toBe(root);
    const newest = read('../../CHANGELOG.md').match(/^## (\S+)/m)?.[1];
    expect(newest).toBe(root);
  });
});
