import { describe, expect, it } from 'vitest';
import { differenceTone } from './differenceTone';

describe('the day close difference', () => {
  it('is red when short, amber when over and green when exact', () => {
    expect(differenceTone(-1000)).toBe('error.main');
    expect(differenceTone(500)).toBe('warning.main');
    expect(differenceTone(0)).toBe('success.main');
  });
});
