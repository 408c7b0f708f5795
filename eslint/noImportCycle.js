// `house/no-import-cycle` (issue 35): no file may import, through any chain of relative imports, a
// file that imports it back. Unlike import-x/no-cycle and import/no-cycle, type-only imports
// (`import type`, `typeof import()`) and dynamic `import()` count too: a type that two files pass
// back and forth still ties them together, and half of the cycles issue 35 found were such. The
// shared piece belongs in a file below both (docs/decisions/doors.md, "Import cycles").
//
// Imports are read with TypeScript's own import scanner (no full parse of the other files), so the
// rule costs little over a whole-tree lint. Only relative specifiers are followed: the workspaces
// reach each other by package name (@app/contract), and contract imports nothing of api or web.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const extensions = ['.ts', '.tsx', '.js', '.mjs', '.jsx'];

// What the disk says is kept for a couple of seconds: a whole-tree lint asks about the same files
// thousands of times, while an editor that lints for hours sees new and changed files soon after.
const lifetimeMs = 2000;
const fileCache = new Map();
const importsCache = new Map();

function remembered(cache, key, compute) {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < lifetimeMs) return hit.value;
  const value = compute(hit?.value);
  cache.set(key, { at: now, value });
  return value;
}

const isFile = (file) =>
  remembered(fileCache, file, () => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false);

/** A relative specifier as the bundler and Node (with allowImportingTsExtensions) find it. */
function resolve(specifier, fromFile) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find(isFile) ?? null;
}

/** Every relative import of a source text: `{ target, pos, end }`, type-only and dynamic included. */
function importsOf(text, file) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((ref) => ({ target: resolve(ref.fileName, file), pos: ref.pos, end: ref.end }))
    .filter((ref) => ref.target !== null);
}

/** The files a file on disk imports; read again only when it has changed. */
function targetsOnDisk(file) {
  return remembered(importsCache, file, (before) => {
    const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (before && before.mtime === mtime) return before;
    const targets =
      mtime === undefined
        ? []
        : [...new Set(importsOf(fs.readFileSync(file, 'utf8'), file).map((r) => r.target))];
    return { mtime, targets };
  }).targets;
}

/** The file being linted, as read on disk, need not be scanned again when another file's walk meets it. */
function primeCache(file, text, refs) {
  const mtime = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtime === undefined || fs.readFileSync(file, 'utf8') !== text) return; // an editor's unsaved text
  importsCache.set(file, {
    at: Date.now(),
    value: { mtime, targets: [...new Set(refs.map((r) => r.target))] },
  });
}

/**
 * The files among everything `file` imports, directly or not, that import `file` back: one walk
 * forward over what is reachable, one backward over the edges it saw (so a file with many imports
 * costs one walk, not one per import).
 */
function leadingBack(file, firstHops) {
  const importedBy = new Map();
  const seen = new Set(firstHops);
  const queue = [...firstHops];
  while (queue.length) {
    const current = queue.pop();
    for (const next of targetsOnDisk(current)) {
      if (!importedBy.has(next)) importedBy.set(next, new Set());
      importedBy.get(next).add(current);
      if (next !== file && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const leads = new Set();
  const back = [file];
  while (back.length) {
    for (const previous of importedBy.get(back.pop()) ?? []) {
      if (!leads.has(previous)) {
        leads.add(previous);
        back.push(previous);
      }
    }
  }
  return leads;
}

/** The shortest chain of imports from `start` back to `file`, through files that lead back only. */
function chainBack(start, file, leads) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const current = queue.shift();
    for (const next of targetsOnDisk(current)) {
      if (next === file) {
        const chain = [current];
        for (let at = cameFrom.get(current); at !== null; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (leads.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only and dynamic imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}. Move the shared piece into a file both import.' },
  },
  create(context) {
    const file = context.filename;
    return {
      'Program:exit'() {
        const text = context.sourceCode.text;
        const refs = importsOf(text, file).filter((ref) => ref.target !== file);
        primeCache(file, text, refs);
        const leads = leadingBack(file, [...new Set(refs.map((ref) => ref.target))]);
        const reported = new Set();
        for (const ref of refs) {
          if (!leads.has(ref.target) || reported.has(ref.target)) continue;
          reported.add(ref.target);
          const chain = chainBack(ref.target, file, leads);
          if (!chain) continue;
          const name = (f) => path.relative(path.dirname(file), f) || path.basename(f);
          context.report({
            loc: {
              start: context.sourceCode.getLocFromIndex(ref.pos),
              end: context.sourceCode.getLocFromIndex(ref.end),
            },
            messageId: 'cycle',
            data: { chain: [path.basename(file), ...chain.map(name), path.basename(file)].join(' → ') },
          });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
