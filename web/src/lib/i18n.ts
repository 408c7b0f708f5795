import i18n from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

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
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });

export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(localeStorageKey, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
