import type { LoaderFunctionArgs } from 'react-router';
import { prefetchGet } from '../api';

/** The page size of a table opened without parameters (useTableState's default, tested equal). */
export const firstPageSize = 5;

/**
 * A route loader that starts a table's first page while the route's code is still on its way, so
 * the rows do not wait for the chunks, React and the table to mount first (issue 21, time to
 * rows). Only for the plain view (no page, sort, search or filter in the address): the request
 * must be exactly the one useResourceList will make, which then takes the answer. Nothing to
 * wait for: the loader returns at once.
 */
export function prefetchFirstPage(listPath: string, fixedQuery: Record<string, string> = {}) {
  return ({ request }: LoaderFunctionArgs): null => {
    if (new URL(request.url).search === '') {
      prefetchGet(listPath, { page: 0, pageSize: firstPageSize, ...fixedQuery });
    }
    return null;
  };
}
