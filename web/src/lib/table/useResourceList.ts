import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get } from '../api';
import { readActiveBranch } from '../session';
import { resourcePaths } from './resource';
import type { Resource } from './resource';
import { apiListQuery } from './useTableState';
import type { TableQuery } from './useTableState';

/** Every cached query of a resource starts with its name, so one invalidation refreshes them all. */
export function resourceKey(resource: Pick<Resource<unknown>, 'name'>) {
  return [resource.name] as const;
}

export function useResourceList<R>(resource: Resource<R>, query: TableQuery) {
  const params = { ...apiListQuery(query), ...resource.fixedQuery };
  // Branch-scoped lists differ per active branch; the branch is part of the key for all of them.
  const branchId = readActiveBranch()?.id ?? null;
  return useQuery({
    queryKey: [...resourceKey(resource), 'list', branchId, params],
    queryFn: ({ signal }) =>
      get(resourcePaths(resource).list, { query: params, schema: resource.list, signal }),
    // The previous page stays on screen while the next one loads, so the table does not blink.
    placeholderData: keepPreviousData,
    // The table shows the failure itself, with a retry.
    meta: { handlesError: true },
  });
}
