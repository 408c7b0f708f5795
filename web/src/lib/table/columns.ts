import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatDate, orgTimeZone, todayIn } from '../dates';
import type { TableFilter } from './tableContext';

/** The Active / Inactive filter every catalogue list takes (`status=true|false`). */
export function statusFilter(t: TFunction): TableFilter {
  return {
    name: 'status',
    label: t('table.status'),
    options: [
      { value: 'true', label: t('table.active') },
      { value: 'false', label: t('table.inactive') },
    ],
  };
}

/** When a row was created, as a date in the organisation's locale; hidden until asked for. */
export function createdAtColumn<R extends GridValidRowModel>(t: TFunction): GridColDef<R> {
  return {
    field: 'createdAt',
    headerName: t('table.created'),
    width: 130,
    valueFormatter: (value: string | undefined) =>
      value === undefined || value === null ? '' : formatDate(todayIn(orgTimeZone(), new Date(value))),
  };
}
