// Issue 48, point 4: every shipped template exists in every language, with the same placeholders.
import { describe, expect, it } from 'vitest';
import { languages } from './languages.ts';
import { defaultTemplates, messageLanguages, templateEvents } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('shipped message templates', () => {
  it('are kept in every language members read', () => {
    expect([...messageLanguages]).toEqual([...languages]);
  });

  it('have every event in every language, no more and no less', () => {
    expect(Object.keys(defaultTemplates).sort()).toEqual([...templateEvents].sort());
    for (const event of templateEvents) {
      expect(Object.keys(defaultTemplates[event]).sort(), event).toEqual([...languages].sort());
      for (const language of languages) {
        const text = defaultTemplates[event][language];
        expect(text.body.trim(), `${event}/${language}`).not.toBe('');
      }
    }
  });

  it('use the same placeholders in every language as in English', () => {
    for (const event of templateEvents) {
      const en = defaultTemplates[event].en;
      for (const language of languages) {
        const text = defaultTemplates[event][language];
        expect(placeholders(text.subject), `${event}/${language} subject`).toEqual(placeholders(en.subject));
        expect(placeholders(text.body), `${event}/${language} body`).toEqual(placeholders(en.body));
      }
    }
  });

  it('say Hindi in Devanagari, not English words', () => {
    for (const event of templateEvents) {
      const hi = defaultTemplates[event].hi;
      const words = `${hi.subject} ${hi.body}`.replace(/\{\{\s*\w+\s*\}\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];
      // Codes and names that stay Latin (docs/hindi-glossary.md).
      expect(
        words.filter((w) => !['UPI', 'SMS', 'WhatsApp'].includes(w)),
        event,
      ).toEqual([]);
    }
  });
});
