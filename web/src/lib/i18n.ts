import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cookieKeys } from '@app/contract/sessionKeys';
import { readCookie } from './session';

export const locales = ['en', 'de', 'hi'] as const;
export type Locale = (typeof locales)[number];

/**
 * How each language names itself in the language pickers: the Latin ones by their code (EN, DE), a
 * language in its own script by its name, which its readers recognise where a code would not.
 */
export const localeLabels: Record<Locale, string> = { en: 'EN', de: 'DE', hi: 'हिन्दी' };
export const localeStorageKey = 'locale';
export const defaultLocale: Locale = 'en';

/**
 * Each language's texts are their own chunk, fetched when the language is used: a visitor downloads
 * one language, not all (issue #21). Every language is complete (i18n.test.ts), so there is no
 * fallback language to fetch as well. A next language is its JSON files here and in `locales`
 * (docs/hindi-glossary.md).
 *
 * Two namespaces: `translation`, every screen's texts, and `landing`, the public landing page's,
 * which only that page asks for (`useTranslation('landing')`): the sign-in page and the app's first
 * screen do not download the landing page's long marketing texts (issue 21's budgets).
 */
const texts: Record<string, Record<Locale, () => Promise<{ default: ResourceKey }>>> = {
  translation: {
    en: () => import('../locales/en.json'),
    de: () => import('../locales/de.json'),
    hi: () => import('../locales/hi.json'),
  },
  landing: {
    en: () => import('../locales/landing/en.json'),
    de: () => import('../locales/landing/de.json'),
    hi: () => import('../locales/landing/hi.json'),
  },
};

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, done) {
    const load = texts[namespace]?.[language as Locale];
    if (!load) return done(null, {});
    load().then(
      (module) => done(null, module.default),
      (err: Error) => done(err, false),
    );
  },
};

function isLocale(value: string | null): value is Locale {
  return (locales as readonly (string | null)[]).includes(value);
}

function storedLocale(): Locale {
  const stored = localStorage.getItem(localeStorageKey);
  return isLocale(stored) ? stored : defaultLocale;
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/**
 * The organisation chose Devanagari digits (the clientDetails cookie as session.ts writes it; read
 * here without form/money.ts, which would add 1 KB to the sign-in page's first load).
 */
const devanagariChosen = () =>
  readCookie(cookieKeys.clientDetails)?.includes('"devanagariDigits":true') ?? false;

/** Resolves once the chosen language's texts are in; components suspend until then. */
export const i18nReady = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    lng: storedLocale(),
    fallbackLng: false,
    supportedLngs: locales,
    ns: ['translation'],
    defaultNS: 'translation',
    // A landing-page component's t() finds the shared texts (notify, validation) as well.
    fallbackNS: 'translation',
    interpolation: {
      // React already escapes what it renders.
      escapeValue: false,
      // A number put into a sentence ('914 भुगतान') takes the screen's digits: Devanagari on a Hindi
      // screen when the organisation chose them (issue 48, point 2), as Intl writes money and dates.
      // Only digits change (no grouping: years and ids stay as they are); strings are left alone.
      alwaysFormat: true,
      // (Anything else goes through as it came: the cast only tells TypeScript of i18next's contract.)
      format: (value: unknown) =>
        typeof value === 'number' && i18n.language === 'hi' && devanagariChosen()
          ? String(value).replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]!)
          : (value as string),
    },
    showSupportNotice: false,
  });

export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(localeStorageKey, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
