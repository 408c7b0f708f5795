import { afterEach, describe, expect, it } from 'vitest';
import { errorCodes, errorTemplates, placeholdersOf, recordNames } from '@app/contract/errorCodes';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { ApiError } from './api';
import { errorMessage, saidInLanguage } from './errorMessage';
import i18n from './i18n';

const translations = { en: en.serverErrors, de: de.serverErrors } as Record<string, Record<string, string>>;
const recordWords = { en: en.serverRecords, de: de.serverRecords } as Record<string, Record<string, string>>;
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

  it('has the words for every kind of record in English (as the API says them) and German', () => {
    expect(recordWords['en']).toEqual(recordNames);
    expect(Object.keys(recordWords['de']!).sort()).toEqual(Object.keys(recordNames).sort());
  });

  it('names a missing record in German, with the article its noun takes', async () => {
    await i18n.changeLanguage('de');
    const missing = new ApiError({
      status: 404,
      reason: 'NOT_FOUND',
      message: 'The member was not found.',
      code: 'RECORD_NOT_FOUND',
      params: { what: 'MEMBER' },
    });
    expect(errorMessage(missing)).toBe('Das Mitglied wurde nicht gefunden.');
    const session = { message: 'x', code: 'RECORD_NOT_FOUND', params: { what: 'WIFI_SESSION' } };
    expect(saidInLanguage(session)).toBe('Die WLAN-Sitzung wurde nicht gefunden.');
    const used = { message: 'x', code: 'STILL_IN_USE', params: { what: 'CATEGORY' } };
    expect(saidInLanguage(used)).toBe('Die Kategorie wird noch von anderen Einträgen verwendet.');
    await i18n.changeLanguage('en');
    expect(errorMessage(missing)).toBe('The member was not found.');
  });

  it('says the rarer refusals in German too', async () => {
    await i18n.changeLanguage('de');
    const device = {
      message: 'No device AB12 is waiting to be accepted: …',
      code: 'DEVICE_NOT_WAITING',
      params: { serial: 'AB12' },
    };
    expect(saidInLanguage(device)).toMatch(/^Kein Gerät AB12 wartet auf Annahme/);
    const retry = { message: 'Only a failed message can be retried.', code: 'MESSAGE_RETRY_FAILED_ONLY' };
    expect(saidInLanguage(retry)).toBe('Nur eine fehlgeschlagene Nachricht kann erneut gesendet werden.');
  });

  it('words a request schema’s field problem (zod issue code) in German, its English when unknown', async () => {
    await i18n.changeLanguage('de');
    const short = {
      message: 'Too small: expected string to have >=3 characters',
      code: 'zod.too_small',
      params: { origin: 'string', minimum: 3, inclusive: 'true' },
    };
    expect(saidInLanguage(short)).toBe('Mindestens 3 Zeichen');
    const missing = {
      message: 'Invalid input: expected string, received undefined',
      code: 'zod.invalid_type',
      params: { expected: 'string', received: 'undefined' },
    };
    expect(saidInLanguage(missing)).toBe('Pflichtfeld');
    const over = {
      message: 'Too big',
      code: 'zod.too_big',
      params: { origin: 'number', maximum: 10, inclusive: 'false' },
    };
    expect(saidInLanguage(over)).toBe('Weniger als 10');
    const email = {
      message: 'Invalid email address',
      code: 'zod.invalid_format',
      params: { format: 'email' },
    };
    expect(saidInLanguage(email)).toBe('Ungültige E-Mail-Adresse');
    const choice = { message: 'Invalid option', code: 'zod.invalid_value', params: { values: 'room, desk' } };
    expect(saidInLanguage(choice)).toBe('Wählen Sie eines von: room, desk');
    const future = { message: 'Words of a newer zod', code: 'zod.some_future_issue', params: {} };
    expect(saidInLanguage(future)).toBe('Words of a newer zod');
  });
});
