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
