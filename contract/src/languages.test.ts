import { describe, expect, it } from 'vitest';
import { languageOf } from './languages.ts';

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
