import type { ComponentType } from 'react';
import type { demoGroups } from '../catalogue';
import { CrudTablePage, EditableCellPage, SortableTablePage, TreeTablePage } from '../gallery/TablesPages';

export const pages: Record<(typeof demoGroups)['tables'][number], ComponentType> = {
  'sortable-table': SortableTablePage,
  'editable-cell': EditableCellPage,
  'crud-table': CrudTablePage,
  'tree-table': TreeTablePage,
};
