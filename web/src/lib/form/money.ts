import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, minorDigits } from '@app/contract/money';
import { localeFor, screenLanguage } from '../screenLocale';
import { readCookie } from '../session';

export interface OrgMoney {
  currency: string;
  locale: string;
  /** Devanagari digits on Hindi screens, the organisation's setting (issue 48, point 2). */
  devanagariDigits?: boolean;
}

const fallback: OrgMoney = { currency: 'USD', locale: 'en', devanagariDigits: false };

let lastRead: { raw: string; money: OrgMoney } | undefined;

/** The organisation's currency, locale and digits, from the clientDetails cookie written at sign-in. */
export function readOrgMoney(): OrgMoney {
  const raw = readCookie('clientDetails');
  if (raw === null) return fallback;
  // Every money cell of a table asks; the cookie changes only at sign-in and in settings.
  if (lastRead?.raw !== raw) lastRead = { raw, money: parseOrgMoney(raw) };
  return lastRead.money;
}

function parseOrgMoney(raw: string): OrgMoney {
  try {
    // Read by hand, not with the contract's clientDetailsSchema: zod stays off the first load (issue 21).
    const { currency, locale, devanagariDigits } = (JSON.parse(raw) ?? {}) as Record<string, unknown>;
    if (typeof currency !== 'string' || typeof locale !== 'string') return fallback;
    // A currency or locale Intl does not know would throw on every amount; use the fallback instead.
    new Intl.NumberFormat(locale, { style: 'currency', currency });
    return { currency, locale, devanagariDigits: devanagariDigits === true };
  } catch {
    return fallback;
  }
}

/** Minor units as a plain, grouped amount for an input ('1,500.50'), which parseMoney reads back. */
export function moneyInputText(minor: number, fractionDigits: number): string {
  const abs = String(Math.abs(Math.trunc(minor))).padStart(fractionDigits + 1, '0');
  const decimal =
    fractionDigits === 0 ? abs : `${abs.slice(0, -fractionDigits)}.${abs.slice(-fractionDigits)}`;
  return new Intl.NumberFormat('en', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(`${minor < 0 ? '-' : ''}${decimal}` as Intl.StringNumericLiteral);
}

/** The currency's symbol in the organisation's locale ('₹', '€'). */
export function currencySymbol({ currency, locale }: OrgMoney): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/**
 * The one way money is written on screen (issue 35): the organisation's currency in the screen's
 * language with the organisation's region, so a German screen of an Indian library reads
 * '2.000.765,00 ₹' on every page, never '₹20,00,765.00' beside '1.500,00 ₹'. CSV files keep plain
 * numbers.
 */
export function formatOrgMoney(minor: number, language = screenLanguage(), org = readOrgMoney()): string {
  return formatMoney(minor, org.currency, localeFor(language, org.locale, org.devanagariDigits));
}

/** The organisation's money for a component, written anew when the language on screen changes. */
export function useOrgMoney() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const org = readOrgMoney();
    return {
      ...org,
      digits: minorDigits(org.currency, org.locale),
      symbol: currencySymbol(org),
      format: (minor: number) => formatOrgMoney(minor, language, org),
    };
  }, [language]);
}
