import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import landingEn from '../locales/landing/en.json';
import { locales } from './i18n';

/** Every language file there is, so a new one (issue 48: Marathi, Gujarati…) is checked at once. */
const byLanguage = (files: Record<string, { default: object }>) =>
  Object.fromEntries(
    Object.entries(files).map(([path, module]) => [path.replace(/^.*\/(.*)\.json$/, '$1'), module.default]),
  );
const languages = byLanguage(import.meta.glob<{ default: object }>('../locales/*.json', { eager: true }));
/** The landing page's own namespace (lib/i18n.ts), checked the same way. */
const landingLanguages = byLanguage(
  import.meta.glob<{ default: object }>('../locales/landing/*.json', { eager: true }),
);

function leaves(tree: object, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'object' && value !== null) {
      for (const [leaf, text] of leaves(value as object, `${path}.`)) found.set(leaf, text);
    } else {
      found.set(path, value);
    }
  }
  return found;
}

/** The placeholders of a text, sorted: {{name}} and <0>…</0> (a translation keeps each). */
const placeholders = (text: string) => (text.match(/\{\{[^}]+\}\}|<\/?\d+\s*\/?>/g) ?? []).sort().join(' ');

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a language must have: English's, with each English plural (x_one, x_other) in the
 * language's own plural forms (Intl's, which i18next asks: Hindi and German have one and other).
 */
function expectedKeys(language: string, english: Map<string, unknown>): Set<string> {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (pluralSuffix.test(key)) for (const form of forms) keys.add(key.replace(pluralSuffix, `_${form}`));
    else keys.add(key);
  }
  return keys;
}

/** What is wrong with a language's texts against English's, one line each (empty: nothing). */
function problems(language: string, tree: object, source: object = en): string[] {
  const english = leaves(source);
  const texts = leaves(tree);
  const expected = expectedKeys(language, english);
  const found: string[] = [];
  for (const key of expected) if (!texts.has(key)) found.push(`${language}: missing ${key}`);
  for (const [key, text] of texts) {
    if (!expected.has(key)) {
      found.push(`${language}: extra ${key}`);
      continue;
    }
    if (typeof text !== 'string' || !/\S/.test(text)) {
      found.push(`${language}: empty ${key}`);
      continue;
    }
    const source = english.get(key) ?? english.get(key.replace(pluralSuffix, '_other'));
    if (typeof source === 'string' && placeholders(source) !== placeholders(text))
      found.push(`${language}: ${key} has [${placeholders(text)}], English [${placeholders(source)}]`);
  }
  return found;
}

describe('locales', () => {
  it('offers every language file there is, and only those', () => {
    expect(Object.keys(languages).sort()).toEqual([...locales].sort());
    expect(Object.keys(landingLanguages).sort()).toEqual([...locales].sort());
  });

  it.each(locales.filter((language) => language !== 'en'))(
    '%s has exactly English keys, each a non-empty text with the same placeholders',
    (language) => {
      expect(problems(language, languages[language]!)).toEqual([]);
      expect(problems(language, landingLanguages[language]!, landingEn)).toEqual([]);
    },
  );

  it('names a missing, an extra and a changed key', () => {
    const english = leaves(en);
    const [first, second] = [...english.keys()].filter((key) => !pluralSuffix.test(key));
    const tree: Record<string, string> = {};
    for (const [key, text] of english) tree[key] = String(text);
    delete tree[first!];
    tree['no.such.key'] = 'x';
    tree[second!] = 'text without its {{placeholder}}';
    const nested = {};
    for (const [key, text] of Object.entries(tree)) {
      const parts = key.split('.');
      let node: Record<string, unknown> = nested;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      node[parts.at(-1)!] = text;
    }
    const found = problems('hi', nested);
    expect(found).toContain(`hi: missing ${first}`);
    expect(found).toContain('hi: extra no.such.key');
    expect(found.some((line) => line.startsWith(`hi: ${second} has [{{placeholder}}]`))).toBe(true);
  });

  it('English carries the texts the specification fixes', () => {
    expect(en.notify).toEqual({
      saved: 'Data has been saved',
      updated: 'Data has been updated',
      removed: 'Item has been removed',
      canceled: 'Action canceled',
      emailSent: 'Email sent',
    });
    expect(en.validation).toEqual({
      required: 'Required',
      invalidEmail: 'Invalid email',
      passwordsDontMatch: 'Passwords dont match',
    });
    expect(en.errors.unknown).toBe('Unknown Error Occured');
    expect(en.errors.generic).toBe('An error occurred.');
    expect(en.notFound).toEqual({
      title: '404',
      text: 'Oops, Page Not Found :(',
      goToDashboard: 'Go To Dashboard',
    });
  });
});
