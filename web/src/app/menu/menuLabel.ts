import type { TFunction } from 'i18next';
import type { MenuEntry } from '@app/contract/menu';

/** The name of a menu entry in the language on screen: `menu.<key>`, else the table's English name. */
export function menuLabel(t: TFunction, entry: MenuEntry): string {
  // Menu keys are runtime strings; menuLabel.test.ts proves every one has a text in en and de.
  return t(`menu.${entry.key}` as 'menu.dashboard', { defaultValue: entry.name });
}
