import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { defaultPageSize } from '@app/contract/listNames';

/** The page sizes the table offers (spec section 9); the API accepts a few more. */
export const tablePageSizes = [5, 10, 25] as const;
export const tableDefaultPageSize = defaultPageSize;

export interface TableQuery {
  page: number;
  pageSize: number;
  /** `field` ascending, `-field` descending, absent for the server's default order. */
  sort: string | undefined;
  q: string;
  filters: Record<string, string>;
}

export interface TableState extends TableQuery {
  setPage: (page: number) => void;
  setPagination: (page: number, pageSize: number) => void;
  setSort: (sort: string | undefined) => void;
  setQ: (q: string) => void;
  setFilter: (name: string, value: string) => void;
  /** Drops search and filters (the 'Clear' of a search without results). */
  clearSearch: () => void;
  /** Shows the first page, keeping sort, search and filters. */
  firstPage: () => void;
  /** Whether a search or a filter narrows the list. */
  narrowed: boolean;
}

const reserved = new Set(['page', 'pageSize', 'sort', 'q']);

function readPage(raw: string | null): number {
  const page = Number(raw);
  return raw !== null && Number.isSafeInteger(page) && page >= 0 ? page : 0;
}

function readPageSize(raw: string | null): number {
  const size = Number(raw);
  return (tablePageSizes as readonly number[]).includes(size) ? size : tableDefaultPageSize;
}

function readSort(raw: string | null, sortFields: readonly string[]): string | undefined {
  if (raw === null) return undefined;
  const field = raw.startsWith('-') ? raw.slice(1) : raw;
  return sortFields.includes(field) ? raw : undefined;
}

/**
 * Page, size, sort, search and filters of a resource table, kept in the URL's search parameters so
 * a view survives a reload and can be shared. Defaults are left out of the URL; values that do not
 * fit (a page size the table does not offer, a sort field the resource does not know) fall back to
 * the default. Any change but paging starts again at the first page.
 */
export function useTableState(options: {
  sortFields: readonly string[];
  filterNames: readonly string[];
}): TableState {
  const { sortFields, filterNames } = options;
  const [params, setParams] = useSearchParams();

  const query = useMemo<TableQuery>(() => {
    const filters: Record<string, string> = {};
    for (const name of filterNames) {
      const value = params.get(name);
      if (value !== null && value !== '' && !reserved.has(name)) filters[name] = value;
    }
    return {
      page: readPage(params.get('page')),
      pageSize: readPageSize(params.get('pageSize')),
      sort: readSort(params.get('sort'), sortFields),
      q: params.get('q') ?? '',
      filters,
    };
  }, [params, sortFields, filterNames]);

  // A change that arrives while the person is already on the way to another page (a debounced
  // search firing after a click on a row's link, while that page loads) must not pull them back.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  }, [navigation, pathname]);

  // Every change builds on the newest parameters, including one written a moment ago that the
  // page has not rendered yet: react-router hands a functional update the parameters of the last
  // render, so a late debounced search could undo a filter chosen just before it.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      if (leaving.current) return;
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const setOrDelete = (next: URLSearchParams, key: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  };

  const setPagination = useCallback(
    (page: number, pageSize: number) =>
      update((next) => {
        const sizeChanged = pageSize !== readPageSize(next.get('pageSize'));
        // A new page size starts over at the first page (spec section 4, market table).
        setOrDelete(next, 'page', sizeChanged || page <= 0 ? undefined : String(page));
        setOrDelete(next, 'pageSize', pageSize === tableDefaultPageSize ? undefined : String(pageSize));
      }),
    [update],
  );

  const setPage = useCallback(
    (page: number) => update((next) => setOrDelete(next, 'page', page <= 0 ? undefined : String(page))),
    [update],
  );

  const setSort = useCallback(
    (sort: string | undefined) =>
      update((next) => {
        setOrDelete(next, 'sort', sort);
        next.delete('page');
      }),
    [update],
  );

  const setQ = useCallback(
    (q: string) =>
      update((next) => {
        if ((next.get('q') ?? '') === q) return;
        setOrDelete(next, 'q', q);
        next.delete('page');
      }),
    [update],
  );

  const setFilter = useCallback(
    (name: string, value: string) =>
      update((next) => {
        setOrDelete(next, name, value);
        next.delete('page');
      }),
    [update],
  );

  const clearSearch = useCallback(
    () =>
      update((next) => {
        next.delete('q');
        for (const name of filterNames) next.delete(name);
        next.delete('page');
      }),
    [update, filterNames],
  );

  const firstPage = useCallback(() => update((next) => next.delete('page')), [update]);

  return {
    ...query,
    setPage,
    setPagination,
    setSort,
    setQ,
    setFilter,
    clearSearch,
    firstPage,
    narrowed: query.q.trim() !== '' || Object.keys(query.filters).length > 0,
  };
}

/** The list route's query string for a table query. */
export function apiListQuery(query: TableQuery): Record<string, string | number | undefined> {
  const q = query.q.trim();
  return {
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    q: q === '' ? undefined : q,
    ...query.filters,
  };
}
