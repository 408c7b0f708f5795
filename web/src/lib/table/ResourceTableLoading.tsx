import { GridLoadingOverlay } from '@mui/x-data-grid';
import type { GridLoadingOverlayProps } from '@mui/x-data-grid';
// Pinned exactly (ARCHITECTURE.md), so this internal stays where it is.
import { GridSkeletonLoadingOverlayInner } from '@mui/x-data-grid/internals';
import { useTableSlots } from './tableContext';

/**
 * While a page loads: skeleton rows for the whole page size when nothing is shown yet (the grid's
 * own skeleton counts only what fits its empty height), a thin bar over the rows otherwise.
 */
export function ResourceTableLoading(props: GridLoadingOverlayProps) {
  const state = useTableSlots();
  if (state.hasRows) return <GridLoadingOverlay {...props} variant="linear-progress" />;
  return <GridSkeletonLoadingOverlayInner skeletonRowsCount={state.pageSize} aria-busy="true" />;
}
