import type { LoaderFunctionArgs } from 'react-router';
import { prefetchGet } from '../api';

/** The page size of a table opened without parameters (useTableState's default, tested equal). */
export const firstPageSize = 5;

/** The largest page the API serves; a branch's rooms, packages or fee structures are far fewer. */
const optionsPageSize = 100;

/** The query of a catalogue's options list (useOptions): its first 100 records in `sort` order. */
export function optionsQuery(sort: string) {
  return { page: 0, pageSize: optionsPageSize, sort };
}

/** A catalogue a screen names ids from (useOptions), asked for when `enabled()` says so. */
export interface OptionsList {
  path: string;
  sort: string;
  enabled: () => boolean;
}

/**
 * A route loader that starts a table's first page, and the catalogues its cells name ids from,
 * while the route's code is still on its way, so the rows do not wait for the chunks, React and
 * the table to mount first (issue 21, time to rows). The first page only for the plain view (no
 * page, sort, search or filter in the address): each request must be exactly the one
 * useResourceList or useOptions will make, which then takes the answer (lib/api.ts: at once if it
 * has arrived by the first render). Nothing to wait for: the loader returns at once.
 */
export function prefetchFirstPage(
  listPath: string,
  fixedQuery: Record<string, string> = {},
  options: readonly OptionsList[] = [],
) {
  return ({ request }: LoaderFunctionArgs): null => {
    if (new URL(request.url).search === '') {
      void prefetchGet(listPath, { page: 0, pageSize: firstPageSize, ...fixedQuery });
    }
    for (const list of options) {
      if (list.enabled()) void prefetchGet(list.path, optionsQuery(list.sort));
    }
    return null;
  };
}
