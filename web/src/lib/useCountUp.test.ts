import { describe, expect, it } from 'vitest';
import { countUpAt, countUpMs } from './useCountUp';

describe('the counter animation', () => {
  it('starts at 0, eases out and ends exactly at the value after 3 s', () => {
    expect(countUpMs).toBe(3000);
    expect(countUpAt(1000, 0)).toBe(0);
    expect(countUpAt(1000, 1500)).toBe(875);
    expect(countUpAt(1000, 3000)).toBe(1000);
    expect(countUpAt(123457, 5000)).toBe(123457);
  });
});
