import { describe, expect, it } from 'vitest';
import { csvCell, csvStream } from './csv.ts';

describe('csv', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('streams pages until an empty one, with one header', async () => {
    const pages = [[{ a: 1, b: 'x' }], [{ a: 2, b: 'y' }], []];
    let text = '';
    for await (const chunk of csvStream(async (p) => pages[p] ?? [])) text += chunk;
    expect(text).toBe('a,b\r\n1,x\r\n2,y\r\n');
  });
});
