/**
 * The languages the product speaks to members and on its documents (issue 48): a member's page,
 * messages, receipts and CSV headings. The next Indian language is one more entry here plus its
 * translations (the type then asks for them wherever a text is kept per language).
 */
export const languages = ['en', 'de', 'hi'] as const;
export type Language = (typeof languages)[number];

/** A language code, locale or Accept-Language value as one of ours ('hi-IN' -> 'hi'), else en. */
export function languageOf(value: string | null | undefined): Language {
  const code = (value ?? '').trim().slice(0, 2).toLowerCase();
  return (languages as readonly string[]).includes(code) ? (code as Language) : 'en';
}

/** Each language in its own words, as a CSV of members writes it (issue 48). */
export const languageNames: Record<Language, string> = { en: 'English', de: 'Deutsch', hi: 'हिन्दी' };

/**
 * What a person may write for a language besides its code and its own name (any case), compared in
 * NFC: a nukta letter (ज़) may come as one code point or two.
 */
const otherNames = new Map<string, Language>(
  Object.entries({
    englisch: 'en',
    अंग्रेज़ी: 'en',
    अंग्रेजी: 'en',
    german: 'de',
    जर्मन: 'de',
    hindi: 'hi',
    हिंदी: 'hi',
  } as const).map(([word, language]) => [word.normalize('NFC'), language]),
);

/**
 * A cell of an imported file as a language: the code (en, de, hi), the language's own name
 * (English, Deutsch, हिन्दी) or its name in another of ours (German, Hindi, हिंदी); null if none.
 */
export function languageOfWord(word: string): Language | null {
  const w = word.trim().normalize('NFC').toLowerCase();
  if ((languages as readonly string[]).includes(w)) return w as Language;
  const own = languages.find((l) => languageNames[l].toLowerCase() === w);
  return own ?? otherNames.get(w) ?? null;
}
