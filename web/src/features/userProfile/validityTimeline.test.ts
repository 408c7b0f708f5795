import { describe, expect, it } from 'vitest';
import { validityTimeline } from './validityTimeline';

const member = { joinedOn: '2026-01-01', validFrom: '2026-01-01', validTill: '2026-01-31' };

describe('validity timeline', () => {
  it('is valid with the days left to validTill, and has used the share of the period so far', () => {
    const tl = validityTimeline({ ...member, today: '2026-01-10' });
    expect(tl.state).toBe('valid');
    expect(tl.daysLeft).toBe(21);
    expect(tl.used).toBeCloseTo(10 / 31);
  });

  it('is expiring at 7 days left or fewer, and still valid on the last day itself', () => {
    expect(validityTimeline({ ...member, today: '2026-01-24' }).state).toBe('expiring');
    expect(validityTimeline({ ...member, today: '2026-01-23' }).state).toBe('valid');
    const lastDay = validityTimeline({ ...member, today: '2026-01-31' });
    expect(lastDay.state).toBe('expiring');
    expect(lastDay.daysLeft).toBe(0);
    expect(lastDay.used).toBe(1);
  });

  it('is expired the day after validTill, with days since as a negative count', () => {
    const tl = validityTimeline({ ...member, today: '2026-02-05' });
    expect(tl.state).toBe('expired');
    expect(tl.daysLeft).toBe(-5);
    expect(tl.used).toBe(1);
  });

  it('is upcoming before validFrom, with the days until it starts', () => {
    const tl = validityTimeline({
      joinedOn: '2026-01-01',
      validFrom: '2026-01-10',
      validTill: '2026-02-09',
      today: '2026-01-07',
    });
    expect(tl.state).toBe('upcoming');
    expect(tl.daysUntilStart).toBe(3);
    expect(tl.used).toBe(0);
  });

  it('places the marks on one bar from the earliest to the latest date', () => {
    const tl = validityTimeline({
      joinedOn: '2025-12-22',
      validFrom: '2026-01-01',
      validTill: '2026-01-31',
      today: '2026-02-10',
    });
    const at = Object.fromEntries(tl.marks.map((m) => [m.key, m.at]));
    expect(at.joined).toBe(0);
    expect(at.today).toBe(1);
    expect(at.validFrom).toBeCloseTo(10 / 50);
    expect(at.validTill).toBeCloseTo(40 / 50);
    expect(tl.period).toEqual({ from: at.validFrom, till: at.validTill });
  });

  it('does not divide by zero when every date is the same day', () => {
    const tl = validityTimeline({
      joinedOn: '2026-01-01',
      validFrom: '2026-01-01',
      validTill: '2026-01-01',
      today: '2026-01-01',
    });
    expect(tl.marks.every((m) => m.at === 0)).toBe(true);
    expect(tl.daysLeft).toBe(0);
  });
});
