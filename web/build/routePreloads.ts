// Which files each route needs before it can draw, written at build to dist/.vite/route-preloads.json,
// so the API can name them in the page it sends (<link rel="modulepreload">): the browser then
// fetches the route's chunks together with the entry, instead of after the entry has run and the
// router has matched (issue 21, "start the data and the chunks together").
//
// The route table is read from router.tsx itself, so the list cannot drift from the router: every
// `lazy` loader there is a top-level `const x = () => ...` that imports modules directly or calls
// other such loaders. Imports inside callbacks (warming the next page on first use) are not part
// of what the route waits for, and are left out.
import { readFileSync } from 'node:fs';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { isFormLibraryModule } from './formCode';

/** One route pattern (React Router syntax, leading slash) and the source modules its loaders import. */
export type RouteModules = { path: string; modules: string[] };
/** What the API reads: a route pattern and the built files to announce for it. */
export type RoutePreload = { path: string; files: string[] };

type AstNode = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
const isFunction = (node: AstNode) =>
  node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/** Calls every node under `node`, not descending into nested functions (what runs later). */
function walkBody(node: AstNode, visit: (n: AstNode) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child) && !isFunction(child)) walkBody(child, visit);
    }
  }
}

/**
 * Route patterns of a router source file with the module specifiers their `lazy` loaders import,
 * outer layouts first. Only routes without children are listed (an index route stands for its
 * parent's path).
 */
export function routeModules(source: string, file = 'router.tsx'): RouteModules[] {
  const program = parseAst(source, { lang: 'tsx' }, file) as unknown as { body: AstNode[] };
  const loaders = new Map<string, AstNode>();
  let routes: AstNode | undefined;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as AstNode[]) {
      const name = (d.id as AstNode).name as string;
      const init = d.init as AstNode | null;
      if (init && isFunction(init)) loaders.set(name, init);
      if (name === 'routes' && init?.type === 'ArrayExpression') routes = init;
    }
  }
  if (!routes) throw new Error(`${file}: no "routes" array`);

  const imports = (name: string, seen = new Set<string>()): string[] => {
    const loader = loaders.get(name);
    if (!loader || seen.has(name)) return [];
    seen.add(name);
    const found: string[] = [];
    walkBody(loader.body as AstNode, (n) => {
      if (n.type === 'ImportExpression') found.push((n.source as AstNode).value as string);
      const callee = n.type === 'CallExpression' ? (n.callee as AstNode) : undefined;
      if (callee?.type === 'Identifier') found.push(...imports(callee.name as string, seen));
    });
    return found;
  };

  const out: RouteModules[] = [];
  const visit = (list: AstNode, parentPath: string, parentModules: string[]) => {
    for (const element of list.elements as AstNode[]) {
      if (element.type !== 'ObjectExpression') continue;
      const props = new Map<string, AstNode>();
      for (const p of element.properties as AstNode[]) {
        if (p.type === 'Property')
          props.set(((p.key as AstNode).name ?? (p.key as AstNode).value) as string, p.value as AstNode);
      }
      const segment = props.get('path')?.value as string | undefined;
      const path = segment === undefined ? parentPath : `${parentPath.replace(/\/$/, '')}/${segment}`;
      const lazy = props.get('lazy');
      const modules = [
        ...parentModules,
        ...(lazy?.type === 'Identifier' ? imports(lazy.name as string) : []),
      ];
      const children = props.get('children');
      if (children?.type === 'ArrayExpression') visit(children, path, modules);
      else out.push({ path, modules: [...new Set(modules)] });
    }
  };
  visit(routes, '/', []);
  return out;
}

type BuiltChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Writes .vite/route-preloads.json: for each route of `routerFile`, the files of its lazy modules and
 * what they import statically, less what the page's entry already loads (Vite names those itself).
 * Also .vite/form-code.json: the built files that hold form code (`isFormLibraryModule`), so a check
 * can tell which routes wait for it before they draw (e2e/tests/weight.spec.ts).
 */
export function routePreloads(routerFile: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is BuiltChunk & (typeof bundle)[string] => c.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: BuiltChunk, into: Set<string>) => {
        if (into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const dep of chunk.imports) closure(byFile.get(dep)!, into);
      };
      const entryFiles = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk, entryFiles);

      const chunkOf = async (specifier: string): Promise<BuiltChunk> => {
        const resolved = await this.resolve(specifier, routerFile);
        const chunk = resolved && chunks.find((c) => c.facadeModuleId === resolved.id);
        if (!chunk) throw new Error(`route-preloads: no chunk for ${specifier} (imported by ${routerFile})`);
        return chunk;
      };
      const preloads: RoutePreload[] = [];
      for (const route of routeModules(readFileSync(routerFile, 'utf8'), routerFile)) {
        const files = new Set<string>();
        for (const specifier of route.modules) closure(await chunkOf(specifier), files);
        preloads.push({ path: route.path, files: [...files].filter((f) => !entryFiles.has(f)) });
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: `${JSON.stringify(preloads, null, 1)}\n`,
      });
      const formCode = chunks.filter((c) => c.moduleIds.some(isFormLibraryModule)).map((c) => c.fileName);
      this.emitFile({
        type: 'asset',
        fileName: '.vite/form-code.json',
        source: `${JSON.stringify(formCode.sort(), null, 1)}\n`,
      });
    },
  };
}
