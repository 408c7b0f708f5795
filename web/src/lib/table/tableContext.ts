import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

export interface TableFilter {
  /** The list route's query parameter, e.g. 'status'. */
  name: string;
  label: string;
  /** A choice of options (default) or a date (YYYY-MM-DD), e.g. the ends of a date range. */
  kind?: 'select' | 'date';
  options: readonly { value: string; label: string }[];
}

/** What the toolbar and the overlays of a resource table show; the grid renders them as slots. */
export interface TableSlotsState {
  title: string;
  q: string;
  setQ: (q: string) => void;
  filters: readonly TableFilter[];
  filterValues: Record<string, string>;
  setFilter: (name: string, value: string) => void;
  clearSearch: () => void;
  narrowed: boolean;
  /** The server's message when the list failed, with a retry. */
  error: string | null;
  retry: () => void;
  emptyTitle: string;
  emptyText: string;
  addLabel: string;
  /** Present only when the permissions allow adding. */
  onAdd: (() => void) | undefined;
  /** Absent when the resource has no export. */
  onExport: (() => void) | undefined;
  exporting: boolean;
  /** Rows on one page, and whether any are on screen (for the loading state). */
  pageSize: number;
  hasRows: boolean;
  /** Extra toolbar content of a screen. */
  toolbarExtra?: ReactNode;
}

export const TableSlotsContext = createContext<TableSlotsState | null>(null);

export function useTableSlots(): TableSlotsState {
  const state = useContext(TableSlotsContext);
  if (state === null) throw new Error('useTableSlots outside a ResourceTable');
  return state;
}
