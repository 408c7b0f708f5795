import { daysBetween } from '../../lib/dates';

export type ValidityState = 'upcoming' | 'valid' | 'expiring' | 'expired';

export interface TimelineMark {
  key: 'joined' | 'validFrom' | 'today' | 'validTill';
  date: string;
  /** Position on the bar, 0 to 1. */
  at: number;
}

export interface ValidityTimeline {
  state: ValidityState;
  /** Days from today to validTill (0 on the last valid day); negative once expired. */
  daysLeft: number;
  /** Days until validity starts, when it has not started yet. */
  daysUntilStart: number;
  /** Share of the validity period already used, 0 to 1. */
  used: number;
  marks: TimelineMark[];
  /** Where the valid period sits on the bar. */
  period: { from: number; till: number };
}

/** The list badge says "Expires in N days" at 7 or fewer; the timeline uses the same limit. */
export const expiringWithinDays = 7;

/**
 * Where joined, valid from, today and valid till sit on one bar, and what state the validity is in.
 * A member is valid through the whole of validTill (the server expires them the day after).
 */
export function validityTimeline(member: {
  joinedOn: string;
  validFrom: string;
  validTill: string;
  today: string;
}): ValidityTimeline {
  const { joinedOn, validFrom, validTill, today } = member;
  const dates = [joinedOn, validFrom, validTill, today].sort();
  const start = dates[0]!;
  const span = Math.max(1, daysBetween(start, dates[dates.length - 1]!));
  const at = (date: string) => daysBetween(start, date) / span;
  const daysLeft = daysBetween(today, validTill);
  const daysUntilStart = Math.max(0, daysBetween(today, validFrom));
  const state: ValidityState =
    daysLeft < 0
      ? 'expired'
      : daysUntilStart > 0
        ? 'upcoming'
        : daysLeft <= expiringWithinDays
          ? 'expiring'
          : 'valid';
  const length = daysBetween(validFrom, validTill) + 1;
  const used = Math.min(1, Math.max(0, (daysBetween(validFrom, today) + 1) / length));
  return {
    state,
    daysLeft,
    daysUntilStart,
    used: state === 'upcoming' ? 0 : used,
    marks: [
      { key: 'joined', date: joinedOn, at: at(joinedOn) },
      { key: 'validFrom', date: validFrom, at: at(validFrom) },
      { key: 'today', date: today, at: at(today) },
      { key: 'validTill', date: validTill, at: at(validTill) },
    ],
    period: { from: at(validFrom), till: at(validTill) },
  };
}
