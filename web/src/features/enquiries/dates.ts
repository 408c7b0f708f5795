import { clientDetailsSchema } from '@app/contract/session';
import { readCookie } from '../../lib/session';

/** The organisation's time zone from the clientDetails cookie written at sign-in; UTC when unreadable. */
export function orgTimeZone(): string {
  const raw = readCookie('clientDetails');
  if (raw === null) return 'UTC';
  try {
    const parsed = clientDetailsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return 'UTC';
    new Intl.DateTimeFormat('en', { timeZone: parsed.data.timezone });
    return parsed.data.timezone;
  } catch {
    return 'UTC';
  }
}

/** The calendar date of `now` in `timeZone`, as YYYY-MM-DD (the API's date format). */
export function isoDateIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * `date` (YYYY-MM-DD) plus whole months; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), as people count a month.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD date in the reader's words (e.g. '3 Mar 2026'); the date itself, not a moment. */
export function formatIsoDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
