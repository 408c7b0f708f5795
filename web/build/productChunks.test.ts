import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { productChunks, type ChunkPlan } from './productChunks';

// A small module graph shaped like the product's routes: the page (html entry) lazily imports the
// sign-in page, the shell layout and the demo's route table; the shell lazily imports a public page
// and the frame layout; the frame lazily imports two table pages and the dashboard; one table page
// lazily opens a dialog. The names the chunking rule gives each module are read back.
const demoDir = '/web/src/demo/';
const html = '/web/index.html';
const src = '/web/src/';
/** The member page's own html entry (issue 37), added to the graph by its test. */
const memberHtml = '/web/member.html';
type Node = { static?: string[]; dynamic?: string[] };
const graph: Record<string, Node> = {
  [html]: { static: [`${src}main.tsx`] },
  [`${src}main.tsx`]: {
    static: ['/nm/react.js', `${src}names.ts`],
    dynamic: [`${src}SignIn.tsx`, `${src}Shell.tsx`, `${demoDir}routes.tsx`],
  },
  [`${src}SignIn.tsx`]: { static: ['/nm/texts.js', `${src}names.ts`] },
  [`${src}Shell.tsx`]: {
    static: ['/nm/theme.js', '/nm/Provider.js'],
    dynamic: [`${src}public/Register.tsx`, `${src}Frame.tsx`],
  },
  [`${src}public/Register.tsx`]: { static: ['/nm/Button.js', '/nm/TextField.js', '/nm/theme.js'] },
  [`${src}Frame.tsx`]: {
    static: ['/nm/Button.js', '/nm/Collapse.js', '/nm/Drawer.js', '/nm/texts.js'],
    dynamic: [`${src}features/Users.tsx`, `${src}features/Rooms.tsx`, `${src}features/Dashboard.tsx`],
  },
  [`${src}features/Users.tsx`]: {
    static: [
      `${src}lib/ResourceTable.tsx`,
      '/nm/TextField.js',
      '/nm/Chip.js',
      '/nm/Tooltip.js',
      `${src}money.ts`,
    ],
    dynamic: [`${src}features/UserDialog.tsx`],
  },
  [`${src}features/Rooms.tsx`]: {
    static: [`${src}lib/ResourceTable.tsx`, '/nm/Chip.js', `${src}seats.ts`, `${src}names.ts`],
  },
  [`${src}features/Dashboard.tsx`]: { static: ['/nm/Charts.js', `${src}money.ts`, `${src}seats.ts`] },
  [`${src}features/UserDialog.tsx`]: { static: ['/nm/Form.js', `${src}schemas.ts`] },
  [`${src}lib/ResourceTable.tsx`]: { static: ['/nm/Grid.js'] },
  [`${src}public/VerifyReceipt.tsx`]: { static: [`${src}seats.ts`] },
  [`${demoDir}routes.tsx`]: {
    static: ['/nm/Button.js', '/nm/Collapse.js', '/nm/Tooltip.js', `${demoDir}Page.tsx`],
  },
};

function moduleInfo(id: string): Rolldown.ModuleInfo | null {
  const ids = new Set([
    ...Object.keys(graph),
    ...Object.values(graph).flatMap((n) => [...(n.static ?? []), ...(n.dynamic ?? [])]),
  ]);
  if (!ids.has(id)) return null;
  const importers = Object.keys(graph).filter((k) => graph[k]!.static?.includes(id));
  const dynamicImporters = Object.keys(graph).filter((k) => graph[k]!.dynamic?.includes(id));
  const importedIds = graph[id]?.static ?? [];
  return {
    id,
    isEntry: id === html || id === memberHtml,
    importers,
    dynamicImporters,
    importedIds,
  } as unknown as Rolldown.ModuleInfo;
}

const plan: ChunkPlan = {
  demoDir,
  htmlEntry: html,
  layouts: [
    { name: 'shell', modules: [`${src}Shell.tsx`], contains: (e) => e !== `${src}SignIn.tsx` },
    {
      name: 'frame',
      modules: [`${src}Frame.tsx`],
      // Pages, and the Data Grid that tables load after their first page (as in vite.config.ts).
      contains: (e) => e.startsWith(`${src}features/`) || e === `${src}lib/ResourceGrid.tsx`,
    },
  ],
  tableModules: [`${src}lib/ResourceTable.tsx`, `${src}lib/ResourceGrid.tsx`],
  isFormLibrary: (id) => id === '/nm/Form.js',
};

