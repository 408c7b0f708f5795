import type { GridSortModel } from '@mui/x-data-grid';

/** The grid's sort model as the list route's `sort`: `field` ascending, `-field` descending. */
export function sortFromModel(model: GridSortModel): string | undefined {
  const [first] = model;
  if (first === undefined || first.sort === null || first.sort === undefined) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

export function modelFromSort(sort: string | undefined): GridSortModel {
  if (sort === undefined || sort === '' || sort === '-') return [];
  return sort.startsWith('-') ? [{ field: sort.slice(1), sort: 'desc' }] : [{ field: sort, sort: 'asc' }];
}
