import { describe, expect, it } from 'vitest';
import {
  addRow,
  cellsEditable,
  changeCell,
  finishEdit,
  nextSort,
  removeRow,
  showsEditButton,
  sortRows,
  startEdit,
  toggleAll,
  toggleSelected,
} from './rows';

describe('editable rows', () => {
  const rows = [{ id: 1, mode: 'view' as const, values: { name: 'A' }, edited: false }];

  it('goes view, edit, then view through done; the edit button hides while editing', () => {
    const editing = startEdit(rows, 1);
    expect(editing[0]!.mode).toBe('edit');
    expect(showsEditButton(editing[0]!)).toBe(false);
    expect(cellsEditable(editing[0]!)).toBe(true);
    const done = finishEdit(changeCell(editing, 1, { name: 'B' }), 1);
    expect(done[0]).toEqual({ id: 1, mode: 'view', values: { name: 'B' }, edited: false });
    expect(showsEditButton(done[0]!)).toBe(true);
  });

  it('takes cell input only in edit mode and flags changed and new rows as edited', () => {
    expect(changeCell(rows, 1, { name: 'X' })).toEqual(rows);
    expect(changeCell(startEdit(rows, 1), 1, { name: 'X' })[0]!.edited).toBe(true);
    const added = addRow(rows, { name: '' });
    expect(added[0]).toMatchObject({ id: 2, mode: 'edit', edited: true });
    expect(removeRow(added, 2)).toEqual(rows);
  });
});

describe('sortable table', () => {
  it('sorts ascending on the first click, then toggles; another column starts ascending again', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ by: 'name', direction: 'asc' });
    expect(nextSort(first, 'name')).toEqual({ by: 'name', direction: 'desc' });
    expect(nextSort(nextSort(first, 'name'), 'name')).toEqual({ by: 'name', direction: 'asc' });
    expect(nextSort(nextSort(first, 'name'), 'calories')).toEqual({ by: 'calories', direction: 'asc' });
    const data = [{ n: 2 }, { n: 10 }, { n: 1 }];
    expect(sortRows(data, { by: 'n', direction: 'asc' }).map((r) => r.n)).toEqual([1, 2, 10]);
    expect(sortRows(data, { by: 'n', direction: 'desc' }).map((r) => r.n)).toEqual([10, 2, 1]);
  });

  it('selects rows singly or all at once', () => {
    expect(toggleSelected([1], 2)).toEqual([1, 2]);
    expect(toggleSelected([1, 2], 1)).toEqual([2]);
    expect(toggleAll([1], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(toggleAll([1, 2, 3], [1, 2, 3])).toEqual([]);
  });
});
