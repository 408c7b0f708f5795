import type { ListResponse } from '@app/contract/list';
import { useQuery } from '@tanstack/react-query';
import { get, startWithArrived } from '../api';
import { readActiveBranch } from '../session';
import { optionsQuery } from './prefetch';
import { resourcePaths } from './resource';
import type { Resource } from './resource';
import { resourceKey } from './useResourceList';

export interface OptionsSettings {
  /**
   * False when the caller may not read the catalogue (decided from the permission records,
   * `mayRead`): no call is made then. A call that is made and refused is announced by the query
   * client like every other failure; nothing is refused silently (issue 14).
   */
  enabled?: boolean;
}

/**
 * Every record of a catalogue (up to 100), for drop-downs and for naming ids in table cells.
 * Under the resource's key, so saving one of its records refreshes these lists too; the active
 * branch is part of the key because branch-scoped catalogues (rooms) differ per branch.
 */
export function useOptions<R>(resource: Resource<R>, sort: string, settings: OptionsSettings = {}) {
  const branchId = readActiveBranch()?.id ?? null;
  const path = resourcePaths(resource).list;
  const query = optionsQuery(sort);
  return useQuery({
    queryKey: [...resourceKey(resource), 'options', branchId],
    queryFn: ({ signal }) => get<ListResponse<R>>(path, { query, signal }),
    // A list the route's loader already received (prefetch.ts) names the table's ids in its
    // first render, instead of the columns changing, and the table drawing again, as each arrives.
    ...startWithArrived<ListResponse<R>>(path, query),
    select: (page) => page.items,
    enabled: settings.enabled ?? true,
  });
}
