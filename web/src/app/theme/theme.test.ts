import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './createAppTheme';
import { defaultPaletteKey, paletteKeys, palettes } from './palettes';

describe('palettes', () => {
  it('holds the 17 palettes of UI.md', () => {
    expect(paletteKeys).toHaveLength(17);
    expect(palettes.goldTheme).toEqual({ name: 'Sultan', primary: '#FF9100', secondary: '#8D6E63' });
  });

  it.each(paletteKeys)('%s gives a theme with its colours and readable button text in both modes', (key) => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme({ palette: key, mode, direction: 'ltr' });
      expect(theme.palette.mode).toBe(mode);
      expect(theme.palette.primary.main).toBe(palettes[key].primary);
      expect(theme.palette.secondary.main).toBe(palettes[key].secondary);
      const { main, contrastText } = theme.palette.primary;
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('defaults to purpleTheme and carries the direction', () => {
    expect(defaultPaletteKey).toBe('purpleTheme');
    expect(createAppTheme({ palette: 'redTheme', mode: 'light', direction: 'rtl' }).direction).toBe('rtl');
  });
});
