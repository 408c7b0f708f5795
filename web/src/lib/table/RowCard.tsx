import { Fragment } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { GridColDef, GridColumnVisibilityModel, GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import { cellContent } from './cellContent';

/** The field of the one column a narrow table has: each row drawn as a card. */
export const cardField = '__card';

interface RowCardProps<R extends GridValidRowModel> {
  row: R;
  id: GridRowId;
  columns: readonly GridColDef<R>[];
  visibility: GridColumnVisibilityModel;
  /** The row's action buttons, as the drawing around the card makes them. */
  actions: ReactNode[];
}

/**
 * One row as a card of 'label: value' lines, each value drawn exactly as its column would draw
 * it (cellContent), with the row's actions at the bottom. It replaces the columns on phones, where
 * the table scrolled sideways (issue 14).
 */
export function RowCard<R extends GridValidRowModel>({
  row,
  id,
  columns,
  visibility,
  actions,
}: RowCardProps<R>) {
  const lines = columns
    .filter((column) => visibility[column.field] !== false)
    .map((column) => ({ column, content: cellContent(column, row, id) }))
    // A label with nothing after it (no dues, no seat) says nothing on a card; the table keeps the
    // empty cell, since its column needs the place.
    .filter(
      ({ content }) => content !== '' && content !== null && content !== undefined && content !== false,
    );
  return (
    <Box data-testid="row-card" sx={{ width: '100%', py: 1.25 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(84px, 38%) minmax(0, 1fr)',
          columnGap: 1.5,
          rowGap: 0.5,
          alignItems: 'center',
          // A cell drawn by a component that draws nothing (a seat chip without a seat).
          '& dd:empty, & dt:has(+ dd:empty)': { display: 'none' },
        }}
      >
        {lines.map(({ column, content }) => (
          <Fragment key={column.field}>
            <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
              {column.headerName ?? column.field}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center' }}
            >
              {content}
            </Box>
          </Fragment>
        ))}
      </Box>
      {actions.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {actions}
        </Box>
      )}
    </Box>
  );
}

/** The single column of a narrow grid: every other column, and the actions, inside one card per row. */
export function cardColumn<R extends GridValidRowModel>(
  title: string,
  columns: readonly GridColDef<R>[],
  visibility: GridColumnVisibilityModel,
  actionsOf: (row: R) => ReactNode[],
): GridColDef<R> {
  return {
    field: cardField,
    headerName: title,
    flex: 1,
    sortable: false,
    filterable: false,
    disableColumnMenu: true,
    renderCell: ({ row, id }) => (
      <RowCard row={row} id={id} columns={columns} visibility={visibility} actions={actionsOf(row)} />
    ),
  };
}
