/** One record of a CSV file and the (1-based) line it starts on. */
export type CsvRecord = { line: number; cells: string[] };

export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * RFC 4180 CSV: comma-separated cells, double-quoted cells may hold commas, line breaks and
 * doubled quotes (`""`). Accepts CRLF, LF or CR line ends and a leading byte-order mark; skips
 * blank lines. A quote inside an unquoted cell is kept literally; an unclosed quoted cell throws.
 */
export function parseCsv(text: string): CsvRecord[] {
  const parsing = csvRecords(text, Infinity);
  for (;;) {
    const step = parsing.next();
    if (step.done) return step.value;
  }
}

/**
 * parseCsv for a large file on a server that answers others meanwhile: the parse stops after every
 * `sliceChars` characters and `pause()` lets the event loop run other work before it goes on
 * (issue 36: a 20,000-row import held every other request for up to half a second).
 */
export async function parseCsvInSlices(
  text: string,
  pause: () => Promise<unknown>,
  sliceChars = 100_000,
): Promise<CsvRecord[]> {
  const parsing = csvRecords(text, sliceChars);
  for (;;) {
    const step = parsing.next();
    if (step.done) return step.value;
    await pause();
  }
}

/** The parser itself: yields (nothing) after every `sliceChars` characters, returns the records. */
function* csvRecords(text: string, sliceChars: number): Generator<void, CsvRecord[]> {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let i = 0;

  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  let sliceEnd = sliceChars;
  while (i < src.length) {
    if (i >= sliceEnd) {
      yield;
      sliceEnd = i + sliceChars;
    }
    const c = src[i]!;
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (c === '\r' || c === '\n') {
        // A line break inside quotes belongs to the cell, written as the file wrote it.
        const crlf = c === '\r' && src[i + 1] === '\n';
        cell += crlf ? '\r\n' : c;
        i += crlf ? 2 : 1;
        line += 1;
        continue;
      }
      cell += c;
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      i += 1;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      cell += c;
      i += 1;
    }
  }
  if (quoted)
    throw new CsvParseError(`The quoted value starting on line ${quoteLine} is not closed.`, quoteLine);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
