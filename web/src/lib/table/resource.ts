import type { z } from 'zod';
import { listResponseSchema } from '@app/contract/list';
import type { ListResponse } from '@app/contract/list';
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
  record: z.ZodType<R>;
  /** The list answer, built once from `record`. */
  list: z.ZodType<ListResponse<R>>;
  /** Fields the list accepts in `sort`; other columns are not sortable. */
  sortFields: readonly string[];
  /** Query parameters of the list besides page, pageSize, sort and q (e.g. status). */
  filterNames: readonly string[];
  rowId: (row: R) => number;
}

export interface ResourceInit<R> {
  name: string;
  label: string;
  plural: string;
  module: ModuleName;
  record: z.ZodType<R>;
  sortFields: readonly string[];
  filterNames?: readonly string[];
  rowId?: (row: R) => number;
}

export function defineResource<R>(init: ResourceInit<R>): Resource<R> {
  return {
    ...init,
    list: listResponseSchema(init.record) as unknown as z.ZodType<ListResponse<R>>,
    filterNames: init.filterNames ?? [],
    rowId: init.rowId ?? ((row) => (row as { id: number }).id),
  };
}

export function resourcePaths(resource: Pick<Resource<unknown>, 'name' | 'label' | 'plural'>) {
  const { name, label, plural } = resource;
  return {
    list: `/${name}/get${plural}`,
    export: `/${name}/export${plural}`,
    one: `/${name}/get${label}`,
    create: `/${name}/create${label}`,
    update: `/${name}/update${label}`,
    remove: `/${name}/delete${label}`,
    idParam: `${name}Id`,
  };
}
