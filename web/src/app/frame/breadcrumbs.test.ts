import { describe, expect, it } from 'vitest';
import { readableSegment } from './FrameBreadcrumbs';

describe('breadcrumb segments', () => {
  it('read as words', () => {
    expect(readableSegment('feeStructures')).toBe('Fee Structures');
    expect(readableSegment('inactive_users')).toBe('Inactive Users');
  });

  it("keep the specification's URL spelling out of the words", () => {
    expect(readableSegment('branche-payments')).toBe('Branch Payments');
  });
});
