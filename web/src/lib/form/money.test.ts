import { act, renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { writeCookie } from '../session';
import { formatOrgMoney, readOrgMoney, useOrgMoney } from './money';

const details = (currency: string, locale: string) =>
  JSON.stringify({ clientId: 1, name: 'Demo', currency, locale, timezone: 'Asia/Kolkata' });

afterEach(() => {
  document.cookie = 'clientDetails=; Path=/; Max-Age=0';
});

describe('readOrgMoney', () => {
  it('follows the clientDetails cookie each time it changes (read once per value)', () => {
    expect(readOrgMoney()).toEqual({ currency: 'USD', locale: 'en', devanagariDigits: false }); // no cookie
    writeCookie('clientDetails', details('INR', 'en-IN'));
    expect(readOrgMoney()).toEqual({ currency: 'INR', locale: 'en-IN', devanagariDigits: false });
    expect(readOrgMoney()).toEqual({ currency: 'INR', locale: 'en-IN', devanagariDigits: false });
    writeCookie('clientDetails', details('EUR', 'de-DE'));
    expect(readOrgMoney()).toEqual({ currency: 'EUR', locale: 'de-DE', devanagariDigits: false });
    writeCookie('clientDetails', details('EUR', 'not a locale!')); // a locale Intl refuses
    expect(readOrgMoney()).toEqual({ currency: 'USD', locale: 'en', devanagariDigits: false });
    writeCookie('clientDetails', 'not json');
    expect(readOrgMoney()).toEqual({ currency: 'USD', locale: 'en', devanagariDigits: false });
    // The organisation's Devanagari digits for Hindi screens (issue 48, point 2), absent before: off.
    writeCookie(
      'clientDetails',
      JSON.stringify({ currency: 'INR', locale: 'hi-IN', devanagariDigits: true }),
    );
    expect(readOrgMoney()).toEqual({ currency: 'INR', locale: 'hi-IN', devanagariDigits: true });
  });
});

// Issue 35, point 8: German screens read '₹20,00,765.00' on one page and '1.500,00 ₹' on the next.
/** Intl writes a no-break space between a German amount and its symbol. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatOrgMoney, the one money format on screen', () => {
  it("writes the organisation's currency in the screen's language with the organisation's region", () => {
    writeCookie('clientDetails', details('INR', 'en-IN'));
    expect(formatOrgMoney(200076500, 'en')).toBe('₹20,00,765.00');
    expect(formatOrgMoney(200076500, 'de')).toBe(nb('2.000.765,00 ₹'));
    expect(formatOrgMoney(-15000, 'de')).toBe(nb('-150,00 ₹'));
    // Hindi: lakh grouping and Latin digits (issue 48, point 2).
    expect(formatOrgMoney(200076500, 'hi')).toBe('₹20,00,765.00');
    writeCookie('clientDetails', details('EUR', 'de-DE'));
    expect(formatOrgMoney(150050, 'de')).toBe(nb('1.500,50 €'));
    expect(formatOrgMoney(150050, 'en')).toBe('€1,500.50');
  });

  it('is what every screen formats with, following a change of language', async () => {
    writeCookie('clientDetails', details('INR', 'en-IN'));
    const { result } = renderHook(() => useOrgMoney());
    expect(result.current.format(150000)).toBe('₹1,500.00');
    await act(() => i18n.changeLanguage('de'));
    try {
      expect(result.current.format(150000)).toBe(nb('1.500,00 ₹'));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
