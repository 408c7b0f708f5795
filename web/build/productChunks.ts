// How the product's code is cut into chunks: few files for a route (each file costs a request and a
// module record, and a cold /app/users waited ~1.5 s on ~120 of them), and the template's demo
// screens (issue 18) never deciding what a product route downloads.
//
// Rolldown's automatic splitting puts every module in a chunk keyed by the exact set of lazy entries
// (pages, dialogs) that reach it: with ~40 pages that is a file for nearly every combination, most
// under 1 KB. This rule keys by the product's entries only (demo entries left out, so the demo
// imports from product chunks and cannot split them) and coarsens the keys along the route tree:
// - code every reader of which sits under a layout (the shell, the frame) that reads it too, or a
//   layout nested in it does, travels with that layout: every route beneath loads it anyway;
// - code shared by table pages only is one `tables` chunk (the Data Grid and the table helpers);
// - code a table page shares with other pages of the frame is one `pages` chunk;
// - the rest is keyed by its exact set of entries, as Rolldown would.
// Modules only the demo reaches, the page's own closure and what one entry alone reads are left to
// the automatic splitting (except a layout's own code that the demo reads too: see below).
// Keys only ever grow along imports (a module's readers include its importers' readers), so a chunk
// never imports a chunk that imports it back; the e2e weight check refuses a build with such a cycle
// all the same (bench/src/routeWeights.ts). The layouts' `contains` decide only where code is put,
// never whether it loads: a wrong answer costs bytes on some route, not a broken page.
import { basename, extname } from 'node:path';
import type { Rolldown } from 'vite';

type Graph = (id: string) => Rolldown.ModuleInfo | null;

/**
 * A module loaded on its own: the page, or a lazy import that nothing imports statically (one that
 * is also imported statically travels with its importers, and its lazy import loads their chunk).
 */
const isEntry = (m: Rolldown.ModuleInfo) =>
  m.isEntry || (m.dynamicImporters.length > 0 && m.importers.length === 0);

/**
 * Who statically reaches a module: the product's entries (the page, every lazy import outside the
 * demo), and whether demo code does.
 */
interface Readers {
  entries: string[];
  demo: boolean;
}

function readersOf(id: string, graph: Graph, demoDir: string, memo: Map<string, Readers>): Readers {
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  let demo = false;
  const seen = new Set([id]);
  const stack = [id];
  while (stack.length > 0) {
    const module = graph(stack.pop()!);
    if (!module) continue;
    if (module.id.startsWith(demoDir)) demo = true;
    else if (isEntry(module)) entries.add(module.id);
    for (const importer of module.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        stack.push(importer);
      }
    }
  }
  const readers = { entries: [...entries].sort(), demo };
  memo.set(id, readers);
  return readers;
}

/**
 * Whether a module imports, at any depth, a module of a form library (react-hook-form): form code,
 * which a screen needs only once a form opens.
 */
function isFormCode(
  id: string,
  graph: Graph,
  isFormLibrary: (id: string) => boolean,
  memo: Map<string, boolean>,
) {
  const known = memo.get(id);
  if (known !== undefined) return known;
  // Every answer in the memo is about a module's whole closure, so a known module ends the search.
  const seen = new Set([id]);
  const stack = [id];
  let found = false;
  while (stack.length > 0 && !found) {
    const next = stack.pop()!;
    if (isFormLibrary(next) || memo.get(next) === true) found = true;
    else if (memo.get(next) !== false) {
      for (const imported of graph(next)?.importedIds ?? []) {
        if (!seen.has(imported)) {
          seen.add(imported);
          stack.push(imported);
        }
      }
    }
  }
  memo.set(id, found);
  return found;
}

/**
 * A route layout: its lazy modules, and which entries sit beneath it (absolute paths). Every route
 * beneath a layout loads the layout's chunks too.
 */
export interface Layout {
  /** The chunk's name. */
  name: string;
  /** The layout's own lazy modules (loaded together, every time a route beneath is). */
  modules: string[];
  /** True for an entry (a page, a dialog, a lazily imported module) that sits beneath the layout. */
  contains: (entry: string) => boolean;
}

