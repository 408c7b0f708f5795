import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import { useSnackbar } from '../notify/notify';
import { useTranslation } from 'react-i18next';
import type { RowRefusals } from '@app/contract/errors';
import { errorMessage, saidInLanguage } from '../errorMessage';
import { hasPermission } from '../session';
import { pagerRowCount } from './cappedTotal';
import { exportCsv } from './exportCsv';
import { resourcePaths } from './resource';
import type { Resource } from './resource';
import { FirstPage } from './FirstPage';
import { TableSlotsContext } from './tableContext';
import type { TableFilter, TableSlotsState } from './tableContext';
import { actionsWidth } from './tableView';
import type { ShownAction, TableView } from './tableView';
import { useGrid } from './useGrid';
import { useResourceList } from './useResourceList';
import { apiListQuery, useTableState } from './useTableState';

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
  icon: ShownAction['icon'];
  onClick: (row: R) => void;
  /** Whether the row offers it; every row when absent. */
  shown?: (row: R) => boolean;
}

/**
 * A row whose record says the server would refuse this action (`refused`, decided by the API with
 * the rules its write routes apply, e.g. the Owner role) gets it disabled, with the reason as the
 * button's title, instead of a dialog that ends in a refusal (issue 14).
 */
function refusedReason(row: object, action: 'edit' | 'delete') {
  const refused = (row as { refused?: RowRefusals }).refused?.[action];
  return refused === undefined ? undefined : saidInLanguage(refused);
}

/**
 * A resource's list, paged, sorted and searched by the server: paging, one-column sort, debounced
 * search and filters all go to the list route and live in the URL; Add, Edit and Delete appear
 * only where the permissions cookie allows them. Drawn by the Data Grid (ResourceGrid), or, while
 * the grid's code loads on a visit's first table, as a plain first page (FirstPage).
 */
export function ResourceTable<R extends GridValidRowModel>(props: ResourceTableProps<R>) {
  const { resource, onAdd, onEdit, onDelete, readOnlyRow } = props;
  const { t } = useTranslation();
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

  const columns = useMemo(() => {
    const sortable = new Set(resource.sortFields);
    return props.columns.map((column) => ({
      ...column,
      sortable: column.sortable ?? sortable.has(column.field),
      filterable: false,
    }));
  }, [props.columns, resource.sortFields]);

  const extra = props.rowActions;
  const actionCount = Number(canEdit) + Number(canDelete) + (extra?.length ?? 0);
  const actionsOf = useMemo(() => {
    if (actionCount === 0) return undefined;
    return (row: R): ShownAction[] => {
      const writable = !(readOnlyRow?.(row) ?? false);
      const shown: ShownAction[] = [];
      if (canEdit && writable) {
        const refused = refusedReason(row, 'edit');
        shown.push({
          key: 'edit',
          label: t('table.edit'),
          icon: <EditOutlined />,
          onClick: () => onEdit?.(row),
          refused,
        });
      }
      if (canDelete && writable) {
        const refused = refusedReason(row, 'delete');
        shown.push({
          key: 'delete',
          label: t('table.delete'),
          icon: <DeleteOutlined />,
          onClick: () => onDelete?.(row),
          refused,
        });
      }
      for (const action of extra ?? []) {
        if (action.shown?.(row) ?? true) {
          shown.push({
            key: action.key,
            label: action.label,
            icon: action.icon,
            onClick: () => action.onClick(row),
          });
        }
      }
      return shown;
    };
  }, [actionCount, extra, readOnlyRow, canEdit, canDelete, onEdit, onDelete, t]);

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

  const view: TableView<R> = {
    title: props.title,
    rows,
    getRowId: resource.rowId,
    columns,
    actionsOf,
    actionsWidth: actionsWidth(actionCount),
    visibility,
    setVisibility,
    narrow,
    page: state.page,
    pageSize: state.pageSize,
    setPagination: state.setPagination,
    sort: state.sort,
    setSort: state.setSort,
    rowCount,
    total,
    capped,
    loading: list.isPending || (list.isFetching && list.isPlaceholderData),
    highlightId: props.highlightId,
  };
  const { Grid, use } = useGrid();

  return (
    <TableSlotsContext.Provider value={slotsState}>
      {Grid === undefined ? <FirstPage view={view} use={use} /> : <Grid view={view} />}
    </TableSlotsContext.Provider>
  );
}
