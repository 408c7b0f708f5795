import { createContext, useContext } from 'react';
import { translate, type Key, type Language } from './texts';

/** The language the page is shown in: the member's, once the summary has named it. */
export const LanguageContext = createContext<Language>('en');

/** `t(key, params)` in the page's language, and that language. */
export function useTexts() {
  const language = useContext(LanguageContext);
  return {
    language,
    t: (key: Key, params?: Record<string, string | number>) => translate(language, key, params),
  };
}
