// The secure-context rule on small sources, with the browser's globals configured as web/ has them
// and without (then they are unresolved references). Runs with `npm run lint` (node --test eslint/).
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { secureContextApis } from './secureContextApis.js';

RuleTester.describe = describe;
RuleTester.it = it;

const helper = (api, use) => ({ messageId: 'helper', data: { api, helper: use } });
const fallback = (api) => ({ messageId: 'fallback', data: { api } });

const cases = {
  valid: [
    // What every context has, and the test for a secure one.
    'crypto.getRandomValues(new Uint8Array(16));',
    'const lang = navigator.language; const online = window.navigator.onLine;',
    'if (window.isSecureContext) print();',
    "import { newId, copyText } from '../../lib/secureContext'; newId(); void copyText('x');",
    // Someone else's `crypto` or `navigator`, not the browser's.
    'function f(crypto) { return crypto.randomUUID(); }',
    "import { randomUUID } from 'node:crypto'; const crypto = { randomUUID }; crypto.randomUUID();",
    'const navigator = { clipboard: null }; navigator.clipboard;',
    'const o = { clipboard: 1, randomUUID: 2 }; o.clipboard; o.randomUUID;',
    // Types are not calls.
    'type Uuid = ReturnType<typeof crypto.randomUUID>; let c: typeof navigator.clipboard;',
  ],
  invalid: [
    {
      code: 'const key = useRef(crypto.randomUUID());',
      errors: [{ ...helper('crypto.randomUUID', 'newId()'), line: 1, column: 20 }],
    },
    { code: 'window.crypto.randomUUID();', errors: [helper('crypto.randomUUID', 'newId()')] },
    { code: "globalThis.crypto['randomUUID']();", errors: [helper('crypto.randomUUID', 'newId()')] },
    { code: 'const { randomUUID } = self.crypto;', errors: [helper('crypto.randomUUID', 'newId()')] },
    {
      code: 'if (typeof crypto.randomUUID === "function") {}',
      errors: [helper('crypto.randomUUID', 'newId()')],
    },
    { code: 'await crypto.subtle.digest("SHA-256", data);', errors: [fallback('crypto.subtle')] },
    {
      code: 'await navigator.clipboard.writeText(url);',
      errors: [helper('navigator.clipboard', 'copyText()')],
    },
    {
      code: 'await navigator.clipboard?.writeText(url);',
      errors: [helper('navigator.clipboard', 'copyText()')],
    },
    { code: 'window.navigator.clipboard.readText();', errors: [helper('navigator.clipboard', 'copyText()')] },
    {
      code: 'const { clipboard, language } = navigator;',
      errors: [helper('navigator.clipboard', 'copyText()')],
    },
    {
      code: 'navigator.share({ url }); navigator.canShare?.();',
      errors: [fallback('navigator.share'), fallback('navigator.canShare')],
    },
    { code: "navigator.serviceWorker.register('/sw.js');", errors: [fallback('navigator.serviceWorker')] },
    {
      code: 'navigator.mediaDevices.getUserMedia({ video: true });',
      errors: [fallback('navigator.mediaDevices')],
    },
    { code: 'navigator.geolocation.getCurrentPosition(cb);', errors: [fallback('navigator.geolocation')] },
    {
      code: 'navigator.storage.persist(); navigator.locks.request("x", f);',
      errors: [fallback('navigator.storage'), fallback('navigator.locks')],
    },
    {
      code: "new Notification('Paid'); Notification.requestPermission();",
      errors: [fallback('Notification'), fallback('Notification')],
    },
    { code: 'window.Notification.permission;', errors: [fallback('Notification')] },
    {
      code: "caches.open('v1'); await showSaveFilePicker();",
      errors: [fallback('caches'), fallback('showSaveFilePicker')],
    },
  ],
};

const parser = tseslint.parser;
describe('with the browser globals configured (web/)', () => {
  new RuleTester({ languageOptions: { parser, globals: globals.browser } }).run(
    'secure-context-apis',
    secureContextApis,
    cases,
  );
});
describe('without configured globals', () => {
  new RuleTester({ languageOptions: { parser } }).run('secure-context-apis', secureContextApis, cases);
});
