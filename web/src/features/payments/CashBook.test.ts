import { describe, expect, it } from 'vitest';
import { differenceTone } from './differenceTone';

describe('the day close difference', () => {
  it('is red when short, amber when over and green when exact', () => {
    expect(differenceTone(-1000)).toBe('error.main');
    expect(differenceTone(500)).toBe('warning.main');
    expect(differenceTone(0)).toBe('success.main');
  });
});

describe('the close form', () => {
  it('asks a reason only when the count differs from the books (issue 34)', async () => {
    const { closeSchemaFor } = await import('./CloseDayDialog');
    const schema = closeSchemaFor(12_525_150);
    expect(schema.safeParse({ counted: 12_525_150, reason: '' }).success).toBe(true);
    const typo = schema.safeParse({ counted: 100_000, reason: ' ' });
    expect(typo.success ? [] : typo.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reason', 'cashBook.reasonRequired'],
    ]);
    expect(schema.safeParse({ counted: 100_000, reason: 'Counted in a hurry' }).success).toBe(true);
  });
});
