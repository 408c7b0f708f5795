import { displayLocale } from './dates';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A count as the screen writes it (1,234 / 1.234): the screen's language with the organisation's
 * region, as money and dates, instead of the browser's locale that toLocaleString() takes.
 */
export function formatCount(n: number, locale = displayLocale()): string {
  let format = formats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format.format(n);
}
