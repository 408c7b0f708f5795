import type { ReactElement } from 'react';
import type { GridColDef, GridColumnVisibilityModel, GridRowId, GridValidRowModel } from '@mui/x-data-grid';

/** One action button of a row, as both drawings of the table show it. */
export interface ShownAction {
  key: string;
  label: string;
  // An icon of @mui/icons-material: drawn at the button's size, as the grid's actions cell draws it.
  icon: ReactElement<{ fontSize?: 'inherit' | 'small' | 'medium' }>;
  onClick: () => void;
  /** Why the server would refuse it (the row's `refused`): shown disabled, with this as its title. */
  refused?: string;
}

/**
 * Everything a resource table draws, decided once by `ResourceTable`: the Data Grid
 * (`ResourceGrid`) and the plain first page shown while the grid's code loads (`FirstPage`) draw
 * the same rows, columns, actions, sort and pager from it.
 */
export interface TableView<R extends GridValidRowModel> {
  title: string;
  rows: readonly R[];
  getRowId: (row: R) => GridRowId;
  /** The screen's columns, sortable where the list route sorts. */
  columns: readonly GridColDef<R>[];
  /** The actions of a row; undefined when the table has no actions column. */
  actionsOf: ((row: R) => ShownAction[]) | undefined;
  /** Width of the actions column: room for the most buttons a row can have. */
  actionsWidth: number;
  visibility: GridColumnVisibilityModel;
  setVisibility: (visibility: GridColumnVisibilityModel) => void;
  /** On a phone each row is a card (RowCard). */
  narrow: boolean;
  page: number;
  pageSize: number;
  setPagination: (page: number, pageSize: number) => void;
  /** `field` ascending, `-field` descending, undefined for the server's order. */
  sort: string | undefined;
  setSort: (sort: string | undefined) => void;
  /** What the pager counts (one page past the current one when the total is capped). */
  rowCount: number;
  total: number;
  capped: boolean;
  /** Nothing to show yet (skeleton rows), or a new page on its way over the current rows. */
  loading: boolean;
  highlightId: number | null | undefined;
}

/** Row height of the table; the specification's empty filler row is 49 px (section 9). */
export const tableRowHeight = 49;
export const tableHeaderHeight = 56;

/** Room for `count` icon buttons of 40 px, and the cell's padding. */
export const actionsWidth = (count: number) => Math.max(96, 16 + 40 * count);

/** How much of its width a fixed column gives up before the table scrolls sideways. */
const shrinkTo = 0.85;

/**
 * A column of fixed width as one that keeps that width where there is room and narrows to 85 % of
 * it where there is not: at 1366 px Payments and Messages summed past the page and the Actions
 * column, last, was cut to "Acti" with Void out of sight (issue 35, point 10). Below the narrowed
 * widths the table scrolls sideways. The Actions column itself stays as it is.
 */
export function shrinkable<R extends GridValidRowModel>(column: GridColDef<R>): GridColDef<R> {
  if (column.flex !== undefined || column.width === undefined) return column;
  return {
    ...column,
    flex: column.width,
    minWidth: column.minWidth ?? Math.round(column.width * shrinkTo),
    maxWidth: column.maxWidth ?? column.width,
  };
}

/** A click on a column header: ascending, then descending, then the server's order (as the grid). */
export function nextSort(sort: string | undefined, field: string): string | undefined {
  if (sort === field) return `-${field}`;
  if (sort === `-${field}`) return undefined;
  return field;
}
