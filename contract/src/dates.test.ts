import { describe, expect, it } from 'vitest';
import { isoDate } from './users.ts';

describe('isoDate', () => {
  it('takes real calendar dates', () => {
    for (const v of ['2026-11-26', '2024-02-29', '0001-01-01', '9999-12-31']) {
      expect(isoDate.safeParse(v).success, v).toBe(true);
    }
  });

  it('refuses what PostgreSQL cannot store or the calendar does not have', () => {
    for (const v of ['0000-01-01', '2025-02-29', '2026-13-01', '2026-1-1', '26-11-2026', '']) {
      expect(isoDate.safeParse(v).success, v).toBe(false);
    }
  });
});
