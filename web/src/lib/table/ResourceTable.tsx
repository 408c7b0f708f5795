import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, GridActionsCellItem } from '@mui/x-data-grid';
import type {
  GridActionsColDef,
  GridColDef,
  GridColumnVisibilityModel,
  GridPaginationModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { deDE } from '@mui/x-data-grid/locales';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { RowRefusals } from '@app/contract/errors';
import { errorMessage, saidInLanguage } from '../errorMessage';
import { hasPermission } from '../session';
import { cappedRowsLabel, pagerRowCount } from './cappedTotal';
import { exportCsv } from './exportCsv';
import { resourcePaths } from './resource';
import type { Resource } from './resource';
import { ResourceTableLoading } from './ResourceTableLoading';
import { ResourceTableOverlay } from './ResourceTableOverlay';
import { ResourceTableToolbar } from './ResourceTableToolbar';
import { cardColumn } from './RowCard';
import { modelFromSort, sortFromModel } from './sortModel';
import { TableSlotsContext } from './tableContext';
import type { TableFilter, TableSlotsState } from './tableContext';
import { useResourceList } from './useResourceList';
import { apiListQuery, tablePageSizes, useTableState } from './useTableState';

/** Row height of the table; the specification's empty filler row is 49 px (section 9). */
export const tableRowHeight = 49;
const headerHeight = 56;

export interface ResourceTableProps<R extends GridValidRowModel> {
  resource: Resource<R>;
  columns: GridColDef<R>[];
  /** Accessible name of the grid, usually the page title. */
  title: string;
  filters?: readonly TableFilter[];
  /** Columns hidden until the reader shows them. */
  hiddenColumns?: readonly string[];
  emptyTitle: string;
  emptyText: string;
  addLabel: string;
  onAdd?: () => void;
  onEdit?: (row: R) => void;
  onDelete?: (row: R) => void;
  /** A row to mark, e.g. the one just saved. */
  highlightId?: number | null;
  /** A row shown first whatever the order, e.g. the one just added (spec section 4). */
  pinnedRow?: R | null;
  toolbarExtra?: ReactNode;
  /** Row actions of a screen besides Edit and Delete; the screen checks their permissions. */
  rowActions?: readonly RowAction<R>[];
  /** Rows that offer no Edit and Delete (e.g. a converted enquiry); every row may when absent. */
  readOnlyRow?: (row: R) => boolean;
}

export interface RowAction<R> {
  key: string;
  label: string;
  icon: ReactElement;
  onClick: (row: R) => void;
  /** Whether the row offers it; every row when absent. */
  shown?: (row: R) => boolean;
}

/**
 * A row whose record says the server would refuse this action (`refused`, decided by the API with
 * the rules its write routes apply, e.g. the Owner role) gets it disabled, with the reason as the
 * button's title, instead of a dialog that ends in a refusal (issue 14).
 */
function refusedProps(row: object, action: 'edit' | 'delete') {
  const refused = (row as { refused?: RowRefusals }).refused?.[action];
  if (refused === undefined) return {};
  const reason = saidInLanguage(refused);
  // A disabled button takes no pointer events, so its title would never show without this.
  return { disabled: true, title: reason, sx: { '&.Mui-disabled': { pointerEvents: 'auto' } } };
}

/**
 * A resource's list as a server-side data grid: paging, one-column sort, debounced search and
 * filters all go to the list route and live in the URL; Add, Edit and Delete appear only where
 * the permissions cookie allows them.
 */
export function ResourceTable<R extends GridValidRowModel>(props: ResourceTableProps<R>) {
  const { resource, onAdd, onEdit, onDelete, readOnlyRow } = props;
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const state = useTableState({ sortFields: resource.sortFields, filterNames: resource.filterNames });
  const list = useResourceList(resource, state);
  const [exporting, setExporting] = useState(false);
  // On a phone each row is a card (RowCard): columns side by side scrolled the page sideways.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const canAdd = onAdd !== undefined && hasPermission(resource.module, 'add');
  const canEdit = onEdit !== undefined && hasPermission(resource.module, 'edit');
  const canDelete = onDelete !== undefined && hasPermission(resource.module, 'delete');

  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(() =>
    Object.fromEntries((props.hiddenColumns ?? []).map((field) => [field, false])),
  );

  // The last known total keeps the pager steady while the next page loads.
  const lastTotal = useRef({ total: 0, capped: false });
  if (list.data !== undefined) {
    lastTotal.current = { total: list.data.total, capped: list.data.totalCapped ?? false };
  }
  const { total, capped } = lastTotal.current;
  const rowCount = pagerRowCount(total, capped, state.page, state.pageSize);

  // A page past the end (rows deleted, or an old link) moves to the last page that has rows.
  const { setPage } = state;
  const pastEnd =
    list.data !== undefined &&
    !list.isPlaceholderData &&
    list.data.items.length === 0 &&
    list.data.total > 0 &&
    state.page > 0;
  useEffect(() => {
    if (pastEnd && list.data !== undefined) {
      setPage(Math.max(0, Math.ceil(list.data.total / state.pageSize) - 1));
    }
  }, [pastEnd, list.data, state.pageSize, setPage]);

  const { own, actions } = useMemo(() => {
    const sortable = new Set(resource.sortFields);
    const own = props.columns.map((column) => ({
      ...column,
      sortable: column.sortable ?? sortable.has(column.field),
      filterable: false,
    }));
    const extra = props.rowActions ?? [];
    if (!canEdit && !canDelete && extra.length === 0) return { own, actions: undefined };
    const count = Number(canEdit) + Number(canDelete) + extra.length;
    const actions: GridActionsColDef<R> = {
      field: '__actions',
      type: 'actions',
      headerName: t('table.actions'),
      width: Math.max(96, 16 + 40 * count),
      getActions: ({ row }) => [
        ...(canEdit && !(readOnlyRow?.(row) ?? false)
          ? [
              <GridActionsCellItem
                key="edit"
                icon={<EditOutlined />}
                label={t('table.edit')}
                onClick={() => onEdit?.(row)}
                {...refusedProps(row, 'edit')}
              />,
            ]
          : []),
        ...(canDelete && !(readOnlyRow?.(row) ?? false)
          ? [
              <GridActionsCellItem
                key="delete"
                icon={<DeleteOutlined />}
                label={t('table.delete')}
                onClick={() => onDelete?.(row)}
                {...refusedProps(row, 'delete')}
              />,
            ]
          : []),
        ...extra
          .filter((action) => action.shown?.(row) ?? true)
          .map((action) => (
            <GridActionsCellItem
              key={action.key}
              icon={action.icon}
              label={action.label}
              onClick={() => action.onClick(row)}
            />
          )),
      ],
    };
    return { own, actions };
  }, [
    props.columns,
    props.rowActions,
    readOnlyRow,
    resource.sortFields,
    canEdit,
    canDelete,
    onEdit,
    onDelete,
    t,
  ]);
  const columns = useMemo<GridColDef<R>[]>(
    () =>
      narrow
        ? [cardColumn(props.title, own, visibility, actions)]
        : [...own, ...(actions === undefined ? [] : [actions])],
    [narrow, own, actions, visibility, props.title],
  );

  const paginationModel: GridPaginationModel = { page: state.page, pageSize: state.pageSize };
  const sortModel = useMemo(() => modelFromSort(state.sort), [state.sort]);

  const runExport = async () => {
    setExporting(true);
    try {
      await exportCsv(resource, { ...apiListQuery(state), ...resource.fixedQuery });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const rows = useMemo(() => {
    if (list.isError) return [];
    const items = list.data?.items ?? [];
    const pinned = props.pinnedRow;
    if (pinned === undefined || pinned === null) return items;
    const pinnedId = resource.rowId(pinned);
    return [pinned, ...items.filter((row) => resource.rowId(row) !== pinnedId)];
  }, [list.isError, list.data, props.pinnedRow, resource]);

  const slotsState: TableSlotsState = {
    title: props.title,
    q: state.q,
    setQ: state.setQ,
    filters: props.filters ?? [],
    filterValues: state.filters,
    setFilter: state.setFilter,
    clearSearch: state.clearSearch,
    narrowed: state.narrowed,
    error: list.isError ? errorMessage(list.error) : null,
    retry: () => void list.refetch(),
    emptyTitle: props.emptyTitle,
    emptyText: props.emptyText,
    addLabel: props.addLabel,
    onAdd: canAdd ? onAdd : undefined,
    onExport: resourcePaths(resource).export === null ? undefined : () => void runExport(),
    exporting,
    pageSize: state.pageSize,
    hasRows: rows.length > 0,
    toolbarExtra: props.toolbarExtra,
  };

  const gridLocale =
    i18n.resolvedLanguage === 'de' ? deDE.components.MuiDataGrid.defaultProps.localeText : undefined;
  const localeText = capped
    ? { ...gridLocale, paginationDisplayedRows: cappedRowsLabel(t, i18n.resolvedLanguage, total) }
    : gridLocale;

  return (
    <TableSlotsContext.Provider value={slotsState}>
      <DataGrid<R>
        aria-label={props.title}
        rows={rows}
        columns={columns}
        getRowId={resource.rowId}
        rowCount={rowCount}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        pageSizeOptions={[...tablePageSizes]}
        paginationModel={paginationModel}
        onPaginationModelChange={(model) => state.setPagination(model.page, model.pageSize)}
        sortModel={sortModel}
        onSortModelChange={(model: GridSortModel) => state.setSort(sortFromModel(model))}
        sortingOrder={['asc', 'desc', null]}
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={setVisibility}
        disableColumnFilter
        disableRowSelectionOnClick
        // One page holds at most 25 rows; rendering them all keeps the height exact.
        disableVirtualization
        autoHeight
        rowHeight={tableRowHeight}
        getRowHeight={narrow ? () => 'auto' : undefined}
        columnHeaderHeight={narrow ? 0 : headerHeight}
        getRowClassName={({ id }) => (id === props.highlightId ? 'row-highlight' : '')}
        localeText={localeText}
        showToolbar
        slots={{
          toolbar: ResourceTableToolbar,
          loadingOverlay: ResourceTableLoading,
          noRowsOverlay: ResourceTableOverlay,
          noResultsOverlay: ResourceTableOverlay,
        }}
        sx={{
          // Rows for the whole page size, filled or not, so the table does not change height while
          // paging, and skeleton rows fill the same space while the first page loads.
          '& .MuiDataGrid-main': { minHeight: headerHeight + tableRowHeight * state.pageSize },
          // Loading skeletons and the empty, no-results and error states take the same space.
          '--DataGrid-overlayHeight': `${tableRowHeight * state.pageSize}px`,
          '& .row-highlight': { bgcolor: 'action.selected' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          // Cards need no header row (the card has the labels; its height is 0), and their text wraps.
          ...(narrow && {
            '& .MuiDataGrid-columnHeaders': { visibility: 'hidden' },
            '& .MuiDataGrid-cell': { whiteSpace: 'normal', lineHeight: 1.5 },
          }),
        }}
      />
    </TableSlotsContext.Provider>
  );
}
