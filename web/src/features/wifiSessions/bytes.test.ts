import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('uses decimal units with a few significant digits', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(1500, 'en')).toBe('1.5 KB');
    expect(formatBytes(4_294_971_296, 'en')).toBe('4.29 GB');
    expect(formatBytes(12_345_678, 'de')).toBe('12,3 MB');
    expect(formatBytes(5e15, 'en')).toBe('5,000 TB');
  });
});
