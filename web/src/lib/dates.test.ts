import { afterEach, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import {
  addDays,
  addMonths,
  datePattern,
  daysBetween,
  displayLocale,
  formatDate,
  formatDateTime,
  formatMonth,
  monthName,
  orgTimeZone,
  orgToday,
  parseDateInput,
  todayIn,
} from './dates';

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
    expect(formatDate('2026-03-01', 'en-GB')).toBe('01/03/2026');
    expect(formatDate('2026-03-01', 'de')).toBe('01.03.2026');
    expect(formatDate('2026-03-01', 'en-US')).toBe('03/01/2026');
    expect(formatDate(null)).toBe('');
  });
});

// Issue 14 point 3: a German reader of an Indian library saw '16 Oct 2026' and mm/dd/yyyy inputs.
describe('the language on screen with the organisation region', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('takes the language from the screen and the region from the organisation', () => {
    expect(displayLocale('de', 'en-IN')).toMatch(/^de(-IN)?$/);
    expect(displayLocale('en', 'en-IN')).toBe('en-IN');
    expect(displayLocale('en', 'de-DE')).toBe('en-DE');
    expect(displayLocale('de', 'not a locale')).toBe('de');
  });

  it('writes German dates as dd.mm.yyyy with German month names, whatever the organisation', async () => {
    setClientCookie('Asia/Kolkata');
    await i18n.changeLanguage('de');
    expect(formatDate('2026-10-16')).toBe('16.10.2026');
    expect(formatMonth('2026-10-01', 'long')).toBe('Oktober 2026');
    expect(monthName(3)).toBe('März');
    expect(formatDateTime('2026-10-16T03:35:00Z')).toBe('16.10.2026, 09:05');
    await i18n.changeLanguage('en');
    expect(formatDate('2026-10-16')).toBe('16/10/2026');
    expect(monthName(3)).toBe('March');
  });

  // Issue 48, point 2: Hindi with Indian numbering and Latin digits (Devanagari ones are to be an
  // organisation's setting), and Marathi, whose own default digits are Devanagari, alike.
  it('writes Hindi dates with Hindi month names and Latin digits', async () => {
    expect(displayLocale('hi', 'en-IN')).toBe('hi-IN-u-nu-latn');
    expect(displayLocale('mr', 'en-IN')).toBe('mr-IN-u-nu-latn');
    expect(displayLocale('hi', 'hi-IN-u-nu-deva')).toBe('hi-IN-u-nu-deva');
    setClientCookie('Asia/Kolkata');
    await i18n.changeLanguage('hi');
    expect(formatDate('2026-10-16')).toBe('16/10/2026');
    expect(formatMonth('2026-10-01', 'long')).toBe('अक्टूबर 2026');
    expect(formatDate('2026-10-16', displayLocale('mr', 'en-IN'))).toBe('16/10/2026');
    expect(parseDateInput('16/10/2026', displayLocale('hi', 'en-IN'))).toBe('2026-10-16');
  });

  it('reads a typed date in the order the locale writes it, or as ISO', () => {
    expect(datePattern('de')).toEqual({ order: ['day', 'month', 'year'], separator: '.' });
    expect(datePattern('en-US')).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    expect(parseDateInput('16.10.2026', 'de')).toBe('2026-10-16');
    expect(parseDateInput('1.2.26', 'de')).toBe('2026-02-01');
    expect(parseDateInput('16/10/2026', 'en-IN')).toBe('2026-10-16');
    expect(parseDateInput('10/16/2026', 'en-US')).toBe('2026-10-16');
    expect(parseDateInput('2026-10-16', 'de')).toBe('2026-10-16');
    expect(parseDateInput('31.02.2026', 'de')).toBeNull();
    expect(parseDateInput('16.10.', 'de')).toBeNull();
    expect(parseDateInput('', 'de')).toBeNull();
  });

  it('every date on screen goes through this module', async () => {
    // Issue 14: screens formatted dates on their own, in the organisation's locale only.
    // The two files that may: this module, and the one date input it offers. The template's demo
    // screens (web/src/demo) keep the template's own formats (spec section 9) on sample data. The
    // member entry (the check-in page; the member's page is drawn on the server, issue 45) has no
    // i18next: its one date module is member/useMemberFormat.ts.
    const sources = import.meta.glob(
      [
        '../**/*.{ts,tsx}',
        '!../**/*.test.{ts,tsx}',
        '!./dates.ts',
        '!./form/DateField.tsx',
        '!../demo/**',
        '!../member/useMemberFormat.ts',
      ],
      {
        query: '?raw',
        import: 'default',
      },
    );
    const offenders: string[] = [];
    for (const [path, load] of Object.entries(sources)) {
      const text = (await load()) as string;
      if (
        /Intl\.DateTimeFormat\(|\.toLocale(Date|Time)String\(|new Date\([^)]*\)\.toLocaleString\(|type="date"/.test(
          text,
        )
      )
        offenders.push(path);
    }
    expect(offenders).toEqual([]);
  });
});
