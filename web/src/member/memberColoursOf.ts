import type { PaletteKey } from '@app/contract/palettes';
import type { MemberPageColours } from '@app/contract/memberPageColours';
import { lightPalette } from '../lib/theme/lightPalette';

/**
 * The member page's colours of a palette in light or dark mode, from the palette MUI's theme of the
 * same settings has (lib/theme/lightPalette). The page is drawn on the server (issue 45), which has
 * no MUI: it reads contract/memberPageColours.ts, which memberColours.test.ts holds equal to this.
 */
export function memberColoursOf(palette: PaletteKey, dark: boolean): MemberPageColours {
  const p = lightPalette(palette, dark ? 'dark' : 'light');
  return {
    primary: p.primary.main,
    'primary-dark': p.primary.dark,
    'on-primary': p.primary.contrastText,
    bg: dark ? p.background.default : '#f4f5f7',
    // MUI's dark paper at elevation 2 (its overlay lightens raised surfaces): cards stand off the page.
    paper: dark ? '#1e1e1e' : p.background.paper,
    ok: dark ? '#66bb6a' : '#2e7d32',
    warn: dark ? '#ffa726' : '#b45309',
    text: p.text.primary,
    'text-2': p.text.secondary,
    divider: p.divider,
    error: p.error.main,
    'error-bg': p.error.lightBg,
    'error-text': p.error.text,
    hover: p.action.hover,
  };
}
