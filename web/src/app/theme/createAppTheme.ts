import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { palettes } from './palettes';
import type { PaletteKey } from './palettes';

export type ThemeMode = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';

export interface AppThemeOptions {
  palette: PaletteKey;
  mode: ThemeMode;
  direction: Direction;
}

export function createAppTheme({ palette, mode, direction }: AppThemeOptions): Theme {
  const colours = palettes[palette];
  return createTheme({
    direction,
    palette: {
      mode,
      // MUI derives light/dark shades and contrastText from main; 4.5 (WCAG AA) instead of MUI's
      // default 3 makes it pick black text where white on the palette colour would be too faint.
      contrastThreshold: 4.5,
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
    },
    shape: { borderRadius: 8 },
  });
}
