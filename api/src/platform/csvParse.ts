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

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * The parser itself: yields (nothing) after every `sliceChars` characters, returns the records.
 * A cell's ordinary characters are taken as one slice of the text rather than added one by one:
 * a 20,000-row import file made ~50 MB of short-lived strings character by character (issue 36).
 */
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
  /** Where an unquoted cell's run of text from `from` ends: a comma, a line break, or `end`. */
  const runEnd = (from: number, end: number) => {
    let j = from;
    while (j < end) {
      const c = src.charCodeAt(j);
      if (c === COMMA || c === CR || c === LF) break;
      j += 1;
    }
    return j;
  };

  let sliceEnd = sliceChars;
  while (i < src.length) {
    if (i >= sliceEnd) {
      yield;
      sliceEnd = i + sliceChars;
    }
    const end = Math.min(sliceEnd, src.length);
    const c = src.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        if (src.charCodeAt(i + 1) === QUOTE) {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (c === CR || c === LF) {
        // A line break inside quotes belongs to the cell, written as the file wrote it.
        const crlf = c === CR && src.charCodeAt(i + 1) === LF;
        cell += crlf ? '\r\n' : src[i];
        i += crlf ? 2 : 1;
        line += 1;
        continue;
      }
      // Commas are text inside quotes: the run ends at a quote or a line break only.
      let j = i + 1;
      while (j < end) {
        const d = src.charCodeAt(j);
        if (d === QUOTE || d === CR || d === LF) break;
        j += 1;
      }
      cell += src.slice(i, j);
      i = j;
      continue;
    }
    if (c === QUOTE && cell === '') {
      quoted = true;
      quoteLine = line;
      i += 1;
    } else if (c === COMMA) {
      cells.push(cell);
      cell = '';
      i += 1;
    } else if (c === CR || c === LF) {
      endRecord();
      i += c === CR && src.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      // A quote after the cell's first character is text (kept literally).
      const j = runEnd(i + 1, end);
      cell += src.slice(i, j);
      i = j;
    }
  }
  if (quoted)
    throw new CsvParseError(`The quoted value starting on line ${quoteLine} is not closed.`, quoteLine);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
