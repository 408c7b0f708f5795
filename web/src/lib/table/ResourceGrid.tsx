import { useMemo } from 'react';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DataGrid, GridActionsCellItem, ColumnsPanelTrigger, gridClasses } from '@mui/x-data-grid';
import type { GridActionsColDef, GridColDef, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { deDE } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import { cappedRowsLabel } from './cappedTotal';
import { gridLocaleHi } from './gridLocaleHi';
import { paginationLabels } from './paginationLabels';
import { ResourceTableLoading } from './ResourceTableLoading';
import { ResourceTableOverlay } from './ResourceTableOverlay';
import { ResourceTableToolbar } from './ResourceTableToolbar';
import { cardColumn } from './RowCard';
import { modelFromSort, sortFromModel } from './sortModel';
import { tablePageSizes } from './useTableState';
import { shrinkable, tableHeaderHeight, tableRowHeight } from './tableView';
import type { ShownAction, TableView } from './tableView';

/** A row's action as the grid's actions cell shows it. */
function gridAction(action: ShownAction) {
  const refused =
    action.refused === undefined
      ? {}
      : // A disabled button takes no pointer events, so its title would never show without this.
        { disabled: true, title: action.refused, sx: { '&.Mui-disabled': { pointerEvents: 'auto' } } };
  return (
    <GridActionsCellItem
      key={action.key}
      icon={action.icon}
      label={action.label}
      onClick={action.onClick}
      {...refused}
    />
  );
}

/** The grid's Columns button, which opens its columns panel. */
function GridColumnsButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  if (!compact) {
    return (
      <ColumnsPanelTrigger size="small" startIcon={<ViewColumnIcon />}>
        {t('table.columns')}
      </ColumnsPanelTrigger>
    );
  }
  return (
    <Tooltip title={t('table.columns')}>
      <ColumnsPanelTrigger
        render={(props) => (
          <IconButton {...props} aria-label={t('table.columns')} color="primary">
            <ViewColumnIcon />
          </IconButton>
        )}
      />
    </Tooltip>
  );
}

function GridToolbar() {
  return <ResourceTableToolbar ColumnsButton={GridColumnsButton} />;
}

/**
 * A resource table drawn by the Data Grid: server-side paging and sort, the columns panel, keyboard
 * navigation, a card per row on a phone. Loaded after the table's first page is on screen
 * (ResourceTable), so its ~120 KB do not hold the rows back.
 */
export function ResourceGrid<R extends GridValidRowModel>({ view }: { view: TableView<R> }) {
  const { t, i18n } = useTranslation();
  const { actionsOf, narrow, columns: own, visibility, title } = view;

  const columns = useMemo<GridColDef<R>[]>(() => {
    const gridActionsOf = (row: R) => actionsOf?.(row).map(gridAction) ?? [];
    if (narrow) return [cardColumn(title, own, visibility, gridActionsOf)];
    if (actionsOf === undefined) return own.map(shrinkable);
    const actions: GridActionsColDef<R> = {
      field: '__actions',
      type: 'actions',
      headerName: t('table.actions'),
      width: view.actionsWidth,
      getActions: ({ row }) => gridActionsOf(row),
      // Pinned to the grid's right edge, as the Pro grid pins a column (its classes, so its own
      // sticky position, background, hover and selection styles apply): a table wider than its
      // page scrolls the other columns under it, and no action is ever out of sight (issue 41,
      // point 5: Users, Packages and Bank Accounts hid theirs at 1280 and 1366 px).
      cellClassName: gridClasses['cell--pinnedRight'],
      headerClassName: gridClasses['columnHeader--pinnedRight'],
    };
    return [...own.map(shrinkable), actions];
  }, [narrow, own, actionsOf, visibility, title, view.actionsWidth, t]);

  const sortModel = useMemo(() => modelFromSort(view.sort), [view.sort]);
  const gridLocale =
    i18n.resolvedLanguage === 'de'
      ? deDE.components.MuiDataGrid.defaultProps.localeText
      : i18n.resolvedLanguage === 'hi'
        ? gridLocaleHi
        : undefined;
  // The pager's texts are the first page's (FirstPage), isolated for right-to-left pages: the
  // grid's own read "of 916 5–1" there (issue 35, point 9).
  const pager = paginationLabels(t, i18n.resolvedLanguage);
  const localeText = {
    ...gridLocale,
    paginationRowsPerPage: String(pager.labelRowsPerPage),
    paginationDisplayedRows: view.capped
      ? cappedRowsLabel(t, i18n.resolvedLanguage, view.total)
      : ({ from, to, count }: { from: number; to: number; count: number }) =>
          String(pager.labelDisplayedRows!({ from, to, count, page: view.page })),
  };

  return (
    <DataGrid<R>
      aria-label={title}
      rows={view.rows}
      columns={columns}
      getRowId={view.getRowId}
      rowCount={view.rowCount}
      loading={view.loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={[...tablePageSizes]}
      paginationModel={{ page: view.page, pageSize: view.pageSize }}
      onPaginationModelChange={(model) => view.setPagination(model.page, model.pageSize)}
      sortModel={sortModel}
      onSortModelChange={(model: GridSortModel) => view.setSort(sortFromModel(model))}
      sortingOrder={['asc', 'desc', null]}
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={view.setVisibility}
      disableColumnFilter
      disableRowSelectionOnClick
      // One page holds at most 25 rows; rendering them all keeps the height exact.
      disableVirtualization
      autoHeight
      rowHeight={tableRowHeight}
      getRowHeight={narrow ? () => 'auto' : undefined}
      columnHeaderHeight={narrow ? 0 : tableHeaderHeight}
      getRowClassName={({ id }) => (id === view.highlightId ? 'row-highlight' : '')}
      localeText={localeText}
      showToolbar
      slots={{
        toolbar: GridToolbar,
        loadingOverlay: ResourceTableLoading,
        noRowsOverlay: ResourceTableOverlay,
        noResultsOverlay: ResourceTableOverlay,
      }}
      sx={{
        // Rows for the whole page size, filled or not, so the table does not change height while
        // paging, and skeleton rows fill the same space while the first page loads.
        '& .MuiDataGrid-main': { minHeight: tableHeaderHeight + tableRowHeight * view.pageSize },
        // Loading skeletons and the empty, no-results and error states take the same space.
        '--DataGrid-overlayHeight': `${tableRowHeight * view.pageSize}px`,
        '& .row-highlight': { bgcolor: 'action.selected' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        // The pinned Actions column (above): at the right edge (the left one right to left, which
        // the page's style plugin flips), with a line before it while columns scroll under it.
        [`& .${gridClasses['cell--pinnedRight']}, & .${gridClasses['columnHeader--pinnedRight']}`]: {
          right: 0,
          borderLeft: 'calc(var(--DataGrid-hasScrollX) * 1px) solid var(--DataGrid-rowBorderColor)',
        },
        // Cards need no header row (the card has the labels; its height is 0), and their text wraps.
        ...(narrow && {
          '& .MuiDataGrid-columnHeaders': { visibility: 'hidden' },
          '& .MuiDataGrid-cell': { whiteSpace: 'normal', lineHeight: 1.5 },
        }),
      }}
    />
  );
}
