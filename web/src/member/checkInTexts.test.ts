// Issue 48, point 4: the check-in page says every text in every language, with the same placeholders.
import { describe, expect, it } from 'vitest';
import { checkInTables, checkInText } from './checkInTexts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('check-in texts', () => {
  it('have the same keys and placeholders in every language', () => {
    const en = checkInTables.en;
    for (const [language, table] of Object.entries(checkInTables)) {
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    }
  });

  it('speaks Hindi', () => {
    expect(checkInText('hi', 'welcome', { name: 'Asha' })).toBe('स्वागत है, Asha');
  });
});
