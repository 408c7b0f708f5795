// A statement file to lines (issue 44, point 6): its rows (CSV, or the first sheet of an XLSX file),
// the heading row a known bank's export or the account's mapping names, and each dated row after it
// as a line in minor units, oldest first, with a fingerprint that tells the same line uploaded again.
import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { StatementMapping } from '@app/contract/bankStatement';
import { AppError, fieldError, said, validationFailed } from '../../platform/errors.ts';
import { CsvParseError, parseCsvInSlices } from '../../platform/csvParse.ts';
import { readXlsxRows, XlsxReadError } from '../../platform/xlsxRead.ts';
import {
  mappedColumns,
  parseStatementAmount,
  parseStatementDate,
  recogniseHeadings,
  type ColumnsAt,
} from './formats.ts';

export type ParsedLine = {
  day: string;
  narration: string;
  reference: string;
  debit: number;
  credit: number;
  balance: number | null;
  fingerprint: string;
};

type Row = { line: number; cells: string[] };

/** A bank's heading row is within its first rows (account holder, period and summary come first). */
const headingSearchRows = 40;
export const maxStatementLines = 20_000;

async function fileRows(body: { csv?: string; xlsxBase64?: string }): Promise<Row[]> {
  if (body.xlsxBase64 !== undefined) {
    try {
      return readXlsxRows(Buffer.from(body.xlsxBase64, 'base64')).map((cells, i) => ({ line: i + 1, cells }));
    } catch (err) {
      if (err instanceof XlsxReadError)
        throw validationFailed([fieldError('body.xlsxBase64', 'STATEMENT_XLSX_UNREADABLE')]);
      throw err;
    }
  }
  try {
    return await parseCsvInSlices(body.csv ?? '', () => setImmediate());
  } catch (err) {
    if (err instanceof CsvParseError)
      throw validationFailed([fieldError('body.csv', 'IMPORT_QUOTE_NOT_CLOSED', { line: err.line })]);
    throw err;
  }
}

/** The row that most likely holds the headings: the first with the most filled cells. */
function likelyHeadings(rows: Row[]): string[] {
  const filled = (r: Row) => r.cells.filter((c) => c.trim() !== '').length;
  const top = rows.slice(0, headingSearchRows);
  const most = Math.max(0, ...top.map(filled));
  return (top.find((r) => filled(r) === most)?.cells ?? []).map((c) => c.trim()).filter((c) => c !== '');
}

/**
 * Where the table starts and how its columns are named: the mapping sent with this upload, else a
 * known bank's headings, else the mapping remembered for the account; else 422 naming the headings.
 */
function findTable(rows: Row[], sent: StatementMapping | undefined, remembered: StatementMapping | null) {
  const top = rows.slice(0, headingSearchRows);
  if (sent) {
    if (!sent.debit && !sent.credit) {
      throw validationFailed([fieldError('body.mapping.credit', 'STATEMENT_MAPPING_AMOUNTS')]);
    }
    for (const [i, row] of top.entries()) {
      const at = mappedColumns(row.cells, sent);
      if (at) return { index: i, at, format: 'mapped', mapped: true };
    }
    const cells = new Set(likelyHeadings(rows).map((c) => c.toLowerCase()));
    const missing = Object.entries(sent).filter(([, h]) => h && !cells.has(h.trim().toLowerCase()));
    throw validationFailed(
      missing.map(([role, h]) =>
        fieldError(`body.mapping.${role}`, 'STATEMENT_MAPPING_COLUMN_MISSING', { heading: h }),
      ),
    );
  }
  for (const [i, row] of top.entries()) {
    const known = recogniseHeadings(row.cells);
    if (known) return { index: i, at: known.at, format: known.name, mapped: false };
  }
  if (remembered) {
    for (const [i, row] of top.entries()) {
      const at = mappedColumns(row.cells, remembered);
      if (at) return { index: i, at, format: 'mapped', mapped: false };
    }
  }
  const headings = likelyHeadings(rows);
  if (!headings.length) throw validationFailed([fieldError('body.csv', 'STATEMENT_NO_LINES')]);
  throw new AppError(
    422,
    'MAPPING_REQUIRED',
    said('STATEMENT_COLUMNS_UNKNOWN'),
    headings.map((heading, i) => fieldError(`headings.${i}`, 'STATEMENT_HEADING', { heading })),
  );
}

