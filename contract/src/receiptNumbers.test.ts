import { describe, expect, it } from 'vitest';
import { financialYear, receiptNumber } from './receiptNumbers.ts';

describe('financial year', () => {
  it('is the calendar year when it starts in January', () => {
    expect(financialYear('2026-01-01', 1)).toBe('2026');
    expect(financialYear('2026-12-31', 1)).toBe('2026');
  });

  it('runs April to March for an April start', () => {
    expect(financialYear('2026-03-31', 4)).toBe('2025-26');
    expect(financialYear('2026-04-01', 4)).toBe('2026-27');
    expect(financialYear('2099-12-01', 4)).toBe('2099-00');
  });

  it('follows any start month', () => {
    expect(financialYear('2026-06-30', 7)).toBe('2025-26');
    expect(financialYear('2026-07-01', 7)).toBe('2026-27');
  });
});

describe('receipt number', () => {
  it('joins prefix, branch code, year and number, with B{id} for a branch without a code', () => {
    expect(receiptNumber({ prefix: 'DL', branchCode: 'KOR', branchId: 3, fy: '2026-27', seq: 42 })).toBe(
      'DL-KOR-2026-27-42',
    );
    expect(receiptNumber({ prefix: 'RCP', branchCode: ' ', branchId: 7, fy: '2026', seq: 1 })).toBe(
      'RCP-B7-2026-1',
    );
  });
});
