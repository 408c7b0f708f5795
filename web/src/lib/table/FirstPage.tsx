import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import { alpha, darken, lighten } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { cloneElement } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cellContent } from './cellContent';
import { cappedRowsLabel } from './cappedTotal';
import { paginationLabels } from './paginationLabels';
import { ResourceTableOverlay } from './ResourceTableOverlay';
import { ResourceTableToolbar } from './ResourceTableToolbar';
import { RowCard } from './RowCard';
import { nextSort, shrinkable, tableHeaderHeight, tableRowHeight } from './tableView';
import type { ShownAction, TableView } from './tableView';
import { tablePageSizes } from './useTableState';
import type { FirstPageUse } from './useGrid';

/** Columns before the grid has loaded: the panel is the grid's, so this button only looks the part. */
function PlainColumnsButton({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  if (!compact) {
    return (
      <Button size="small" startIcon={<ViewColumnIcon />}>
        {t('table.columns')}
      </Button>
    );
  }
  return (
    <Tooltip title={t('table.columns')}>
      <IconButton aria-label={t('table.columns')} color="primary">
        <ViewColumnIcon />
      </IconButton>
    </Tooltip>
  );
}

function PlainToolbar() {
  return <ResourceTableToolbar ColumnsButton={PlainColumnsButton} />;
}

function PlainAction({ action }: { action: ShownAction }) {
  const refused = action.refused !== undefined;
  return (
    <IconButton
      size="small"
      aria-label={action.label}
      onClick={action.onClick}
      disabled={refused}
      title={action.refused}
      // A disabled button takes no pointer events, so its title would never show without this.
      sx={refused ? { '&.Mui-disabled': { pointerEvents: 'auto' } } : undefined}
    >
      {/* As the grid's actions cell draws its icons. */}
      {cloneElement(action.icon, { fontSize: 'inherit' })}
    </IconButton>
  );
}

/** The Data Grid's own colours for its background and lines (@mui/x-data-grid's material variables). */
function gridColors(theme: Theme) {
  const divider = alpha(theme.palette.divider, 1);
  const paper = theme.palette.background.paper;
  const dark = theme.palette.mode === 'dark';
  return {
    line: dark ? darken(divider, 0.68) : lighten(divider, 0.88),
    background: dark ? `color-mix(in srgb, ${paper} 95%, #fff)` : paper,
  };
}

/** A column's track: its width, or its share of the room left (flex), never below its minimum. */
function track(column: GridColDef): string {
  if (column.flex !== undefined) return `minmax(${column.minWidth ?? 50}px, ${column.flex}fr)`;
  // As the grid draws it (shrinkable): its width where there is room, down to 85 % where not.
  const narrowest = shrinkable(column).minWidth;
  return `minmax(${narrowest ?? column.width ?? 100}px, ${column.width ?? 100}px)`;
}

const alignOf = (column: GridColDef, header: boolean) => {
  const align = (header ? column.headerAlign : column.align) ?? (column.type === 'number' ? 'right' : 'left');
  return align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start';
};

/**
 * A resource table's first page, drawn as plain rows while the Data Grid's code loads
 * (ResourceTable swaps the grid in when it is here). It draws what the grid would, in the same
 * places: toolbar, header, rows of the same height, the pager; cells, sort, paging and the row
 * actions work. The grid adds the columns panel, keyboard navigation between cells and resizing.
 */
export function FirstPage<R extends GridValidRowModel>({
  view,
  use,
}: {
  view: TableView<R>;
  /** Tells whether someone is using it: the grid waits until they are done (useGrid). */
  use: FirstPageUse;
}) {
  const { t, i18n } = useTranslation();
  const shown = view.columns.filter((column) => view.visibility[column.field] !== false);
  const withActions = view.actionsOf !== undefined;
  const template = view.narrow
    ? 'minmax(0, 1fr)'
    : [...shown.map(track), ...(withActions ? [`${view.actionsWidth}px`] : [])].join(' ');
  const waiting = view.loading && view.rows.length === 0;

  const headerKeys = (event: KeyboardEvent, field: string) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    view.setSort(nextSort(view.sort, field));
  };

  const header = shown.map((column) => {
    const sortable = column.sortable === true;
    const direction =
      view.sort === column.field ? 'asc' : view.sort === `-${column.field}` ? 'desc' : undefined;
    return (
      <div
        key={column.field}
        role="columnheader"
        className="cell header"
        data-field={column.field}
        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
        tabIndex={sortable ? 0 : undefined}
        onClick={sortable ? () => view.setSort(nextSort(view.sort, column.field)) : undefined}
        onKeyDown={sortable ? (event) => headerKeys(event, column.field) : undefined}
        style={{ justifyContent: alignOf(column, true), cursor: sortable ? 'pointer' : undefined }}
      >
        <span className="title">{column.headerName ?? column.field}</span>
        {direction === 'asc' && <ArrowUpward fontSize="small" aria-hidden />}
        {direction === 'desc' && <ArrowDownward fontSize="small" aria-hidden />}
      </div>
    );
  });

  const body = view.rows.map((row) => {
    const id = view.getRowId(row);
    const actions = (view.actionsOf?.(row) ?? []).map((action) => (
      <PlainAction key={action.key} action={action} />
    ));
    return (
      <div
        key={id}
        role="row"
        data-id={id}
        className={`row${id === view.highlightId ? ' row-highlight' : ''}`}
        style={{ gridTemplateColumns: template }}
      >
        {view.narrow ? (
          <div role="gridcell" className="cell card">
            <RowCard row={row} id={id} columns={shown} visibility={view.visibility} actions={actions} />
          </div>
        ) : (
          <>
            {shown.map((column) => (
              <div
                key={column.field}
                role="gridcell"
                className="cell"
                data-field={column.field}
                style={{ justifyContent: alignOf(column, false) }}
              >
                {cellContent(column, row, id)}
              </div>
            ))}
            {withActions && (
              <div
                role="gridcell"
                className="cell pinned"
                data-field="__actions"
                // The grid's actions cell spaces its buttons by 8 px.
                style={{ justifyContent: 'center', gap: 8 }}
              >
                {actions}
              </div>
            )}
          </>
        )}
      </div>
    );
  });

  const skeleton = Array.from({ length: view.pageSize }, (_, index) => (
    <div key={index} className="row" aria-hidden style={{ gridTemplateColumns: template }}>
      {(view.narrow ? [0] : [...shown, ...(withActions ? [null] : [])]).map((_column, cell) => (
        <div key={cell} className="cell">
          <Skeleton width="70%" />
        </div>
      ))}
    </div>
  ));

  const labels = paginationLabels(t, i18n.resolvedLanguage);
  const displayedRows = view.capped
    ? cappedRowsLabel(t, i18n.resolvedLanguage, view.total)
    : labels.labelDisplayedRows;

  return (
    <Box
      role="grid"
      aria-label={view.title}
      aria-busy={view.loading || undefined}
      aria-rowcount={view.rowCount + 1}
      data-testid="first-page"
      onFocus={use.onFocus}
      onBlur={use.onBlur}
      onPointerDown={use.onPointerDown}
      sx={(theme) => ({
        border: 1,
        borderColor: gridColors(theme).line,
        borderRadius: 1,
        bgcolor: gridColors(theme).background,
        typography: 'body2',
        display: 'flex',
        flexDirection: 'column',
        '& .main': { position: 'relative', overflowX: 'auto' },
        '& .row': {
          display: 'grid',
          minHeight: tableRowHeight,
          borderTop: 1,
          borderColor: gridColors(theme).line,
          width: '100%',
          // As wide as its columns at their narrowest: the pinned Actions cell below sticks within it.
          minWidth: 'min-content',
        },
        '& .row.head': { minHeight: tableHeaderHeight, borderTop: 0 },
        // The Actions column pinned to the right edge, as the grid pins it (ResourceGrid): columns
        // too wide for the page scroll under it (issue 41, point 5).
        '& .cell.pinned': {
          position: 'sticky',
          right: 0,
          zIndex: 1,
          bgcolor: gridColors(theme).background,
        },
        '& .row-highlight': { bgcolor: 'action.selected' },
        '& .cell': {
          display: 'flex',
          alignItems: 'center',
          px: '10px',
          minWidth: 0,
          overflow: 'hidden',
          whiteSpace: view.narrow ? 'normal' : 'nowrap',
          textOverflow: 'ellipsis',
        },
        '& .header': {
          position: 'relative',
          gap: 0.5,
          '& .title': { fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' },
          // The grid's column separators.
          '&:not(:last-of-type)::after': {
            content: '""',
            position: 'absolute',
            right: 0,
            top: 14,
            bottom: 14,
            borderRight: 1,
            borderColor: gridColors(theme).line,
          },
        },
        '& .header:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        '& .body': { minHeight: tableRowHeight * view.pageSize },
        '& .footer': {
          borderTop: 1,
          borderColor: gridColors(theme).line,
          display: 'flex',
          justifyContent: 'flex-end',
        },
      })}
    >
      <PlainToolbar />
      <div className="main">
        {!view.narrow && (
          <div role="rowgroup">
            <div role="row" className="row head" style={{ gridTemplateColumns: template }}>
              {header}
              {withActions && (
                <div
                  role="columnheader"
                  className="cell header pinned"
                  data-field="__actions"
                  style={{ justifyContent: 'center' }}
                >
                  <span className="title">{t('table.actions')}</span>
                </div>
              )}
            </div>
          </div>
        )}
        {view.loading && !waiting && (
          <LinearProgress
            sx={{ position: 'absolute', left: 0, right: 0, zIndex: 1 }}
            aria-label={t('app.loading')}
          />
        )}
        <div role="rowgroup" className="body">
          {waiting ? (
            skeleton
          ) : view.rows.length === 0 ? (
            <Box sx={{ height: tableRowHeight * view.pageSize }}>
              <ResourceTableOverlay />
            </Box>
          ) : (
            body
          )}
        </div>
      </div>
      <div className="footer">
        <TablePagination
          component="div"
          count={view.rowCount}
          page={view.page}
          rowsPerPage={view.pageSize}
          rowsPerPageOptions={[...tablePageSizes]}
          onPageChange={(_event, page) => view.setPagination(page, view.pageSize)}
          onRowsPerPageChange={(event) => view.setPagination(0, Number(event.target.value))}
          {...labels}
          labelDisplayedRows={displayedRows}
        />
      </div>
    </Box>
  );
}
