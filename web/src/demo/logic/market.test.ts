import { describe, expect, it } from 'vitest';
import {
  initialMarketState,
  searchMarket,
  setPage,
  setRowsPerPage,
  sortMarket,
  visibleMarketRows,
} from './market';
import type { MarketRow } from './market';

const row = (id: number, name: string, price: number): MarketRow => ({
  id,
  logo: '',
  market: name,
  name,
  price,
  change: 0,
  position: 'stay',
  stats: [],
  volume: 0,
  balance: 0,
});
const rows = ['Dash', 'Bitcoin', 'Cardano', 'Litecoin', 'Monero', 'Nano', 'Ripple'].map((n, i) =>
  row(i + 1, n, i * 10),
);

describe('USD Market table', () => {
  it('starts on market name ascending, 5 rows from page 0', () => {
    expect(initialMarketState).toMatchObject({ orderBy: 'market', order: 'asc', page: 0, rowsPerPage: 5 });
    expect(visibleMarketRows(rows, initialMarketState).map((r) => r.name)).toEqual([
      'Bitcoin',
      'Cardano',
      'Dash',
      'Litecoin',
      'Monero',
    ]);
  });

  it('sorts descending on the first click of a column and ascending on the second', () => {
    const once = sortMarket(initialMarketState, 'price');
    expect(once).toMatchObject({ orderBy: 'price', order: 'desc' });
    expect(sortMarket(once, 'price')).toMatchObject({ orderBy: 'price', order: 'asc' });
    // The initial column is ascending, so its first click also goes descending.
    expect(sortMarket(initialMarketState, 'market').order).toBe('desc');
  });

  it('resets to page 0 when the page size changes', () => {
    expect(setRowsPerPage(setPage(initialMarketState, 1), 10)).toMatchObject({ page: 0, rowsPerPage: 10 });
  });

  it('shows every match of a case-insensitive name search and restores 5 rows when cleared', () => {
    const searching = searchMarket(setPage(initialMarketState, 1), 'O', rows.length);
    expect(searching).toMatchObject({ page: 0, rowsPerPage: 7 });
    expect(visibleMarketRows(rows, searching).map((r) => r.name)).toEqual([
      'Bitcoin',
      'Cardano',
      'Litecoin',
      'Monero',
      'Nano',
    ]);
    expect(searchMarket(searching, '', rows.length)).toMatchObject({ search: '', rowsPerPage: 5 });
  });
});
