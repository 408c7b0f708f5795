/**
 * Money travels as an integer number of minor units (paise, cents) of the organisation's currency;
 * never a float. The largest amount one field accepts: 10^12 minor units (₹10,000,000,000.00), far
 * below Number.MAX_SAFE_INTEGER even when a few hundred of them are summed.
 */
export const maxMinorAmount = 1_000_000_000_000;

/** Digits after the decimal point of a currency's minor unit: INR 2, JPY 0, BHD 3. */
export function minorDigits(currency: string, locale = 'en'): number {
  return currencyFormat(locale, currency).resolvedOptions().maximumFractionDigits!;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl formatter per locale and currency: building one costs far more than formatting with it
 * (a table of members formats an amount in every row; a receipt PDF in every line).
 */
function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = currencyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    currencyFormats.set(key, format);
  }
  return format;
}

/**
 * What a person typed ('1,500.50', '1,50,000', '1500', '.5') as integer minor units, or null when it
 * is not an amount: negative, empty, letters, a misplaced separator, or more decimals than the
 * currency has. Grouping must look like grouping (one kind of separator: comma, space or no-break
 * space; the last group three digits, the inner ones two or three), so '1,5' (a German decimal comma)
 * is refused instead of becoming 15.
 */
export function parseMoney(text: string, fractionDigits = 2): number | null {
  const match = /^(\d[\d, \u00a0\u202f]*)?(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === undefined && !match[2])) return null;
  const [, whole = '', fraction = ''] = match;
  const separators = new Set(whole.replace(/\d/g, ''));
  if (separators.size > 1) return null;
  if (separators.size === 1) {
    const groups = whole.split([...separators][0]!);
    const inner = groups.slice(1, -1);
    if (groups[0]!.length > 3 || groups.at(-1)!.length !== 3) return null;
    if (inner.some((g) => g.length < 2 || g.length > 3)) return null;
  }
  if (fraction.length > fractionDigits) return null;
  const value = Number(`${whole.replace(/\D/g, '')}${fraction.padEnd(fractionDigits, '0')}` || '0');
  return Number.isSafeInteger(value) && value <= maxMinorAmount ? value : null;
}

/**
 * Minor units shown as money in a locale ('₹1,500.50', '1.500,50 €', '¥1,500'). The minor-unit
 * digits come from Intl for the currency, and the number is handed to Intl as an exact decimal
 * string, so no floating-point rounding creeps in.
 */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const format = currencyFormat(locale, currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const decimal = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return format.format(`${sign}${decimal}` as Intl.StringNumericLiteral);
}

/** The month a financial year starts in by default: April for INR (India's April-March year), else January. */
export const defaultFyStartMonth = (currency: string) => (currency === 'INR' ? 4 : 1);
