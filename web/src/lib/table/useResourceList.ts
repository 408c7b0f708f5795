import type { ListResponse } from '@app/contract/list';
import { useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { get, startWithArrived } from '../api';
import { readActiveBranch } from '../session';
import { resourcePaths } from './resource';
import type { Resource } from './resource';
import { apiListQuery } from './useTableState';
import type { TableQuery } from './useTableState';

/** Every cached query of a resource starts with its name, so one invalidation refreshes them all. */
export function resourceKey(resource: Pick<Resource<unknown>, 'name'>) {
  return [resource.name] as const;
}

/** The keyset cursors of one list: page number → the `after` that fetches that page. */
interface Cursors {
  /** Resource, branch and every list parameter but the page: a cursor is a position in one order. */
  identity: string;
  byPage: Map<number, string>;
}

export function useResourceList<R>(resource: Resource<R>, query: TableQuery) {
  const params = { ...apiListQuery(query), ...resource.fixedQuery };
  // Branch-scoped lists differ per active branch; the branch is part of the key for all of them.
  const branchId = readActiveBranch()?.id ?? null;
  const identity = JSON.stringify([resource.name, branchId, { ...params, page: undefined }]);
  // Only the current list's cursors are kept: another sort, search, filter, size or branch starts
  // an empty map, so memory stays bounded by the pages one list has been paged through.
  const cursors = useRef<Cursors>({ identity, byPage: new Map() });
  const currentCursors = () => {
    if (cursors.current.identity !== identity) cursors.current = { identity, byPage: new Map() };
    return cursors.current;
  };
  const page = query.page;
  const path = resourcePaths(resource).list;
  const arrived = startWithArrived<ListResponse<R>>(path, params);
  return useQuery({
    // The cursor is not part of the key: it is looked up when the page is fetched, so learning a
    // cursor never changes the key of a page on screen (no refetch, no blank table), and a page
    // cached by offset is the same page as one fetched by cursor.
    queryKey: [...resourceKey(resource), 'list', branchId, params],
    queryFn: async ({ signal }) => {
      // Held for this fetch: if the list changes meanwhile, this answer's cursor lands in the old,
      // dropped map instead of the new list's.
      const known = currentCursors();
      // Next after a fetched page sends its cursor, so a deep page costs what the first one does;
      // a page reached otherwise (a reload, a link, a jump) has none and is fetched by offset.
      const after = page === 0 ? undefined : known.byPage.get(page);
      try {
        const data = await get<ListResponse<R>>(path, { query: { ...params, after }, signal });
        if (data.nextAfter === undefined) known.byPage.delete(page + 1);
        else known.byPage.set(page + 1, data.nextAfter);
        return data;
      } catch (error) {
        // A cursor the server refuses must not keep the page failing: Retry falls back to the offset.
        if (after !== undefined && !signal.aborted) known.byPage.delete(page);
        throw error;
      }
    },
    // Asked when the page first enters the cache: an answer the route's loader has already received
    // is drawn in the table's first render (no loading state, no second render; issue 21).
    initialData: () => {
      const data = arrived.initialData();
      if (data?.nextAfter !== undefined) currentCursors().byPage.set(page + 1, data.nextAfter);
      return data;
    },
    initialDataUpdatedAt: arrived.initialDataUpdatedAt,
    // The previous page stays on screen while the next one loads, so the table does not blink.
    placeholderData: keepPreviousData,
    // The table shows the failure itself, with a retry.
    meta: { handlesError: true },
  });
}
