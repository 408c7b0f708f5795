import type { TFunction } from 'i18next';
import { isolate } from '../bidi';

/**
 * The pager of a list whose server counted only up to its cap (ListResponse.totalCapped: more rows
 * match than `total`). The grid gets a row count one page past the current one, so Next stays
 * available page after page, and a label that says "more than"; an exact total is used as it is.
 */
export function pagerRowCount(total: number, capped: boolean, page: number, pageSize: number): number {
  return capped ? Math.max(total + 1, (page + 2) * pageSize) : total;
}

/** "1–25 of more than 10,000"; past the cap the page's own end is the lower bound. */
export function cappedRowsLabel(
  t: TFunction,
  locale: string | undefined,
  total: number,
): (shown: { from: number; to: number }) => string {
  const format = new Intl.NumberFormat(locale);
  return ({ from, to }) =>
    isolate(
      t('table.rowsOfMoreThan', {
        from: format.format(from),
        to: format.format(to),
        total: format.format(Math.max(total, to)),
      }),
    );
}
