import { useState } from 'react';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import ArrowDropUp from '@mui/icons-material/ArrowDropUp';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { marketRows } from '../data/crypto';
import { demoConstants } from '../logic/constants';
import {
  initialMarketState,
  marketChange,
  matchingCount,
  searchMarket,
  setPage,
  setRowsPerPage,
  sortMarket,
  visibleMarketRows,
} from '../logic/market';
import type { MarketColumn, MarketRow } from '../logic/market';
import { DemoCard } from '../shared/DemoPage';
import { useDemoTexts } from '../texts';

function Change({ row }: { row: MarketRow }) {
  const change = marketChange(row.position, row.change);
  const colour =
    change.colour === 'success'
      ? 'success.main'
      : change.colour === 'error'
        ? 'error.main'
        : 'text.secondary';
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', color: colour }}>
      {change.arrow === 'up' && <ArrowDropUp aria-hidden />}
      {change.arrow === 'down' && <ArrowDropDown aria-hidden />}
      {change.text}
    </Box>
  );
}

/** 12 hours as a tiny bar strip (no chart library needed for a sparkline). */
function Stats({ values }: { values: number[] }) {
  const max = Math.max(...values);
  return (
    <Box aria-hidden sx={{ display: 'flex', alignItems: 'end', gap: '2px', height: 24 }}>
      {values.map((value, index) => (
        <Box
          key={index}
          sx={{ width: 3, height: `${(value / max) * 100}%`, bgcolor: 'primary.main', opacity: 0.7 }}
        />
      ))}
    </Box>
  );
}

const usd = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The 'USD Market' table: sort, search by name, page sizes 5, 10 and 25. */
export function MarketTable({ title }: { title?: string }) {
  const texts = useDemoTexts();
  const [state, setState] = useState(initialMarketState);
  const total = matchingCount(marketRows, state.search);
  const rows = visibleMarketRows(marketRows, state);
  const columns: { key: MarketColumn | 'stats'; label: string; numeric: boolean }[] = [
    { key: 'market', label: texts.crypto.columns.market, numeric: false },
    { key: 'price', label: texts.crypto.columns.price, numeric: true },
    { key: 'change', label: texts.crypto.columns.change, numeric: true },
    { key: 'stats', label: texts.crypto.columns.stats, numeric: false },
    { key: 'volume', label: texts.crypto.columns.volume, numeric: true },
    { key: 'balance', label: texts.crypto.columns.balance, numeric: true },
  ];
  return (
    <DemoCard
      title={title ?? texts.crypto.marketTitle}
      action={
        <TextField
          size="small"
          placeholder={texts.crypto.searchCoin}
          slotProps={{ htmlInput: { 'aria-label': texts.crypto.searchCoin } }}
          value={state.search}
          onChange={(event) => setState(searchMarket(state, event.target.value, marketRows.length))}
          sx={{ width: 180 }}
        />
      }
    >
      <TableContainer>
        <Table size="small" aria-label={title ?? texts.crypto.marketTitle}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={state.orderBy === column.key ? state.order : false}
                >
                  {column.key === 'stats' ? (
                    column.label
                  ) : (
                    <TableSortLabel
                      active={state.orderBy === column.key}
                      direction={state.orderBy === column.key ? state.order : 'desc'}
                      onClick={() => setState(sortMarket(state, column.key as MarketColumn))}
                    >
                      {column.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {row.market}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {row.name}
                  </Typography>
                </TableCell>
                <TableCell align="right">{usd(row.price)}</TableCell>
                <TableCell align="right">
                  <Change row={row} />
                </TableCell>
                <TableCell>
                  <Stats values={row.stats} />
                </TableCell>
                <TableCell align="right">{row.volume.toFixed(1)}</TableCell>
                <TableCell align="right">{usd(row.balance)}</TableCell>
              </TableRow>
            ))}
            {/* Filler keeps the height steady on a short last page (49 px rows, spec section 9). */}
            {state.search === '' && rows.length < state.rowsPerPage && (
              <TableRow
                style={{ height: demoConstants.emptyRowHeightPx * (state.rowsPerPage - rows.length) }}
              >
                <TableCell colSpan={columns.length} />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={state.page}
        rowsPerPage={state.rowsPerPage}
        rowsPerPageOptions={state.search === '' ? [...demoConstants.tablePageSizes] : [state.rowsPerPage]}
        labelRowsPerPage={texts.crypto.rowsPerPage}
        onPageChange={(_, page) => setState(setPage(state, page))}
        onRowsPerPageChange={(event) => setState(setRowsPerPage(state, Number(event.target.value)))}
      />
    </DemoCard>
  );
}
