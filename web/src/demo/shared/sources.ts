/**
 * Every demo source file as text, each its own lazy chunk, fetched only when 'Show Code' is switched
 * on. A build-time raw import replaces the template's GET /api/docs?src= (the API's /api/docs stays
 * the OpenAPI page; docs/decisions/web.md).
 */
const rawSources = import.meta.glob(['../**/*.tsx', '../**/*.ts', '!../**/*.test.*'], {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

/** Source paths are relative to web/src/demo, e.g. 'pages/EcommercePage.tsx'. */
export function hasSource(path: string): boolean {
  return `../${path}` in rawSources;
}

export function loadSource(path: string): Promise<string> {
  const load = rawSources[`../${path}`];
  return load === undefined ? Promise.reject(new Error(`No demo source ${path}`)) : load();
}
