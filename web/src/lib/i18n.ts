import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';

export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];
export const localeStorageKey = 'locale';
export const defaultLocale: Locale = 'en';

export const resources = { en: { translation: en }, de: { translation: de } } as const;

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

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: defaultLocale,
  supportedLngs: locales,
  // Resources are bundled, so initialising synchronously lets the first render use the right language.
  initAsync: false,
  // React already escapes what it renders.
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export async function setLocale(locale: Locale): Promise<void> {
  localStorage.setItem(localeStorageKey, locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
