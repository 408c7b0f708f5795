import type { ReactNode } from 'react';
import type { GridColDef, GridRowId, GridValidRowModel } from '@mui/x-data-grid';

/**
 * What a column shows for a row, drawn as the Data Grid draws it: renderCell, else valueGetter and
 * valueFormatter. Used where the grid does not draw the cell itself: the first page drawn before
 * the grid's code has loaded, and a phone's row cards. The screens' columns read only the row and
 * the value (never the grid's api), so they draw the same here as in the grid.
 */
export function cellContent<R extends GridValidRowModel>(
  column: GridColDef<R>,
  row: R,
  id: GridRowId,
): ReactNode {
  const raw = (row as Record<string, unknown>)[column.field];
  const value = column.valueGetter ? column.valueGetter(raw as never, row, column, undefined as never) : raw;
  const formatted = column.valueFormatter
    ? column.valueFormatter(value as never, row, column, undefined as never)
    : value;
  if (column.renderCell) {
    return column.renderCell({
      id,
      row,
      field: column.field,
      colDef: column,
      value,
      formattedValue: formatted,
    } as never);
  }
  return formatted === null || formatted === undefined ? '' : String(formatted as string);
}
