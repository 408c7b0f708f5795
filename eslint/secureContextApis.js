// `house/secure-context-apis` (issue 41, point 1): browser APIs that exist only in a secure context
// (HTTPS or localhost) are used through web/src/lib/secureContext.ts, which gives each a fallback.
// A branch's other desks open the app by its LAN name over plain HTTP, where these are undefined:
// `crypto.randomUUID()` there threw and took the payment, expense, refund and transfer dialogs down,
// and "Copy link" (navigator.clipboard) failed. The list follows MDN's "Features restricted to secure
// contexts". Only references to the browser's globals count: a local variable named `crypto` or
// `navigator` is someone else's, and `window.isSecureContext` (the test itself) is fine.

/** Properties of `crypto` and `navigator` that are undefined outside a secure context. */
const members = {
  crypto: ['randomUUID', 'subtle'],
  navigator: [
    'clipboard',
    'share',
    'canShare',
    'serviceWorker',
    'mediaDevices',
    'geolocation',
    'credentials',
    'storage',
    'locks',
    'wakeLock',
    'usb',
    'bluetooth',
    'hid',
    'serial',
    'xr',
    'keyboard',
    'virtualKeyboard',
  ],
};

/** Globals that are undefined outside a secure context. */
const globals = [
  'Notification',
  'PaymentRequest',
  'caches',
  'showOpenFilePicker',
  'showSaveFilePicker',
  'showDirectoryPicker',
  'IdleDetector',
  'CookieStore',
  'cookieStore',
];

/** What to use instead, where the helper already has it. */
const helperOf = { 'crypto.randomUUID': 'newId()', 'navigator.clipboard': 'copyText()' };

/** Names by which a script reaches the global object. */
const globalObjects = new Set(['window', 'globalThis', 'self']);

const keyName = (node, computed) =>
  !computed && node.type === 'Identifier'
    ? node.name
    : node.type === 'Literal' && typeof node.value === 'string'
      ? node.value
      : null;

export const secureContextApis = {
  meta: {
    type: 'problem',
    docs: { description: 'Use secure-context-only browser APIs only through web/src/lib/secureContext.ts' },
    schema: [],
    messages: {
      helper:
        '{{api}} exists only on HTTPS or localhost, not on a desk that opens the app over plain HTTP: use {{helper}} from web/src/lib/secureContext.ts.',
      fallback:
        '{{api}} exists only on HTTPS or localhost, not on a desk that opens the app over plain HTTP: add it with a fallback to web/src/lib/secureContext.ts and use it from there.',
    },
  },
  create(context) {
    const report = (node, api) => {
      const helper = helperOf[api];
      context.report(
        helper
          ? { node, messageId: 'helper', data: { api, helper } }
          : { node, messageId: 'fallback', data: { api } },
      );
    };

    /** `node` is the global `crypto` or `navigator` (however reached): check what is read from it. */
    const checkUse = (node, owner) => {
      const parent = node.parent;
      if (parent.type === 'MemberExpression' && parent.object === node) {
        const name = keyName(parent.property, parent.computed);
        if (name && members[owner].includes(name)) report(parent, `${owner}.${name}`);
      } else if (
        parent.type === 'VariableDeclarator' &&
        parent.init === node &&
        parent.id.type === 'ObjectPattern'
      ) {
        for (const prop of parent.id.properties) {
          const name = prop.type === 'Property' ? keyName(prop.key, prop.computed) : null;
          if (name && members[owner].includes(name)) report(prop, `${owner}.${name}`);
        }
      }
    };

    /** `node` is a global name as written or read from the global object (`window.X`). */
    const checkName = (node, name) => {
      if (globals.includes(name)) report(node, name);
      else if (name in members) checkUse(node, name);
      else if (globalObjects.has(name)) {
        const parent = node.parent;
        if (parent.type === 'MemberExpression' && parent.object === node) {
          const inner = keyName(parent.property, parent.computed);
          if (inner) checkName(parent, inner);
        }
      }
    };

    const watched = new Set([...Object.keys(members), ...globals, ...globalObjects]);
    return {
      'Program:exit'(program) {
        const globalScope = context.sourceCode.getScope(program);
        // Configured globals (globals.browser) resolve to the global scope's variables; others stay
        // unresolved in `through`. A local declaration of the same name resolves elsewhere: not ours.
        const references = [
          ...globalScope.variables
            .filter((v) => watched.has(v.name) && v.defs.length === 0)
            .flatMap((v) => v.references),
          ...globalScope.through.filter((r) => watched.has(r.identifier.name)),
        ];
        for (const reference of references) {
          if (reference.identifier.parent?.type?.startsWith('TS')) continue; // a type, not a call
          checkName(reference.identifier, reference.identifier.name);
        }
      },
    };
  },
};

export default { rules: { 'secure-context-apis': secureContextApis } };
