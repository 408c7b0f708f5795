// The API's own OpenAPI document as test input: every operation with its parameters, and plausible
// values for their schemas. Suites built on it cover a new route without being edited.
import type { FastifyInstance } from 'fastify';

export type Schema = {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  nullable?: boolean;
};
export type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
};
export type ApiOperation = { method: string; path: string; op: Operation };

/** A plausible value for a schema; `ids` replaces fields of that name (userId: 7). */
export function sample(schema: Schema | undefined, ids: Record<string, unknown> = {}, name = ''): unknown {
  if (name in ids) return ids[name];
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf)
    return sample(
      schema.anyOf.find((s) => s.type !== 'null'),
      ids,
      name,
    );
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, ids, k)]),
      );
    default:
      return 'x';
  }
}

export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    )
    .filter((o) => !o.path.startsWith('/api/docs'));
}

/** The operation's URL with path parameters filled and the query written out. */
export function urlOf(o: ApiOperation, query: Record<string, unknown>, pathValue: unknown = 1): string {
  const pathParams = (o.op.parameters ?? []).filter((p) => p.in === 'path');
  const filled = pathParams.reduce(
    (url, p) => url.replace(`{${p.name}}`, encodeURIComponent(String(pathValue))),
    o.path,
  );
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) =>
      Array.isArray(v)
        ? v.map((x) => [k, String(x)])
        : [[k, typeof v === 'object' ? JSON.stringify(v) : String(v)]],
    ),
  ).toString();
  return search ? `${filled}?${search}` : filled;
}

/** Query and body of an operation from samples, with the named ids put in. */
export function requestOf(o: ApiOperation, ids: Record<string, unknown> = {}) {
  const query = Object.fromEntries(
    (o.op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => [p.name, sample(p.schema, ids, p.name)]),
  );
  const bodySchema = o.op.requestBody?.content?.['application/json']?.schema;
  return { query, body: bodySchema ? sample(bodySchema, ids) : undefined };
}
