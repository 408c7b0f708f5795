import { useSyncExternalStore, type CSSProperties } from 'react';
import { memberPageColours } from '@app/contract/memberPageColours';
import type { PaletteKey } from '@app/contract/palettes';

const darkQuery = '(prefers-color-scheme: dark)';
const subscribe = (onChange: () => void) => {
  const list = window.matchMedia?.(darkQuery);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};
const prefersDark = () => window.matchMedia?.(darkQuery).matches ?? false;

/**
 * The organisation's palette (its settings, issue 37) in the phone's own light or dark mode: a member
 * never opens the settings drawer, their phone says which they like. Given to the sheet as custom
 * properties (no MUI on this page), from the table the server-drawn member page uses too.
 */
export function useMemberLook(palette: PaletteKey): { style: CSSProperties; dark: boolean } {
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false);
  const colours = memberPageColours[palette][dark ? 'dark' : 'light'];
  const style = Object.fromEntries(Object.entries(colours).map(([name, value]) => [`--mp-${name}`, value]));
  return { style: { ...style, colorScheme: dark ? 'dark' : 'light' } as CSSProperties, dark };
}
