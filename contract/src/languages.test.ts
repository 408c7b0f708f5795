import { describe, expect, it } from 'vitest';
import { languageNames, languageOf, languageOfWord, languages } from './languages.ts';

describe('languageOf', () => {
  it('reads a locale or code as one of the languages', () => {
    expect(languageOf('hi-IN')).toBe('hi');
    expect(languageOf('de')).toBe('de');
    expect(languageOf('EN-gb')).toBe('en');
  });
  it('falls back to English for anything else', () => {
    expect(languageOf('mr-IN')).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});

describe('languageOfWord', () => {
  it('reads codes, the languages own names and their other names', () => {
    expect(languageOfWord(' HI ')).toBe('hi');
    expect(languageOfWord('English')).toBe('en');
    expect(languageOfWord('deutsch')).toBe('de');
    expect(languageOfWord('हिन्दी')).toBe('hi');
    expect(languageOfWord('हिंदी')).toBe('hi');
    expect(languageOfWord('Hindi')).toBe('hi');
    expect(languageOfWord('German')).toBe('de');
    // ज़ as one code point (U+095B) or as ज and the nukta.
    expect(languageOfWord('\u0905\u0902\u0917\u094d\u0930\u0947\u095b\u0940')).toBe('en');
    expect(languageOfWord('\u0905\u0902\u0917\u094d\u0930\u0947\u091c\u093c\u0940')).toBe('en');
    for (const l of languages) expect(languageOfWord(languageNames[l])).toBe(l);
  });
  it('answers null for anything else', () => {
    expect(languageOfWord('Marathi')).toBeNull();
    expect(languageOfWord('')).toBeNull();
  });
});
