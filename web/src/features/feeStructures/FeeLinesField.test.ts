import { describe, expect, it } from 'vitest';
import { linesTotal } from './FeeLinesField';

describe('linesTotal', () => {
  it('adds the amounts typed so far, skipping empty and unreadable ones', () => {
    expect(linesTotal([{ amount: 150050 }, { amount: 25000 }])).toBe(175050);
    expect(linesTotal([{ amount: 100 }, { amount: undefined }, { amount: Number.NaN }])).toBe(100);
    expect(linesTotal([])).toBe(0);
    expect(linesTotal(undefined)).toBe(0);
  });
});
