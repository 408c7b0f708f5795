// ESLint runs in Node; the jsdom globals of the web suite do not get in its way.
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web suite runs in web/ (npm workspaces); the lint setup is the repository's.
const root = resolve(process.cwd(), '..');

async function restrictedIn(file: string, code: string): Promise<boolean> {
  const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: join(root, file) });
  return result!.messages.some((message) => message.ruleId === 'no-restricted-imports');
}

describe('the demo stays apart from the product (lint rule)', () => {
  const importDemo = "import { demoRoutes } from '../demo/routes';\nexport const routes = demoRoutes;\n";

  it('refuses a demo import in product code', async () => {
    expect(await restrictedIn('web/src/features/probe.ts', importDemo)).toBe(true);
    expect(
      await restrictedIn(
        'web/src/lib/probe.ts',
        "import { demoGroups } from '../demo/catalogue';\nexport const g = demoGroups;\n",
      ),
    ).toBe(true);
  });

  it('allows the router and the demo itself', async () => {
    expect(await restrictedIn('web/src/app/router.tsx', importDemo)).toBe(false);
    expect(
      await restrictedIn(
        'web/src/demo/pages/probe.ts',
        "import { demoGroups } from '../catalogue';\nexport const g = demoGroups;\n",
      ),
    ).toBe(false);
  });
});
