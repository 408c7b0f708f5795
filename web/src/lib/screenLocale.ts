import i18n from 'i18next';

/*
 * The locale everything on screen is written in, dates and money alike: the language chosen in the
 * app with the organisation's region. Apart from dates.ts and form/money.ts so both can use it
 * without importing each other.
 */

/** The language on screen ('de'), falling back to English before i18n has started. */
export function screenLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/**
 * The organisation's locale when its language is the one on screen, else the screen's language
 * with the organisation's region ('de' + 'en-IN' -> 'de-IN'). `devanagari`: the organisation's
 * setting (issue 48, point 2), Devanagari digits on a Hindi screen ('hi-IN-u-nu-deva').
 */
export function localeFor(language: string, organisation: string, devanagari = false): string {
  try {
    const org = new Intl.Locale(organisation);
    const digits = devanagari && language === 'hi' ? deva : latinDigits;
    if (org.language === language) return digits(organisation);
    const candidate = org.region === undefined ? language : `${language}-${org.region}`;
    return digits(Intl.DateTimeFormat.supportedLocalesOf(candidate)[0] ?? language);
  } catch {
    return language;
  }
}

const deva = (locale: string) => new Intl.Locale(locale, { numberingSystem: 'deva' }).toString();

/** The languages written in Latin letters, whose digits are Latin anyway. */
const latinScript = new Set(['en', 'de']);

/**
 * An Indian language on screen writes Latin digits (hi-IN-u-nu-latn: 12,34,567.50, 7/12/2026) unless
 * the locale names its numbering itself or the organisation chose Devanagari digits (issue 48,
 * point 2). Some languages' own default is their script's digits (Marathi's is).
 */
function latinDigits(locale: string): string {
  const parsed = new Intl.Locale(locale);
  if (latinScript.has(parsed.language) || parsed.numberingSystem !== undefined) return locale;
  return `${locale}-u-nu-latn`;
}
