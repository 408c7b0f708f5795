// The import-cycle rule on small trees written to a temporary folder (it follows imports on disk).
// Runs with `npm run lint` (node --test eslint/).
import { after, describe, it } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './noImportCycle.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'no-import-cycle-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

/** Writes the files of one case under its own folder; returns the folder. */
function tree(name, files) {
  const dir = path.join(root, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A case linting `file` of a tree as it is on disk. */
function lint(dir, file) {
  return { filename: path.join(dir, file), code: fs.readFileSync(path.join(dir, file), 'utf8') };
}

const oneWay = tree('one-way', {
  'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
  'b.ts': "import type { C } from './shared/c';\nexport const b: C = 1;\n",
  'shared/c.ts': 'export type C = number;\n',
});
const valueCycle = tree('value', {
  'seed.ts': "import { part } from './part.ts';\nexport const rng = () => part;\n",
  'part.ts': "import { rng } from './seed.ts';\nexport const part = 1;\nrng;\n",
});
const typeCycle = tree('type', {
  'Dialog.tsx': "import { Picker } from './Picker';\nexport type Member = { id: number };\nPicker;\n",
  'Picker.tsx': "import type { Member } from './Dialog';\nexport const Picker = (m: Member) => m;\n",
});
const lazyCycle = tree('lazy', {
  'form.ts':
    "import type { V } from './values';\nexport const load = () => import('./schema');\nexport type { V };\n",
  'schema.ts': "import type { V } from './form';\nexport const schema = (v: V) => v;\n",
  'values.ts': 'export type V = string;\n',
});
const longCycle = tree('long', {
  'lib/close.tsx': "import { close } from './notify/notify';\nexport const Close = close;\n",
  'lib/notify/notify.ts': "export const close = () => import('./host');\n",
  'lib/notify/host.tsx': "import { Close } from '../close';\nexport const Host = Close;\n",
});

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('no-import-cycle', noImportCycle, {
  valid: [lint(oneWay, 'a.ts'), lint(oneWay, 'b.ts'), lint(lazyCycle, 'values.ts')],
  invalid: [
    {
      ...lint(valueCycle, 'seed.ts'),
      errors: [{ messageId: 'cycle', data: { chain: 'seed.ts → part.ts → seed.ts' }, line: 1 }],
    },
    {
      // Type-only imports count: the type moves below both files instead.
      ...lint(typeCycle, 'Picker.tsx'),
      errors: [{ messageId: 'cycle', data: { chain: 'Picker.tsx → Dialog.tsx → Picker.tsx' } }],
    },
    {
      // So does a dynamic import() that loads a file later.
      ...lint(lazyCycle, 'form.ts'),
      errors: [{ messageId: 'cycle', data: { chain: 'form.ts → schema.ts → form.ts' }, line: 2 }],
    },
    {
      ...lint(longCycle, 'lib/close.tsx'),
      errors: [
        { messageId: 'cycle', data: { chain: 'close.tsx → notify/notify.ts → notify/host.tsx → close.tsx' } },
      ],
    },
  ],
});