function toLine(row: Row, at: ColumnsAt): Omit<ParsedLine, 'fingerprint'> | null | 'skip' {
  const cell = (i: number | undefined) => (i === undefined ? '' : (row.cells[i] ?? '').trim());
  const day = parseStatementDate(cell(at.date));
  // Opening balance, totals, "end of statement", page footers: rows without a date.
  if (!day) return row.cells.some((c) => c.trim() !== '') ? 'skip' : null;
  const amount = (i: number | undefined) => {
    const text = cell(i);
    const parsed = parseStatementAmount(text);
    if (!parsed) {
      throw validationFailed([
        fieldError('body.csv', 'STATEMENT_BAD_AMOUNT', { line: row.line, value: text.slice(0, 40) }),
      ]);
    }
    return parsed;
  };
  let debit = 0;
  let credit = 0;
  if (at.amount !== undefined) {
    const value = amount(at.amount).minor;
    if (/^d/i.test(cell(at.side))) debit = value;
    else credit = value;
  } else if (at.debit !== undefined && at.debit === at.credit) {
    // One signed amount column mapped as both: minus is money out.
    const value = amount(at.debit);
    if (value.negative) debit = value.minor;
    else credit = value.minor;
  } else {
    debit = at.debit === undefined ? 0 : amount(at.debit).minor;
    credit = at.credit === undefined ? 0 : amount(at.credit).minor;
  }
  if (debit === 0 && credit === 0) return 'skip';
  // A reversal written as debit and credit on one row: the difference is what moved.
  if (debit > 0 && credit > 0) [debit, credit] = debit > credit ? [debit - credit, 0] : [0, credit - debit];
  let balance: number | null = null;
  if (at.balance !== undefined && cell(at.balance) !== '') {
    const b = amount(at.balance);
    balance = b.negative ? -b.minor : b.minor;
  }
  return {
    day,
    narration: cell(at.narration).replace(/\s+/g, ' ').slice(0, 1000),
    reference: cell(at.reference).replace(/^'/, '').slice(0, 200),
    debit,
    credit,
    balance,
  };
}

/**
 * The file's lines oldest first. A line's fingerprint is its content and its position among
 * identical lines of the file: two genuinely identical lines of one day are two lines, and the
 * same file uploaded again gives the same fingerprints.
 */
export async function readStatement(
  body: { csv?: string; xlsxBase64?: string; mapping?: StatementMapping },
  remembered: StatementMapping | null,
) {
  const rows = await fileRows(body);
  const table = findTable(rows, body.mapping, remembered);
  const lines: Omit<ParsedLine, 'fingerprint'>[] = [];
  let skipped = 0;
  for (const row of rows.slice(table.index + 1)) {
    const line = toLine(row, table.at);
    if (line === 'skip') skipped++;
    else if (line) lines.push(line);
  }
  if (lines.length > maxStatementLines) {
    throw validationFailed([fieldError('body.csv', 'IMPORT_TOO_MANY_ROWS', { max: maxStatementLines })]);
  }
  // Newest first (as some banks list them): turned round, so the last line of a day is its closing.
  if (lines.length > 1 && lines[0]!.day > lines.at(-1)!.day) lines.reverse();
  const seen = new Map<string, number>();
  const parsed: ParsedLine[] = lines.map((l) => {
    const key = [l.day, l.narration, l.reference, l.debit, l.credit, l.balance ?? ''].join('\u0001');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return { ...l, fingerprint: createHash('sha256').update(`${key}\u0001${n}`).digest('hex') };
  });
  return { format: table.format, mapping: table.mapped ? body.mapping! : null, lines: parsed, skipped };
}
