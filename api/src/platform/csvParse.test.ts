import { describe, expect, it } from 'vitest';
import { csvLine } from './csv.ts';
import { CsvParseError, parseCsv, parseCsvInSlices } from './csvParse.ts';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('parseCsv', () => {
  it('splits plain cells and records', () => {
    expect(cells('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps empty cells, including trailing ones', () => {
    expect(cells('a,,c,\n,,,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('reads quoted cells with commas, doubled quotes and line breaks', () => {
    expect(cells('"Rao, Asha","She said ""hi""","line1\nline2"\r\nx,y,z')).toEqual([
      ['Rao, Asha', 'She said "hi"', 'line1\nline2'],
      ['x', 'y', 'z'],
    ]);
    expect(cells('"",a')).toEqual([['', 'a']]);
  });

  it('accepts CRLF, LF and CR line ends and no final line end', () => {
    expect(cells('a\r\nb\nc\rd')).toEqual([['a'], ['b'], ['c'], ['d']]);
  });

  it('drops a byte-order mark', () => {
    expect(cells('\uFEFFname,mobile\nA,1')).toEqual([
      ['name', 'mobile'],
      ['A', '1'],
    ]);
  });

  it('skips blank lines but counts them in line numbers', () => {
    const records = parseCsv('h\r\n\r\na\n\n"b\nc"\nd\n');
    expect(records.map((r) => r.line)).toEqual([1, 3, 5, 7]);
    expect(records.map((r) => r.cells[0])).toEqual(['h', 'a', 'b\nc', 'd']);
  });

  it('keeps a stray quote inside an unquoted cell', () => {
    expect(cells('5" tall,x')).toEqual([['5" tall', 'x']]);
  });

  it('refuses an unclosed quote, naming its line', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrow(CsvParseError);
    try {
      parseCsv('a\n"open,b\nc');
    } catch (err) {
      expect((err as CsvParseError).line).toBe(2);
    }
  });

  it('reads back what csvLine writes', () => {
    const rows = [
      ['plain', 'with,comma', 'with "quote"', 'multi\nline', ''],
      ['x', 'y', 'z', 'w', 'v'],
    ];
    expect(cells(rows.map((r) => csvLine(r)).join(''))).toEqual(rows);
  });

  it('returns nothing for an empty file', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n')).toEqual([]);
  });
});

describe('parseCsvInSlices (issue 36: a large file read while the server answers others)', () => {
  it('reads what parseCsv reads, pausing between slices, also inside quoted cells', async () => {
    const text = 'name,notes\r\n"Rao, Meena","line one\nline two"\n\nAsha,"say ""hi"""\nLast,x';
    let pauses = 0;
    const sliced = await parseCsvInSlices(text, async () => void pauses++, 7);
    expect(sliced).toEqual(parseCsv(text));
    expect(pauses).toBe(Math.ceil(text.length / 7) - 1);
  });

  it('refuses an unclosed quote as parseCsv does', async () => {
    await expect(parseCsvInSlices('a\n"open\nmore', async () => {}, 3)).rejects.toBeInstanceOf(CsvParseError);
  });
});

/**
 * The parser as it was, character by character (before issue 36 took a cell's text as one slice):
 * the reference the faster parser must read every text like.
 */
function referenceParse(text: string): { line: number; cells: string[] }[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: { line: number; cells: string[] }[] = [];
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
  while (i < src.length) {
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
  if (quoted) throw new CsvParseError('not closed', quoteLine);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

describe('the parser against the character-by-character reference', () => {
  // Texts made of the characters that take decisions (quote, comma, line ends) and plain ones.
  const alphabet = ['a', 'b', ' ', 'é', ',', ',', '"', '"', '\r', '\n', '\r\n', 'xyz'];
  let seed = 36;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const texts = Array.from({ length: 3_000 }, () =>
    Array.from(
      { length: Math.floor(random() * 40) },
      () => alphabet[Math.floor(random() * alphabet.length)],
    ).join(''),
  );
  const outcome = (read: () => unknown) => {
    try {
      return read();
    } catch (err) {
      return { refused: (err as CsvParseError).line };
    }
  };

  it('reads every text as the reference does, or refuses it on the same line', () => {
    for (const text of texts)
      expect(
        outcome(() => parseCsv(text)),
        JSON.stringify(text),
      ).toEqual(outcome(() => referenceParse(text)));
  });

  it('in slices of any size too', async () => {
    for (const [n, text] of texts.entries()) {
      const sliceChars = 1 + (n % 9);
      const sliced = await parseCsvInSlices(text, async () => {}, sliceChars).catch((err: CsvParseError) => ({
        refused: err.line,
      }));
      expect(sliced, JSON.stringify(text)).toEqual(outcome(() => referenceParse(text)));
    }
  });
});
