// How the product's shared code is cut into chunks, so the template's demo screens (issue 18) cannot
// change what a product route downloads.
//
// Rolldown's automatic splitting puts every module in a chunk keyed by the set of lazy entries
// (routes, dialogs) that reach it. The demo's pages are lazy entries too, and they use the same MUI
// components as the product: with them in the build, a component shared by the frame and one demo
// page no longer sits with the frame's other components but in a chunk of its own, so
// `/app/users` loaded 15 more files and ~4 KB more gzip than without the demo. This group does
// the same keying with the demo's entries left out: modules reached from product code land in
// exactly the chunks they would have without the demo, and demo pages import from those chunks.
// Modules only the demo reaches, the entry's own closure and modules of a single entry (which
// stay in that entry's chunk) are left to the automatic splitting.
import { basename, extname } from 'node:path';
import type { Rolldown } from 'vite';

type Graph = (id: string) => Rolldown.ModuleInfo | null;

const isEntry = (m: Rolldown.ModuleInfo) => m.isEntry || m.dynamicImporters.length > 0;

/** The product's entries (the page and every lazy import outside the demo) that statically reach `id`. */
function productEntriesOf(id: string, graph: Graph, demoDir: string, memo: Map<string, string[]>) {
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  const seen = new Set([id]);
  const stack = [id];
  while (stack.length > 0) {
    const module = graph(stack.pop()!);
    if (!module) continue;
    if (isEntry(module) && !module.id.startsWith(demoDir)) entries.add(module.id);
    for (const importer of module.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        stack.push(importer);
      }
    }
  }
  const sorted = [...entries].sort();
  memo.set(id, sorted);
  return sorted;
}

/** The `codeSplitting` option of the web build; `demoDir` is the absolute path of `src/demo/`. */
export function productChunks(demoDir: string, htmlEntry: string): Rolldown.CodeSplittingOptions {
  const memo = new Map<string, string[]>();
  // One chunk per entry set, named like Rolldown names its own: after the first module it takes
  // (a group's name is its identity, so a name already given to another set gets a number).
  const chunkNames = new Map<string, string>();
  const taken = new Set<string>();
  const chunkName = (entries: string[], id: string) => {
    const key = entries.join('\n');
    let name = chunkNames.get(key);
    if (!name) {
      const base = basename(id, extname(id)).replace(/[^\w-]/g, '_') || 'shared';
      name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
      taken.add(name);
      chunkNames.set(key, name);
    }
    return name;
  };
  return {
    // Each module's chunk is decided by its own entry set; pulling dependencies along would merge
    // chunks that the automatic splitting keeps apart (sign-in grew from 156 to 515 KB).
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'product-shared',
        name: (id, ctx) => {
          const module = ctx.getModuleInfo(id);
          if (!module || isEntry(module) || id.startsWith(demoDir)) return null;
          const entries = productEntriesOf(id, (x) => ctx.getModuleInfo(x), demoDir, memo);
          if (entries.length <= 1 || entries.includes(htmlEntry)) return null;
          return chunkName(entries, id.split('?')[0]!);
        },
      },
    ],
  };
}
