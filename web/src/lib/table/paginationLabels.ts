import type { TablePaginationProps } from '@mui/material/TablePagination';
import type { TFunction } from 'i18next';
import { isolate } from '../bidi';

type Labels = Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'>;

/**
 * MUI's pager speaks English on its own: its texts in the language on screen, with the numbers in
 * that language's form (the Data Grid has its own, from its locale).
 */
export function paginationLabels(t: TFunction, locale: string | undefined): Labels {
  const format = new Intl.NumberFormat(locale);
  return {
    // Isolated, or right-to-left reads "of 916 5–1" and ":Rows per page".
    labelRowsPerPage: isolate(t('table.rowsPerPage')),
    labelDisplayedRows: ({ from, to, count }) =>
      isolate(
        t('table.rowsOf', { from: format.format(from), to: format.format(to), count: format.format(count) }),
      ),
    getItemAriaLabel: (type) => t(`table.goTo.${type}`),
  };
}