function rule() {
  const name = productChunks(plan).groups![0]!.name as (
    id: string,
    ctx: { getModuleInfo: typeof moduleInfo },
  ) => string | null;
  return (id: string) => name(id, { getModuleInfo: moduleInfo });
}

describe('the product chunking rule', () => {
  it('leaves to the automatic splitting what one entry alone, the page itself or only the demo reads', () => {
    const chunkOf = rule();
    expect(chunkOf('/nm/Provider.js')).toBeNull(); // the shell's alone
    expect(chunkOf('/nm/Tooltip.js')).toBeNull(); // the users page's alone (the demo's use does not count)
    expect(chunkOf('/nm/Charts.js')).toBeNull(); // the dashboard's alone
    expect(chunkOf('/nm/react.js')).toBeNull(); // in the page's own closure
    expect(chunkOf(`${demoDir}Page.tsx`)).toBeNull(); // demo code
    expect(chunkOf(`${src}features/Users.tsx`)).toBeNull(); // an entry keeps its own chunk
  });

  it('puts what the page itself shares with lazy modules into one entry-shared chunk', () => {
    // Loaded on every route with the page: one file instead of one for every set of its readers.
    expect(rule()(`${src}names.ts`)).toBe('entry-shared');
  });

  it('puts code a layout shares with the routes beneath it into the layout chunk', () => {
    const chunkOf = rule();
    // Button: the frame, a public page under the shell (and the demo) -> the shell, which both load.
    expect(chunkOf('/nm/Button.js')).toBe('shell');
    expect(chunkOf('/nm/theme.js')).toBe('shell'); // the shell and a page beneath it
    // The frame's alone, but the demo reads it too: in the frame's chunk, not cut out with the demo.
    expect(chunkOf('/nm/Collapse.js')).toBe('frame');
    // The frame and the dashboard, both under the frame -> the frame.
    graph[`${src}features/Dashboard.tsx`]!.static!.push('/nm/Drawer.js');
    expect(chunkOf('/nm/Drawer.js')).toBe('frame');
    // Texts read by the frame and by sign-in, which is not under the shell: keyed as usual.
    expect(chunkOf('/nm/texts.js')).toBe('texts');
  });

  it('does not put code into a layout that does not read it', () => {
    // TextField: a public page and a table page, both under the shell, but the shell and the frame
    // do not read it: keyed by its readers, not loaded by every route.
    expect(rule()('/nm/TextField.js')).toBe('TextField');
  });

  it('keys table pages as one: one tables chunk, one chunk for what they share with other pages', () => {
    const chunkOf = rule();
    expect(chunkOf('/nm/Grid.js')).toBe('tables'); // read through ResourceTable by both table pages
    expect(chunkOf('/nm/Chip.js')).toBe('tables'); // both table pages
    expect(chunkOf(`${src}money.ts`)).toBe('pages'); // a table page and the dashboard
    // A table page and a public page outside the frame: keyed by its readers.
    graph[`${src}Frame.tsx`]!.dynamic!.push(`${src}public/VerifyReceipt.tsx`);
    expect(chunkOf(`${src}seats.ts`)).toBe('seats');
  });

  it('puts form code that table pages share into a forms chunk, which their lists do not load', () => {
    // A field both table pages draw in their forms: it reaches the form library, so it leaves `tables`.
    graph[`${src}lib/fields.tsx`] = { static: ['/nm/Form.js', '/nm/TextField.js'] };
    graph[`${src}features/Users.tsx`]!.static!.push(`${src}lib/fields.tsx`);
    graph[`${src}features/Rooms.tsx`]!.static!.push(`${src}lib/fields.tsx`);
    const chunkOf = rule();
    expect(chunkOf(`${src}lib/fields.tsx`)).toBe('forms');
    expect(chunkOf('/nm/Form.js')).toBe('forms'); // the library itself, read by table pages and a dialog
    expect(chunkOf('/nm/Grid.js')).toBe('tables'); // list code stays
    // A field read through a module in a cycle with it is form code too.
    graph[`${src}lib/cycleA.ts`] = { static: [`${src}lib/cycleB.ts`] };
    graph[`${src}lib/cycleB.ts`] = { static: [`${src}lib/cycleA.ts`, `${src}lib/fields.tsx`] };
    graph[`${src}features/Users.tsx`]!.static!.push(`${src}lib/cycleA.ts`);
    graph[`${src}features/Rooms.tsx`]!.static!.push(`${src}lib/cycleA.ts`);
    expect(chunkOf(`${src}lib/cycleA.ts`)).toBe('forms');
    expect(chunkOf(`${src}lib/cycleB.ts`)).toBe('forms');
  });

  it('lets a lazily imported module that is also imported statically travel with its importers', () => {
    graph[`${src}features/Rooms.tsx`]!.static!.push(`${src}schemas.ts`);
    graph[`${src}SignIn.tsx`]!.dynamic = [`${src}schemas.ts`];
    // Read by a table page and the users page's dialog; sign-in's lazy import does not make it an
    // entry of its own.
    expect(rule()(`${src}schemas.ts`)).toBe('pages');
  });

  it("leaves out of a table route's first load what the grid, loaded after the first page, shares with other pages", () => {
    // The grid: imported lazily by the table once its first page is drawn. A store it shares with the
    // dashboard (MUI X's internals, shared with the charts) is neither page's first need as a table.
    graph[`${src}lib/ResourceTable.tsx`]!.dynamic = [`${src}lib/ResourceGrid.tsx`];
    graph[`${src}lib/ResourceGrid.tsx`] = { static: ['/nm/GridCore.js', '/nm/Store.js'] };
    graph[`${src}features/Dashboard.tsx`]!.static!.push('/nm/Store.js');
    const chunkOf = rule();
    expect(chunkOf('/nm/Store.js')).toBe('Store'); // keyed by the grid and the dashboard, not `pages`
    expect(chunkOf('/nm/GridCore.js')).toBeNull(); // the grid's alone
    expect(chunkOf('/nm/Chip.js')).toBe('tables'); // what the table pages themselves share stays
    // What a table page reads itself and the grid reads too is part of its first load.
    graph[`${src}lib/ResourceGrid.tsx`]!.static!.push('/nm/Chip.js');
    expect(rule()('/nm/Chip.js')).toBe('pages');
  });
});

