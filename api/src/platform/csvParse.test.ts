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
