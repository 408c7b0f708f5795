import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { darkModePrimary } from '../../lib/theme/darkPrimary';
import { appFontFamily } from '../../lib/theme/fontFamily';
import { palettes } from '../../lib/theme/palettes';
import type { PaletteKey } from '../../lib/theme/palettes';
import type { Direction, ThemeMode } from '../../lib/uiSettings';

export interface AppThemeOptions {
  palette: PaletteKey;
  mode: ThemeMode;
  direction: Direction;
  /** The person asked the system for less motion (`prefers-reduced-motion: reduce`). */
  reducedMotion?: boolean;
  /** MUI's own texts (pager, breadcrumbs, alerts) in the language on screen, e.g. hiIN. */
  localization?: object;
}

/**
 * Transitions for people who asked for less motion: every MUI transition (fades, grows, collapses,
 * drawers, menus, tooltips) takes no time, and buttons drop the ripple. Content appears in its final
 * state at once, which is also what assistive tools and automated checks read.
 */
const noMotion = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
} as const;

/**
 * In dark mode the primary colour is the palette's light shade (readable as text on dark paper)
 * and `primary.dark` keeps the palette colour itself, which the header uses as its background.
 */
export function createAppTheme({
  palette,
  mode,
  direction,
  reducedMotion = false,
  localization = {},
}: AppThemeOptions): Theme {
  const colours = palettes[palette];
  const primary =
    mode === 'dark'
      ? { main: darkModePrimary(colours.primary), dark: colours.primary }
      : { main: colours.primary };
  return createTheme(
    {
      direction,
      palette: {
        mode,
        // MUI derives light/dark shades and contrastText from main; 4.5 (WCAG AA) instead of MUI's
        // default 3 makes it pick black text where white on the palette colour would be too faint.
        contrastThreshold: 4.5,
        primary,
        secondary: { main: colours.secondary },
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: appFontFamily },
      ...(reducedMotion ? noMotion : {}),
    },
    localization,
  );
}
