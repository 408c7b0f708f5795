// Issue 48, point 4: the member page says every text in every language, with the same placeholders.
import { describe, expect, it } from 'vitest';
import { languages } from '@app/contract/languages';
import { acceptedLanguage, texts, translate } from './texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the member page's texts", () => {
  it('are kept in every language members read', () => {
    expect(Object.keys(texts).sort()).toEqual([...languages].sort());
  });

  it('have the same keys and placeholders as English in every language, none empty', () => {
    const en: Record<string, string> = texts.en;
    for (const [language, table] of Object.entries(texts) as [string, Record<string, string>][]) {
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(en[key]!));
      }
    }
  });

  it('count in Hindi, and read the phone’s first language', () => {
    expect(translate('hi', 'daysLeft', { count: 1 })).toBe('बाकी 1 दिन');
    expect(acceptedLanguage('hi-IN,en;q=0.8')).toBe('hi');
    expect(acceptedLanguage('de-DE')).toBe('de');
    expect(acceptedLanguage('mr-IN,hi;q=0.9')).toBe('en');
    expect(acceptedLanguage(undefined)).toBe('en');
  });
});
