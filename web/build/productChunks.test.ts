import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { productChunks } from './productChunks';

// A small module graph: the page (html entry) lazily imports two product routes and the demo's
// route table; the names the chunking rule gives each module are read back.
const demoDir = '/web/src/demo/';
const html = '/web/index.html';
type Node = { static?: string[]; dynamic?: string[] };
const graph: Record<string, Node> = {
  [html]: { static: ['/web/src/main.tsx'] },
  '/web/src/main.tsx': {
    static: ['/nm/react.js'],
    dynamic: ['/web/src/Frame.tsx', '/web/src/Users.tsx', `${demoDir}routes.tsx`],
  },
  '/web/src/Frame.tsx': { static: ['/nm/Button.js', '/nm/Collapse.js', '/nm/react.js'] },
  '/web/src/Users.tsx': { static: ['/nm/Button.js', '/nm/Grid.js', '/nm/Tooltip.js'] },
  [`${demoDir}routes.tsx`]: {
    static: ['/nm/Button.js', '/nm/Collapse.js', '/nm/Tooltip.js', `${demoDir}Page.tsx`],
  },
  '/nm/Tooltip.js': { static: ['/nm/Popper.js'] },
};

function moduleInfo(id: string): Rolldown.ModuleInfo | null {
  const ids = new Set([
    ...Object.keys(graph),
    ...Object.values(graph).flatMap((n) => [...(n.static ?? []), ...(n.dynamic ?? [])]),
  ]);
  if (!ids.has(id)) return null;
  const importers = Object.keys(graph).filter((k) => graph[k]!.static?.includes(id));
  const dynamicImporters = Object.keys(graph).filter((k) => graph[k]!.dynamic?.includes(id));
  return { id, isEntry: id === html, importers, dynamicImporters } as unknown as Rolldown.ModuleInfo;
}

function chunkOf(id: string) {
  const group = productChunks(demoDir, html).groups![0]!;
  const name = group.name as (id: string, ctx: { getModuleInfo: typeof moduleInfo }) => string | null;
  return name(id, { getModuleInfo: moduleInfo });
}

describe('the product chunking rule', () => {
  it('keys a module by the product entries that reach it, as if the demo did not exist', () => {
    // Button: reached by Frame, Users and the demo -> the chunk of {Frame, Users}.
    expect(chunkOf('/nm/Button.js')).toBe('Button');
  });

  it('leaves to the automatic splitting what one product entry, the page itself or only the demo needs', () => {
    expect(chunkOf('/nm/Collapse.js')).toBeNull(); // the frame's alone (the demo's use does not count)
    expect(chunkOf('/nm/Grid.js')).toBeNull(); // the users page's alone
    expect(chunkOf('/nm/react.js')).toBeNull(); // in the page's own closure
    expect(chunkOf(`${demoDir}Page.tsx`)).toBeNull(); // demo code
    expect(chunkOf('/web/src/Users.tsx')).toBeNull(); // an entry keeps its own chunk
  });

  it('puts the modules of one set of product entries in one chunk', () => {
    const rule = productChunks(demoDir, html).groups![0]!.name as (
      id: string,
      ctx: { getModuleInfo: typeof moduleInfo },
    ) => string | null;
    const ctx = { getModuleInfo: moduleInfo };
    // Tooltip and Popper are reached by Users alone among product entries (and by the demo).
    expect(rule('/nm/Tooltip.js', ctx)).toBeNull();
    expect(rule('/nm/Popper.js', ctx)).toBeNull();
    // Same rule instance: Button's set named once, a second module of that set joins it.
    graph['/web/src/Frame.tsx']!.static!.push('/nm/Icon.js');
    graph['/web/src/Users.tsx']!.static!.push('/nm/Icon.js');
    expect(rule('/nm/Button.js', ctx)).toBe('Button');
    expect(rule('/nm/Icon.js', ctx)).toBe('Button');
  });
});
