/** USD Market table of the cryptocurrency dashboard (spec sections 3, 4 and 9). */
import { demoConstants } from './constants';

export type Position = 'up' | 'down' | 'stay';

export interface MarketRow {
  id: number;
  logo: string;
  market: string;
  name: string;
  price: number;
  change: number;
  position: Position;
  stats: number[];
  volume: number;
  balance: number;
}

/** Up is a green up arrow, down a red down arrow, anything else a flat 0%. */
export function marketChange(
  position: string,
  change: number,
): {
  colour: 'success' | 'error' | 'default';
  arrow: 'up' | 'down' | null;
  text: string;
} {
  if (position === 'up') return { colour: 'success', arrow: 'up', text: `${Math.abs(change)}%` };
  if (position === 'down') return { colour: 'error', arrow: 'down', text: `${Math.abs(change)}%` };
  return { colour: 'default', arrow: null, text: '0%' };
}

export type MarketColumn = 'market' | 'price' | 'change' | 'volume' | 'balance';

export interface MarketState {
  orderBy: MarketColumn;
  order: 'asc' | 'desc';
  page: number;
  rowsPerPage: number;
  search: string;
}

/** The initial order is market name ascending, 5 rows a page. */
export const initialMarketState: MarketState = {
  orderBy: 'market',
  order: 'asc',
  page: 0,
  rowsPerPage: demoConstants.defaultPageSize,
  search: '',
};

/** A first click on a column sorts it descending; a second click on the same column ascending. */
export function sortMarket(state: MarketState, column: MarketColumn): MarketState {
  const order = state.orderBy === column && state.order === 'desc' ? 'asc' : 'desc';
  return { ...state, orderBy: column, order };
}

/** Changing rows per page goes back to page 0. */
export function setRowsPerPage(state: MarketState, rowsPerPage: number): MarketState {
  return { ...state, rowsPerPage, page: 0 };
}

export function setPage(state: MarketState, page: number): MarketState {
  return { ...state, page };
}

/**
 * Searching shows every matching row on one page (the page size becomes the row count); clearing
 * the search restores the default page size.
 */
export function searchMarket(state: MarketState, search: string, rowCount: number): MarketState {
  if (search === '') return { ...state, search, page: 0, rowsPerPage: demoConstants.defaultPageSize };
  return { ...state, search, page: 0, rowsPerPage: rowCount };
}

export function visibleMarketRows(rows: readonly MarketRow[], state: MarketState): MarketRow[] {
  const needle = state.search.toLocaleLowerCase();
  const sign = state.order === 'asc' ? 1 : -1;
  const filtered = rows.filter((row) => row.name.toLocaleLowerCase().includes(needle));
  const sorted = [...filtered].sort((a, b) => {
    const left = a[state.orderBy];
    const right = b[state.orderBy];
    return (
      (typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right))) * sign
    );
  });
  return sorted.slice(state.page * state.rowsPerPage, (state.page + 1) * state.rowsPerPage);
}

export function matchingCount(rows: readonly MarketRow[], search: string): number {
  const needle = search.toLocaleLowerCase();
  return rows.filter((row) => row.name.toLocaleLowerCase().includes(needle)).length;
}
