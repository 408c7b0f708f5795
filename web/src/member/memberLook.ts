import { useSyncExternalStore, type CSSProperties } from 'react';
import type { PaletteKey } from '@app/contract/palettes';
import { lightPalette } from '../lib/theme/lightPalette';

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
 * properties, as the sign-in page does (no MUI on this page).
 */
export function useMemberLook(palette: PaletteKey): { style: CSSProperties; dark: boolean } {
  const dark = useSyncExternalStore(subscribe, prefersDark, () => false);
  const p = lightPalette(palette, dark ? 'dark' : 'light');
  const style = {
    '--mp-primary': p.primary.main,
    '--mp-primary-dark': p.primary.dark,
    '--mp-on-primary': p.primary.contrastText,
    '--mp-bg': dark ? p.background.default : '#f4f5f7',
    // MUI's dark paper at elevation 2 (its overlay lightens raised surfaces): cards stand off the page.
    '--mp-paper': dark ? '#1e1e1e' : p.background.paper,
    '--mp-ok': dark ? '#66bb6a' : '#2e7d32',
    '--mp-warn': dark ? '#ffa726' : '#b45309',
    '--mp-text': p.text.primary,
    '--mp-text-2': p.text.secondary,
    '--mp-divider': p.divider,
    '--mp-error': p.error.main,
    '--mp-error-bg': p.error.lightBg,
    '--mp-error-text': p.error.text,
    '--mp-hover': p.action.hover,
    colorScheme: dark ? 'dark' : 'light',
  } as CSSProperties;
  return { style, dark };
}
