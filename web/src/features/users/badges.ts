import { daysBetween } from '../../lib/dates';

export type ValidityBadge = { kind: 'expired' } | { kind: 'expiring'; days: number } | null;

/** Members whose validity ends within this many days get an 'Expires in N days' badge. */
export const expiringSoonDays = 7;

/**
 * The badge of a validity end date seen on `today` (both 'YYYY-MM-DD'): 'Expired' once it has
 * passed, 'Expires in N days' from seven days before it (0 is today), none before that.
 */
export function validityBadge(validTill: string, today: string): ValidityBadge {
  const days = daysBetween(today, validTill);
  if (days < 0) return { kind: 'expired' };
  if (days <= expiringSoonDays) return { kind: 'expiring', days };
  return null;
}

/** A member may be reactivated by hand only while their validity lasts; after that a payment extends it. */
export function canReactivate(validTill: string, today: string): boolean {
  return validTill >= today;
}
