import type en from '../locales/en.json';
import type landing from '../locales/landing/en.json';

// Makes t() reject keys that English does not define, so a typo fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; landing: typeof landing };
  }
}
