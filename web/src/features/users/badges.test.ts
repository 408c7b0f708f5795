import { describe, expect, it } from 'vitest';
import { canReactivate, validityBadge } from './badges';

describe('validityBadge', () => {
  const today = '2026-03-10';
  it("says 'Expires in N days' from seven days before the end, today included", () => {
    expect(validityBadge('2026-03-17', today)).toEqual({ kind: 'expiring', days: 7 });
    expect(validityBadge('2026-03-11', today)).toEqual({ kind: 'expiring', days: 1 });
    expect(validityBadge('2026-03-10', today)).toEqual({ kind: 'expiring', days: 0 });
  });

  it('has no badge eight or more days ahead', () => {
    expect(validityBadge('2026-03-18', today)).toBeNull();
    expect(validityBadge('2027-01-01', today)).toBeNull();
  });

  it("says 'Expired' once the end date has passed, across month ends", () => {
    expect(validityBadge('2026-03-09', today)).toEqual({ kind: 'expired' });
    expect(validityBadge('2026-02-28', '2026-03-01')).toEqual({ kind: 'expired' });
    expect(validityBadge('2026-04-03', '2026-03-31')).toEqual({ kind: 'expiring', days: 3 });
  });
});

describe('canReactivate', () => {
  it('allows reactivation while validity lasts (the last day included), not after', () => {
    expect(canReactivate('2026-03-10', '2026-03-10')).toBe(true);
    expect(canReactivate('2026-12-31', '2026-03-10')).toBe(true);
    expect(canReactivate('2026-03-09', '2026-03-10')).toBe(false);
  });
});
