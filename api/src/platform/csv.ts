import { Readable } from 'node:stream';

type Cell = string | number | boolean | null | undefined | object;

/** RFC 4180 quoting, plus a leading quote for cells a spreadsheet would run as a formula. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams every page `fetchPage` yields as CSV: the header comes from the first record's keys, so a
 * resource's export always matches its API record. Memory stays at one page whatever the total.
 */
export function csvStream<T extends Record<string, Cell>>(
  fetchPage: (page: number) => Promise<T[]>,
): Readable {
  async function* lines() {
    let columns: string[] | undefined;
    for (let page = 0; ; page++) {
      const rows = await fetchPage(page);
      for (const row of rows) {
        if (!columns) {
          columns = Object.keys(row);
          yield csvLine(columns);
        }
        yield csvLine(columns.map((c) => row[c]));
      }
      if (rows.length === 0) break;
    }
  }
  return Readable.from(lines());
}
