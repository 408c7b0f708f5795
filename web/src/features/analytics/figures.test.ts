import { describe, expect, it } from 'vitest';
import { heatShares, lastTwelveMonths, monthLabel, toCsv } from './figures';

describe('analytics figures', () => {
  it('write CSV with a header, quoting and defused formulas', () => {
    expect(
      toCsv([
        { Month: 'Mar 2026', Collections: 1500.5, Note: 'a, b' },
        { Month: '=1+1', Collections: 0, Note: 'say "hi"' },
      ]),
    ).toBe('\uFEFFMonth,Collections,Note\r\nMar 2026,1500.5,"a, b"\r\n\'=1+1,0,"say ""hi"""\r\n');
    expect(toCsv([])).toBe('');
  });

  it('label months in the reader language', () => {
    expect(monthLabel('2026-03', 'en')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'de')).toBe('März 2026');
  });

  it('give each hour its share of the seats, capped at full', () => {
    expect(heatShares([0, 42, 90], 84)).toEqual([0, 0.5, 1]);
    expect(heatShares([5], 0)).toEqual([0]);
  });

  it('open on the last twelve months', () => {
    expect(lastTwelveMonths('2026-11-25')).toEqual({ from: '2025-12-01', to: '2026-11-25' });
    expect(lastTwelveMonths('2026-12-03')).toEqual({ from: '2026-01-01', to: '2026-12-03' });
  });
});
