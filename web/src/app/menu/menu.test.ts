import { describe, expect, it } from 'vitest';
import { menu, menuIconNames } from '@app/contract/menu';
import type { MenuEntry } from '@app/contract/menu';
import i18n from '../../lib/i18n';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { menuIcons } from './menuIcons';
import { menuLabel } from './menuLabel';

const entries: MenuEntry[] = menu.flatMap((entry) => [entry, ...(entry.child ?? [])]);

describe('menu on the web', () => {
  it('has a component for every icon name', () => {
    for (const name of menuIconNames) expect(menuIcons[name], name).toBeTruthy();
  });

  it('has an English text equal to the table name and a German text for every entry', () => {
    for (const entry of entries) {
      expect((en.menu as Record<string, string>)[entry.key], entry.key).toBe(entry.name);
      expect((de.menu as Record<string, string>)[entry.key], entry.key).toMatch(/\S/);
    }
  });

  it('names entries in the language on screen', async () => {
    const rooms = entries.find((entry) => entry.key === 'rooms')!;
    await i18n.changeLanguage('de');
    expect(menuLabel(i18n.t, rooms)).toBe('Räume');
    await i18n.changeLanguage('en');
    expect(menuLabel(i18n.t, rooms)).toBe('Rooms');
  });
});
