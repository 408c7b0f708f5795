import { afterEach, describe, expect, it } from 'vitest';
import { errorCodes, errorTemplates, placeholdersOf } from '@app/contract/errorCodes';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { ApiError } from './api';
import { errorMessage, saidInLanguage } from './errorMessage';
import i18n from './i18n';

const translations = { en: en.serverErrors, de: de.serverErrors } as Record<string, Record<string, string>>;
const placeholdersOfTranslation = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);

describe('server sentences in the user’s language (issue 14)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('has an English and a German text for every code of the contract, with only its parameters', () => {
    expect(errorCodes.length).toBeGreaterThan(60);
    for (const lang of ['en', 'de']) {
      const texts = translations[lang]!;
      for (const code of errorCodes) {
        const text = texts[code];
        expect(text, `${lang} serverErrors.${code}`).toMatch(/\S/);
        const allowed = placeholdersOf(errorTemplates[code]);
        for (const used of placeholdersOfTranslation(text!)) {
          expect(allowed, `${lang} serverErrors.${code} uses {{${used}}}`).toContain(used);
        }
      }
      // No text for a code the contract no longer has.
      expect(Object.keys(texts).sort()).toEqual([...errorCodes].sort());
    }
  });

  it('English texts say what the API says', () => {
    for (const code of errorCodes) {
      expect(translations['en']![code]!.replace(/\{\{(\w+)\}\}/g, '{$1}'), code).toBe(errorTemplates[code]);
    }
  });

  it('shows a known code in German with its parameters, an unknown code in the server’s English', async () => {
    await i18n.changeLanguage('de');
    const seat = new ApiError({
      status: 409,
      reason: 'CONFLICT',
      message: 'Seats above 5 are held by Asha Rao (35): move them first.',
      code: 'ROOM_SEATS_HELD',
      params: { capacity: 5, members: 'Asha Rao (35)' },
    });
    expect(errorMessage(seat)).toBe(
      'Plätze über 5 sind belegt von Asha Rao (35): verlegen Sie diese zuerst.',
    );
    const used = { message: 'Used by 2 fee structure(s).', code: 'USED_BY_FEE_STRUCTURES', params: { n: 2 } };
    expect(saidInLanguage(used)).toBe('Wird von 2 Gebührenstruktur(en) verwendet.');
    const newer = { message: 'Something a newer server says.', code: 'NOT_IN_THIS_WEB_YET' };
    expect(saidInLanguage(newer)).toBe('Something a newer server says.');
    expect(saidInLanguage({ message: 'No code at all.' })).toBe('No code at all.');
  });
});
