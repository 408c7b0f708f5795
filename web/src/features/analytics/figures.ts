import { formatMonth } from '../../lib/dates';
// Pure helpers of the analytics screen: CSV of a chart's figures, month labels, heat-map cells.

type Cell = string | number | null | undefined;

/** One CSV cell: quoted when it holds a comma, quote or line break; formulas defused. */
function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows of figures as CSV with a header line (CRLF and a leading byte order mark, as the API's
 * exports: a spreadsheet then reads 'März' and '₹' as written).
 */
export function toCsv(rows: readonly Record<string, Cell>[]): string {
  if (rows.length === 0) return '';
  const header = Object.keys(rows[0]!);
  return '\uFEFF'.concat(
    [header, ...rows.map((row) => header.map((key) => row[key]))]
      .map((cells) => cells.map(csvCell).join(','))
      .join('\r\n'),
    '\r\n',
  );
}

/** '2026-03' as 'Mar 2026' in the reader's language. */
export function monthLabel(month: string, locale: string): string {
  return formatMonth(`${month}-01`, 'short', locale);
}

/** Minor units as the currency's major units (1500.5), for chart axes and CSV. */
export const major = (minor: number, digits = 2) => minor / 10 ** digits;

/** Share of the seats (0..1) filled in each hour; 0 without seats. */
export function heatShares(hours: readonly number[], capacity: number): number[] {
  return hours.map((members) => (capacity > 0 ? Math.min(1, members / capacity) : 0));
}

/** The default range: the last twelve months, from the first of the month a year ago to today. */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = month === 12 ? `${year}-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${start}-01`, to: today };
}
