// The README names files a new owner then looks for: each must exist (issue 41, point 8: it named
// docs/api.md, which never did). The API's reference is the OpenAPI document the server serves.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(repoRoot, file));

describe('the README', () => {
  it('names only files of the repository that exist (build output aside)', () => {
    const named = new Set(
      [
        ...readme.matchAll(/\b(?:docs|api|web|e2e|bench|contract)\/[\w./-]+\.(?:md|ts|tsx|sh|png|json)\b/g),
      ].map((m) => m[0]),
    );
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((file) => !exists(file))).toEqual([]);
  });

  it('lists in its layout only documents docs/ holds', () => {
    const line = readme.split('\n').find((l) => l.startsWith('docs/'));
    expect(line).toBeDefined();
    const listed = [...line!.matchAll(/[\w-]+\.md\b/g)].map((m) => `docs/${m[0]}`);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((file) => !exists(file))).toEqual([]);
  });
});
