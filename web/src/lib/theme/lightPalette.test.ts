import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../app/theme/createAppTheme';
import { lightPalette } from './lightPalette';
import { paletteKeys } from './palettes';

describe('lightPalette', () => {
  it('has the colours of the MUI theme for every palette in both modes', () => {
    for (const key of paletteKeys) {
      for (const mode of ['light', 'dark'] as const) {
        const theme = createAppTheme({ palette: key, mode, direction: 'ltr' }).palette;
        const light = lightPalette(key, mode);
        const where = `${key} ${mode}`;
        expect(light.primary, where).toEqual({
          main: theme.primary.main,
          light: theme.primary.light,
          dark: theme.primary.dark,
          contrastText: theme.primary.contrastText,
        });
        expect(light.secondary, where).toEqual({ main: theme.secondary.main, dark: theme.secondary.dark });
        expect(light.background, where).toEqual({
          default: theme.background.default,
          paper: theme.background.paper,
        });
        expect(light.text, where).toEqual({
          primary: theme.text.primary,
          secondary: theme.text.secondary,
          disabled: theme.text.disabled,
        });
        expect(light.divider, where).toBe(theme.divider);
        expect(light.grey100, where).toBe(theme.grey[100]);
        expect(light.error.main, where).toBe(theme.error.main);
        expect(light.action, where).toEqual({
          active: theme.action.active,
          hover: theme.action.hover,
          selected: theme.action.selected,
          disabled: theme.action.disabled,
          disabledBackground: theme.action.disabledBackground,
        });
      }
    }
  });
});
