import { afterEach, describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, formatIsoDate, orgTimeZone, orgToday, todayIn } from './dates';

function setClientCookie(timezone: string) {
  const details = { clientId: 1, name: 'Org', currency: 'INR', locale: 'en-IN', timezone };
  document.cookie = `clientDetails=${encodeURIComponent(JSON.stringify(details))}; path=/`;
}

afterEach(() => {
  document.cookie = 'clientDetails=; path=/; max-age=0';
});

describe('dates', () => {
  it('counts and moves calendar days across month ends, leap years and DST changes', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', 29)).toBe('2026-01-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-02-01', '2026-01-31')).toBe(-1);
  });

  it('adds a month as people count it: the same day, or the last day of a shorter month', () => {
    expect(addMonths('2026-03-10', 1)).toBe('2026-04-10');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('takes today in a time zone, which may differ from UTC', () => {
    const lateUtc = new Date('2026-03-10T20:00:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2026-03-10');
    expect(todayIn('Asia/Kolkata', lateUtc)).toBe('2026-03-11');
    expect(todayIn('America/Los_Angeles', new Date('2026-03-10T05:00:00Z'))).toBe('2026-03-09');
  });

  it("reads the organisation's zone from the sign-in cookie, ignoring an unknown one", () => {
    setClientCookie('Asia/Kolkata');
    expect(orgTimeZone()).toBe('Asia/Kolkata');
    expect(orgToday(new Date('2026-03-10T20:00:00Z'))).toBe('2026-03-11');
    setClientCookie('Mars/Olympus');
    expect(orgTimeZone()).toBeUndefined();
  });

  it('writes a date in the reader locale without shifting it by a time zone', () => {
    expect(formatIsoDate('2026-03-01', 'en-GB')).toBe('1 Mar 2026');
    expect(formatIsoDate('2026-03-01', 'de')).toBe('01.03.2026');
  });
});
