// Money and dates on the member page drawn on the server (issue 45, point 1), as the page wrote them
// in the browser (web/src/member/useMemberFormat.ts, which the check-in page keeps).
import type { PortalSummary } from '@app/contract/portal';
import { formatMoney } from '@app/contract/money';
import type { Language } from './texts.ts';

/**
 * The organisation's locale when its language is the member's, else the member's language with the
 * organisation's region ('de' + 'en-IN' -> 'de-IN'). `devanagariDigits`, the organisation's setting
 * (issue 48, point 2): a Hindi member's numbers, money and dates in Devanagari digits
 * ('hi-IN-u-nu-deva': ₹१,२३४.५०, १६/१०/२०२६); else Latin digits in every language.
 */
export function memberLocale(language: string, organisation: string, devanagariDigits = false): string {
  const digits = devanagariDigits && language === 'hi' ? devanagari : latinDigits;
  try {
    const org = new Intl.Locale(organisation);
    if (org.language === language) return digits(organisation);
    const candidate = org.region === undefined ? language : `${language}-${org.region}`;
    return digits(Intl.DateTimeFormat.supportedLocalesOf(candidate)[0] ?? language);
  } catch {
    return digits(language);
  }
}

const devanagari = (locale: string) => new Intl.Locale(locale, { numberingSystem: 'deva' }).toString();

/**
 * The locale with Latin digits where its own default is another script ('hi-IN' -> 12,34,567.50 and
 * 16/10/2026, as the staff app writes Hindi, docs/hindi-glossary.md), unless the organisation chose
 * Devanagari digits (memberLocale). A locale that writes Latin digits stays as it is.
 */
function latinDigits(locale: string): string {
  if (new Intl.NumberFormat(locale).resolvedOptions().numberingSystem === 'latn') return locale;
  return new Intl.Locale(locale, { numberingSystem: 'latn' }).toString();
}

/** A calendar date ('2026-10-16') at UTC midnight, so no time zone moves it to another day. */
const utcDay = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

export type MemberFormat = ReturnType<typeof memberFormat>;

/**
 * Money, dates and counts as the member's language writes them, in the organisation's currency and
 * region, with Devanagari digits for a Hindi member where the organisation chose them.
 */
export function memberFormat(summary: PortalSummary, language: Language, devanagariDigits = false) {
  const locale = memberLocale(language, summary.organisation.locale, devanagariDigits);
  const numbers = new Intl.NumberFormat(locale);
  const dates = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    money: (minor: number) => formatMoney(minor, summary.organisation.currency, locale),
    date: (day: string) => dates.format(utcDay(day)),
    number: (n: number) => numbers.format(n),
    /** A time of day or window as the server wrote it ('09:00–17:00') in the page's digits. */
    digits: (text: string) => text.replace(/[0-9]/g, (d) => numbers.format(Number(d))),
    locale,
  };
}

/**
 * Bytes as the page shows them: decimal GB (as the package's cap is set), MB below 1 GB. `locale`:
 * memberFormat's (a language alone, 'hi', writes Latin digits).
 */
export function formatBytes(bytes: number, locale: string): string {
  const gb = bytes >= 1e9;
  const value = bytes / (gb ? 1e9 : 1e6);
  const number = new Intl.NumberFormat(latinDigits(locale), {
    maximumFractionDigits: value < 10 ? 2 : 1,
  }).format(value);
  return `${number} ${gb ? 'GB' : 'MB'}`;
}
