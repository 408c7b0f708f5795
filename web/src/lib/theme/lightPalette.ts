import { darken, getContrastRatio, lighten } from '@mui/system/colorManipulator';
import type { ThemeMode } from '../uiSettings';
import { darkModePrimary, darkPaper, textContrast } from './darkPrimary';
import { palettes } from './palettes';
import type { PaletteKey } from './palettes';

/** The colours a page without MUI needs, as the MUI theme of the same settings has them. */
export interface LightPalette {
  primary: { main: string; light: string; dark: string; contrastText: string };
  secondary: { main: string; dark: string };
  background: { default: string; paper: string };
  text: { primary: string; secondary: string; disabled: string };
  divider: string;
  grey100: string;
  error: { main: string; lightBg: string; text: string };
  action: { active: string; hover: string; selected: string; disabled: string; disabledBackground: string };
}

const blackText = 'rgba(0, 0, 0, 0.87)';

/** MUI's contrastText: white when it reaches the theme's threshold (4.5, createAppTheme), else black. */
function contrastText(background: string): string {
  return getContrastRatio(background, '#fff') >= textContrast ? '#fff' : blackText;
}

/**
 * The palette createAppTheme builds (its primary and secondary, MUI's light and dark defaults for
 * the rest), computed without MUI's theme machinery so the sign-in page stays small (issue 21).
 * lightPalette.test.ts holds every value to createAppTheme's for all palettes in both modes.
 */
export function lightPalette(key: PaletteKey, mode: ThemeMode): LightPalette {
  const colours = palettes[key];
  const dark = mode === 'dark';
  const main = dark ? darkModePrimary(colours.primary) : colours.primary;
  return {
    primary: {
      main,
      light: lighten(main, 0.2),
      dark: dark ? colours.primary : darken(main, 0.3),
      contrastText: contrastText(main),
    },
    secondary: { main: colours.secondary, dark: darken(colours.secondary, 0.3) },
    background: dark ? { default: darkPaper, paper: darkPaper } : { default: '#fff', paper: '#fff' },
    text: dark
      ? { primary: '#fff', secondary: 'rgba(255, 255, 255, 0.7)', disabled: 'rgba(255, 255, 255, 0.5)' }
      : { primary: blackText, secondary: 'rgba(0, 0, 0, 0.6)', disabled: 'rgba(0, 0, 0, 0.38)' },
    divider: dark ? 'rgba(255, 255, 255, 0.12)' : 'rgba(0, 0, 0, 0.12)',
    grey100: '#f5f5f5',
    // The standard Alert's colours of MUI (error severity) in each mode.
    error: dark
      ? { main: '#f44336', lightBg: 'rgb(22, 11, 11)', text: 'rgb(244, 199, 199)' }
      : { main: '#d32f2f', lightBg: 'rgb(253, 237, 237)', text: 'rgb(95, 33, 32)' },
    action: dark
      ? {
          active: '#fff',
          hover: 'rgba(255, 255, 255, 0.08)',
          selected: 'rgba(255, 255, 255, 0.16)',
          disabled: 'rgba(255, 255, 255, 0.3)',
          disabledBackground: 'rgba(255, 255, 255, 0.12)',
        }
      : {
          active: 'rgba(0, 0, 0, 0.54)',
          hover: 'rgba(0, 0, 0, 0.04)',
          selected: 'rgba(0, 0, 0, 0.08)',
          disabled: 'rgba(0, 0, 0, 0.26)',
          disabledBackground: 'rgba(0, 0, 0, 0.12)',
        },
  };
}
