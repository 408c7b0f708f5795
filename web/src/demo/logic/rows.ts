/** Editable table rows and the sortable demo table (spec section 4). */
export type RowMode = 'view' | 'edit';

export interface EditableRow<T> {
  id: number;
  mode: RowMode;
  values: T;
  /** True for new or changed rows, false after save (spec section 4, inline table rows). */
  edited: boolean;
}

export function startEdit<T>(rows: readonly EditableRow<T>[], id: number): EditableRow<T>[] {
  return rows.map((row) => (row.id === id ? { ...row, mode: 'edit' } : row));
}

export function changeCell<T>(
  rows: readonly EditableRow<T>[],
  id: number,
  patch: Partial<T>,
): EditableRow<T>[] {
  return rows.map((row) =>
    // Cells take input only while their row is in edit mode.
    row.id === id && row.mode === 'edit'
      ? { ...row, values: { ...row.values, ...patch }, edited: true }
      : row,
  );
}

/** Done returns the row to view mode and saves it. */
export function finishEdit<T>(rows: readonly EditableRow<T>[], id: number): EditableRow<T>[] {
  return rows.map((row) => (row.id === id ? { ...row, mode: 'view', edited: false } : row));
}

export function addRow<T>(rows: readonly EditableRow<T>[], values: T): EditableRow<T>[] {
  const id = rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
  return [{ id, mode: 'edit', values, edited: true }, ...rows];
}

export function removeRow<T>(rows: readonly EditableRow<T>[], id: number): EditableRow<T>[] {
  return rows.filter((row) => row.id !== id);
}

/** The edit button hides while the row is being edited (Done shows instead). */
export function showsEditButton(row: EditableRow<unknown>): boolean {
  return row.mode === 'view';
}

export function cellsEditable(row: EditableRow<unknown>): boolean {
  return row.mode === 'edit';
}

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  by: K;
  direction: SortDirection;
}

/** Sortable demo table: the first click on a column sorts ascending, further clicks toggle. */
export function nextSort<K extends string>(current: SortState<K> | null, column: K): SortState<K> {
  if (current === null || current.by !== column) return { by: column, direction: 'asc' };
  return { by: column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

export function sortRows<T, K extends keyof T & string>(rows: readonly T[], sort: SortState<K>): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = a[sort.by];
    const right = b[sort.by];
    if (typeof left === 'number' && typeof right === 'number') return (left - right) * sign;
    return String(left).localeCompare(String(right)) * sign;
  });
}

export function toggleSelected(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((one) => one !== id) : [...selected, id];
}

/** The header checkbox selects every row, or clears the selection when all are selected. */
export function toggleAll(selected: readonly number[], allIds: readonly number[]): number[] {
  return selected.length === allIds.length ? [] : [...allIds];
}
