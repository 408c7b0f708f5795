import { browserTimeZone } from '../../lib/dates';

/**
 * An organisation's defaults guessed from the browser at registration (issue 14): the time zone
 * and language the browser reports, and the currency of the language's region. The form shows
 * them as fields the person may change; nothing here is sent unasked.
 */
export interface OrganisationDefaults {
  currency: string;
  locale: string;
  timezone: string;
}

// Region -> ISO 4217 currency, for the regions a library like this is likely to register from;
// any other region starts at USD and the person picks theirs.
const currencyByRegion: Record<string, string> = {
  IN: 'INR',
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  AE: 'AED',
  CH: 'CHF',
  JP: 'JPY',
  CN: 'CNY',
  PK: 'PKR',
  BD: 'BDT',
  LK: 'LKR',
  NP: 'NPR',
  ZA: 'ZAR',
  DE: 'EUR',
  AT: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  IE: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  LU: 'EUR',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  BR: 'BRL',
  MX: 'MXN',
};

export function browserDefaults(
  language: string = navigator.language,
  timezone: string = browserTimeZone(),
): OrganisationDefaults {
  let locale = 'en-IN';
  let region: string | undefined;
  try {
    const parsed = new Intl.Locale(language);
    // 'de' alone names no region: its likeliest one (DE) decides the currency.
    region = parsed.maximize().region;
    locale =
      parsed.region === undefined && region !== undefined
        ? `${parsed.language}-${region}`
        : parsed.toString();
  } catch {
    // A language tag the browser made up: keep the defaults.
  }
  return {
    currency: (region !== undefined ? currencyByRegion[region] : undefined) ?? 'USD',
    locale,
    timezone: timezone || 'UTC',
  };
}
