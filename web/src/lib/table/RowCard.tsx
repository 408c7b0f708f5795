import { Fragment } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useGridApiContext } from '@mui/x-data-grid';
import type {
  GridActionsColDef,
  GridColDef,
  GridColumnVisibilityModel,
  GridRenderCellParams,
  GridRowParams,
  GridValidRowModel,
} from '@mui/x-data-grid';

/** The field of the one column a narrow table has: each row drawn as a card. */
export const cardField = '__card';

interface RowCardProps<R extends GridValidRowModel> {
  params: GridRenderCellParams<R>;
  columns: readonly GridColDef<R>[];
  visibility: GridColumnVisibilityModel;
  actions: GridActionsColDef<R> | undefined;
}

/**
 * One row as a card of 'label: value' lines, each value drawn exactly as its column would draw
 * it (renderCell, else valueGetter and valueFormatter), with the row's actions at the bottom. It
 * replaces the columns on phones, where the table scrolled sideways (issue 14).
 */
function RowCard<R extends GridValidRowModel>({ params, columns, visibility, actions }: RowCardProps<R>) {
  const apiRef = useGridApiContext();
  const { row } = params;
  const shown = columns.filter((column) => visibility[column.field] !== false);
  const content = (column: GridColDef<R>): ReactNode => {
    const raw = (row as Record<string, unknown>)[column.field];
    const value = column.valueGetter ? column.valueGetter(raw as never, row, column, apiRef) : raw;
    if (column.renderCell) {
      const formatted = column.valueFormatter
        ? column.valueFormatter(value as never, row, column, apiRef)
        : value;
      return column.renderCell({
        ...params,
        field: column.field,
        colDef: column,
        value,
        formattedValue: formatted,
      } as never);
    }
    if (column.valueFormatter) return column.valueFormatter(value as never, row, column, apiRef) as ReactNode;
    return value === null || value === undefined ? '' : String(value as string);
  };
  const rowActions = actions?.getActions({ id: params.id, row, columns: [] } as GridRowParams<R>) ?? [];
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
        }}
      >
        {shown.map((column) => (
          <Fragment key={column.field}>
            <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
              {column.headerName ?? column.field}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center' }}
            >
              {content(column)}
            </Box>
          </Fragment>
        ))}
      </Box>
      {rowActions.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {rowActions}
        </Box>
      )}
    </Box>
  );
}

/** The single column of a narrow table: every other column, and the actions, inside one card per row. */
export function cardColumn<R extends GridValidRowModel>(
  title: string,
  columns: readonly GridColDef<R>[],
  visibility: GridColumnVisibilityModel,
  actions: GridActionsColDef<R> | undefined,
): GridColDef<R> {
  return {
    field: cardField,
    headerName: title,
    flex: 1,
    sortable: false,
    filterable: false,
    disableColumnMenu: true,
    renderCell: (params) => (
      <RowCard params={params} columns={columns} visibility={visibility} actions={actions} />
    ),
  };
}