describe('the member page (its own html entry, issue 37)', () => {
  it("keeps the page's code to itself and what it shares with the admin app apart from the admin's chunks", () => {
    graph[memberHtml] = { static: [`${src}member/main.tsx`] };
    graph[`${src}member/main.tsx`] = { static: ['/nm/preload.js'], dynamic: [`${src}member/start.tsx`] };
    graph[`${src}member/start.tsx`] = { static: ['/nm/react.js', `${src}member/Page.tsx`] };
    graph[`${src}member/Page.tsx`] = { static: [`${src}money.ts`] };
    graph[`${src}main.tsx`]!.static!.push('/nm/preload.js');
    const name = productChunks({
      ...plan,
      isMemberEntry: (e) => e === memberHtml || e.startsWith(`${src}member/`),
    }).groups![0]!.name as (id: string, ctx: { getModuleInfo: typeof moduleInfo }) => string | null;
    const chunkOf = (id: string) => name(id, { getModuleInfo: moduleInfo });
    expect(chunkOf(`${src}member/Page.tsx`)).toBeNull(); // the member page's alone
    // React and what the page shares with admin pages: one chunk, none of the admin's.
    expect(chunkOf('/nm/react.js')).toBe('member-shared');
    expect(chunkOf(`${src}money.ts`)).toBe('member-shared');
    // What only the member html entry shares (Vite's preload helper): apart from React, so the entry
    // does not load React before the first paint.
    expect(chunkOf('/nm/preload.js')).toBe('member-entry-shared');
    // The admin app's own code is not touched by the rule.
    expect(chunkOf(`${src}names.ts`)).toBe('entry-shared');
  });
});
