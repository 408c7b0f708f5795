import { clientDetailsSchema } from '@app/contract/session';
import { readOrgMoney } from './form/money';
import { readCookie } from './session';

/*
 * Calendar dates as the API writes them: 'YYYY-MM-DD'. They are dates, not moments, so the
 * arithmetic runs on UTC midnights (no DST or clock drift) and "today" is taken in the
 * organisation's time zone, the day the server counts validity and follow-ups by.
 */

/** The organisation's time zone from the clientDetails cookie written at sign-in; undefined lets Intl use the browser's. */
export function orgTimeZone(): string | undefined {
  const raw = readCookie('clientDetails');
  if (raw === null) return undefined;
  try {
    const parsed = clientDetailsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    new Intl.DateTimeFormat('en', { timeZone: parsed.data.timezone }); // throws on an unknown zone
    return parsed.data.timezone;
  } catch {
    return undefined;
  }
}

/** The locale dates are shown in, the same one the tables use for money. */
export const orgLocale = () => readOrgMoney().locale;

/** The calendar date of `now` in `timeZone`. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Today where the library is. */
export const orgToday = (now = new Date()) => todayIn(orgTimeZone(), now);

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * `date` plus whole months; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), as people count a month.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A date in the reader's words (e.g. '3 Mar 2026'), not shifted by any time zone. */
export function formatIsoDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Every time zone the browser knows, UTC first when it is missing from the list. */
export function supportedTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