export interface ChunkPlan {
  /** Absolute path of web/src/demo/: demo entries never decide a product chunk. */
  demoDir: string;
  /** Absolute path of web/index.html. */
  htmlEntry: string;
  /**
   * True for the member page's entries (issue 37): web/member.html and the modules it loads lazily.
   * What they share with the admin app (React) is one `member-shared` chunk, so that the member page
   * loads none of the admin app's code and the admin app loads React as before, one file further.
   */
  isMemberEntry?: (entry: string) => boolean;
  /** Outermost first. */
  layouts: Layout[];
  /**
   * A module used by the table routes (the routes that reach these modules: `lib/table/ResourceTable`,
   * and the Data Grid it loads after the first page, `lib/table/ResourceGrid`) is keyed as if those
   * routes were one: they share the Data Grid and most of their helpers, so one chunk serves them all
   * instead of a chunk for every combination of tables. A lazily loaded one (the grid) is not a
   * table route itself: what it shares only with other pages (MUI X's store, shared with the
   * charts) is keyed by its readers, so a table route does not load it before its first page.
   */
  tableModules: string[];
  /**
   * A form library's modules. Code that would go to `tables` or `pages` and reaches one of them (the
   * forms and dialogs of screens) goes to `forms` instead: list screens load `tables` and `pages`
   * first, and a form's code only when it opens.
   */
  isFormLibrary: (id: string) => boolean;
}

/** The `codeSplitting` option of the web build. */
export function productChunks(plan: ChunkPlan): Rolldown.CodeSplittingOptions {
  const { demoDir, htmlEntry, isMemberEntry, layouts, tableModules, isFormLibrary } = plan;
  const memo = new Map<string, Readers>();
  const formMemo = new Map<string, boolean>();
  // One chunk per key, named like Rolldown names its own: after the first module it takes (a group's
  // name is its identity, so a name already given to another key gets a number).
  const chunkNames = new Map<string, string>();
  const taken = new Set([
    ...layouts.map((layout) => layout.name),
    'tables',
    'pages',
    'forms',
    'entry-shared',
    'member-shared',
    'member-entry-shared',
  ]);
  const chunkName = (key: string, id: string) => {
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
  const innermost = layouts.at(-1);
  /** The table pages, found once the module graph is complete (when chunks are assigned). */
  let tables: Set<string> | undefined;
  return {
    // Each module's chunk is decided by its own readers; pulling dependencies along would merge
    // chunks that the automatic splitting keeps apart (sign-in grew from 156 to 515 KB).
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'product-shared',
        name: (id, ctx) => {
          const module = ctx.getModuleInfo(id);
          if (!module || id.startsWith(demoDir) || isEntry(module)) return null;
          const graph: Graph = (x) => ctx.getModuleInfo(x);
          const { entries, demo } = readersOf(id, graph, demoDir, memo);
          if (entries.length === 0) return null;
          // The member page's code stays in its entry; what it shares with anything else is one chunk
          // (its imports are read by the member page too, so they join it: no chunk reads back).
          const member = isMemberEntry ? entries.filter(isMemberEntry) : [];
          if (member.length === entries.length) return null;
          if (member.length > 0) {
            // What the member page's html entry alone shares (Vite's preload helper) is a chunk of
            // its own: in `member-shared` it would make the entry import React before the page's
            // first paint, which the entry holds React back for (src/member/main.tsx).
            const onlyHtml = member.every((e) => ctx.getModuleInfo(e)?.isEntry === true);
            return onlyHtml ? 'member-entry-shared' : 'member-shared';
          }
          if (entries.includes(htmlEntry)) {
            // The page's own code stays in the entry. What it shares with lazy modules loads on
            // every route all the same: one chunk, rather than a small file for every set of readers.
            return entries.length === 1 ? null : 'entry-shared';
          }
          if (entries.length === 1) {
            // What one entry alone reads stays in its chunk. Where the demo reads it too, the
            // automatic splitting would cut it out into a file of its own: a layout's code then
            // joins the layout's chunk (its imports are read by the demo too, so they follow).
            if (!demo) return null;
            return layouts.find((l) => l.modules.includes(entries[0]!))?.name ?? null;
          }
          const layout = layouts.findLast(
            (l, i) =>
              entries.every((e) => l.modules.includes(e) || l.contains(e)) &&
              layouts.slice(i).some((inner) => inner.modules.some((m) => entries.includes(m))),
          );
          if (layout) return layout.name;
          tables ??= new Set(
            tableModules
              .flatMap((m) => readersOf(m, graph, demoDir, memo).entries)
              .filter((e) => !tableModules.includes(e)),
          );
          const tablePages = tables;
          const key = [...new Set(entries.map((e) => (tablePages.has(e) ? 'tables' : e)))].sort();
          const shared =
            key.length === 1 && key[0] === 'tables'
              ? 'tables'
              : key.includes('tables') && innermost && entries.every((e) => innermost.contains(e))
                ? 'pages'
                : undefined;
          if (shared !== undefined) return isFormCode(id, graph, isFormLibrary, formMemo) ? 'forms' : shared;
          return chunkName(key.join('\n'), id.split('?')[0]!);
        },
      },
    ],
  };
}
