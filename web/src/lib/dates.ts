import { readOrgMoney } from './form/money';
import { readCookie } from './session';
import { localeFor, screenLanguage } from './screenLocale';

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
    // Read by hand, not with the contract's clientDetailsSchema: zod stays off the first load (issue 21).
    const timezone = (JSON.parse(raw) as { timezone?: unknown } | null)?.timezone;
    return typeof timezone === 'string' && isTimeZone(timezone) ? timezone : undefined;
  } catch {
    return undefined;
  }
}

/** Whether Intl knows the zone ('Asia/Kolkata'); it throws on any other. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
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

/*
 * Showing dates. One place decides how every date on screen and in every date input looks: the
 * language chosen in the app (month names, word order) with the organisation's region (e.g. en-IN
 * writes 16/10/2026, en-US 10/16/2026), so a German reader of an Indian library sees 16.10.2026 and
 * "Oktober". Tables, sentences and inputs all use the same numeric form, so what a table shows can
 * be typed back into a filter.
 */

/**
 * The locale dates are written in: the organisation's locale when its language is the one on
 * screen, else the screen's language with the organisation's region ('de' + 'en-IN' -> 'de-IN').
 * Without `organisation`, the signed-in organisation's, with its digits (Devanagari on a Hindi
 * screen when it chose them, issue 48, point 2); with one (another organisation's receipt), Latin.
 */
export function displayLocale(language = screenLanguage(), organisation?: string): string {
  if (organisation !== undefined) return localeFor(language, organisation);
  const org = readOrgMoney();
  return localeFor(language, org.locale, org.devanagariDigits);
}

/** The locale of date inputs: displayLocale's order and separators, always Latin digits (what people type). */
export const inputLocale = (language = screenLanguage()) => localeFor(language, orgLocale());

const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and a table formats many cells: one per locale and options. */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const numericDate = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;

/** A calendar date as 'YYYY-MM-DD' at UTC midnight, so no time zone moves it to another day. */
const utcDay = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** A calendar date ('2026-10-16') as the reader writes it: '16.10.2026', '16/10/2026'; '' for none. */
export function formatDate(date: string | null | undefined, locale = displayLocale()): string {
  if (date === null || date === undefined || date === '') return '';
  const day = utcDay(date);
  if (Number.isNaN(day.getTime())) return date;
  return formatter(locale, { ...numericDate, timeZone: 'UTC' }).format(day);
}

/** A calendar date with the month's name ('16. Oktober 2026'), for receipts and sentences. */
export function formatLongDate(date: string, locale = displayLocale()): string {
  return formatter(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(utcDay(date));
}

/** An instant (ISO 8601) as date and time on the library's clock: '16.10.2026, 09:05'. */
export function formatDateTime(instant: string | null | undefined, locale = displayLocale()): string {
  if (instant === null || instant === undefined || instant === '') return '';
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  return formatter(locale, {
    ...numericDate,
    hour: '2-digit',
    minute: '2-digit',
    timeZone: orgTimeZone(),
  }).format(at);
}

/** An instant's time of day on the library's clock ('09:05', '9:05 am'). */
export function formatTimeOfDay(instant: string, locale = displayLocale()): string {
  return formatter(locale, { timeStyle: 'short', timeZone: orgTimeZone() }).format(new Date(instant));
}

/** The month of a date ('2026-10-01') by name: 'Okt. 2026' (short) or 'Oktober 2026' (long). */
export function formatMonth(
  date: string,
  style: 'short' | 'long' = 'short',
  locale = displayLocale(),
): string {
  return formatter(locale, { month: style, year: 'numeric', timeZone: 'UTC' }).format(utcDay(date));
}

/** The name of a month, 1 = January, in the language on screen ('Januar'). */
export function monthName(month: number, locale = displayLocale()): string {
  return formatter(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month - 1, 1)));
}

/** The short weekday of a date ('Fr.', 'Fri'). */
export function formatWeekday(date: string, locale = displayLocale()): string {
  return formatter(locale, { weekday: 'short', timeZone: 'UTC' }).format(utcDay(date));
}

export type DatePart = 'day' | 'month' | 'year';

/** How the locale writes a numeric date: the parts' order and the separator ('day month year', '.'). */
export function datePattern(locale = displayLocale()): { order: DatePart[]; separator: string } {
  const parts = formatter(locale, { ...numericDate, timeZone: 'UTC' }).formatToParts(utcDay('2026-10-16'));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
  return { order, separator };
}

/**
 * What a person typed into a date input, as 'YYYY-MM-DD': the locale's order with any of . / - or
 * space between the parts ('16.10.2026', '16.10.26', '1.2.2026'), or ISO itself (what tests and
 * pasted values use). Null when it is not a real date.
 */
export function parseDateInput(text: string, locale = displayLocale()): string | null {
  const trimmed = text.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso !== null) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const pieces = trimmed.split(/\s*[./\-\s]\s*/);
    if (pieces.length !== 3 || pieces.some((piece) => !/^\d{1,4}$/.test(piece))) return null;
    const { order } = datePattern(locale);
    const value = (part: DatePart) => Number(pieces[order.indexOf(part)]);
    const yearText = pieces[order.indexOf('year')]!;
    if (yearText.length !== 2 && yearText.length !== 4) return null;
    [year, month, day] = [
      yearText.length === 2 ? 2000 + value('year') : value('year'),
      value('month'),
      value('day'),
    ];
  }
  const result = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const check = utcDay(result);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === result ? result : null;
}

/** The zone this browser's clock runs in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every time zone the browser knows, UTC first when it is missing from the list. */
export function supportedTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
