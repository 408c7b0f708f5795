import type { ModuleName } from '@app/contract/modules';

/**
 * What the web app needs to know about one standard API resource (api/src/platform/crud.ts):
 * where its five routes and its export live, which module's permissions guard it, and the shape
 * of its records.
 */
export interface Resource<R> {
  /** Path segment and id-parameter stem: 'feeType' -> /feeType/..., ?feeTypeId= */
  name: string;
  /** PascalCase singular and plural as the paths spell them: 'FeeType', 'FeeTypes'. */
  label: string;
  plural: string;
  module: ModuleName;
  /** Fields the list accepts in `sort`; other columns are not sortable. */
  sortFields: readonly string[];
  /** Query parameters of the list besides page, pageSize, sort and q (e.g. status). */
  filterNames: readonly string[];
  rowId: (row: R) => number;
  /** Routes that differ from the standard ones (see ResourceRoutes). */
  routes?: Partial<ResourceRoutes>;
  /** Query parameters every list and export call carries, whatever the table's filters (e.g. status=active). */
  fixedQuery?: Record<string, string>;
}

/**
 * Where a resource's calls go. The standard routes (api/src/platform/crud.ts) carry the id as a
 * query parameter; a resource with routes of its own (e.g. staff: PUT /staff/editStaff with the
 * id in the body, DELETE /staff/deleteStaff/{id}) says so here.
 */
export interface ResourceRoutes {
  list: string;
  /** null: the resource has no CSV export, and the table offers none. */
  export: string | null;
  one: string;
  create: string;
  update: string;
  remove: string;
  /** Name of the id in the query or the body: 'feeTypeId', 'staffId'. */
  idParam: string;
  /** How update names the record: `?{idParam}=` (default) or `{idParam}` in the body. */
  updateId: 'query' | 'body';
  /** How delete names the record: `?{idParam}=` (default) or as the last path segment. */
  removeId: 'query' | 'path';
}

export interface ResourceInit<R> {
  name: string;
  label: string;
  plural: string;
  module: ModuleName;
  sortFields: readonly string[];
  filterNames?: readonly string[];
  rowId?: (row: R) => number;
  routes?: Partial<ResourceRoutes>;
  fixedQuery?: Record<string, string>;
}

/** `R` is the record's type from the contract (`defineResource<FeeType>({...})`); answers are not checked again in the browser (lib/api.ts). */
export function defineResource<R>(init: ResourceInit<R>): Resource<R> {
  return {
    ...init,
    filterNames: init.filterNames ?? [],
    rowId: init.rowId ?? ((row) => (row as { id: number }).id),
  };
}

export function resourcePaths(
  resource: Pick<Resource<unknown>, 'name' | 'label' | 'plural' | 'routes'>,
): ResourceRoutes {
  const { name, label, plural } = resource;
  return {
    list: `/${name}/get${plural}`,
    export: `/${name}/export${plural}`,
    one: `/${name}/get${label}`,
    create: `/${name}/create${label}`,
    update: `/${name}/update${label}`,
    remove: `/${name}/delete${label}`,
    idParam: `${name}Id`,
    updateId: 'query',
    removeId: 'query',
    ...resource.routes,
  };
}

type Query = Record<string, number>;

/** The path, query and body of an update of record `id` with `input`. */
export function updateCall(paths: ResourceRoutes, id: number, input: unknown) {
  if (paths.updateId === 'body') {
    const body: unknown = { ...(input as object), [paths.idParam]: id };
    return { path: paths.update, query: {} as Query, body };
  }
  return { path: paths.update, query: { [paths.idParam]: id } as Query, body: input };
}

/** The path and query of a delete of record `id`. */
export function removeCall(paths: ResourceRoutes, id: number) {
  if (paths.removeId === 'path') {
    return { path: `${paths.remove}/${encodeURIComponent(String(id))}`, query: {} as Query };
  }
  return { path: paths.remove, query: { [paths.idParam]: id } as Query };
}
