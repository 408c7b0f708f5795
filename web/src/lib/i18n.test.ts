import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';

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

describe('locales', () => {
  it('German translates every English key with a non-empty text', () => {
    const english = leaves(en);
    const german = leaves(de);
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of german) expect(text, key).toMatch(/\S/);
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
