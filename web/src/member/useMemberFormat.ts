import type { PortalSummary } from '@app/contract/portal';
import { formatMoney } from '@app/contract/money';
import { useTexts } from './useTexts';

/**
 * The organisation's locale when its language is the member's, else the member's language with the
 * organisation's region ('de' + 'en-IN' -> 'de-IN'): the rule of the app's lib/screenLocale, which
 * this page does not import (it reads i18next).
 */
export function memberLocale(language: string, organisation: string): string {
  try {
    const org = new Intl.Locale(organisation);
    if (org.language === language) return organisation;
    const candidate = org.region === undefined ? language : `${language}-${org.region}`;
    return Intl.DateTimeFormat.supportedLocalesOf(candidate)[0] ?? language;
  } catch {
    return language;
  }
}

/** A calendar date ('2026-10-16') at UTC midnight, so no time zone moves it to another day. */
const utcDay = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** Money and dates as the member's language writes them, in the organisation's currency and region. */
export function useMemberFormat(summary: PortalSummary) {
  const { language } = useTexts();
  const locale = memberLocale(language, summary.organisation.locale);
  return {
    money: (minor: number) => formatMoney(minor, summary.organisation.currency, locale),
    date: (day: string) =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(utcDay(day)),
    locale,
  };
}

/** A date as the phone writes it in the member's language ('7 Dec 2026'), for the check-in page. */
export const phoneDate = (language: string, day: string) =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(day));
