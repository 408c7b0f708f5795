import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../theme/createAppTheme';
import { paletteKeys, palettes } from '../../lib/theme/palettes';
import { headerColours } from './headerColours';

describe('headerColours', () => {
  it.each(paletteKeys)('%s: header text is readable, plain and solid, in both modes', (key) => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme({ palette: key, mode, direction: 'ltr' });
      for (const solid of [false, true]) {
        const { background, text } = headerColours(theme, solid);
        expect(
          getContrastRatio(background, text),
          `${mode} ${solid ? 'solid' : 'plain'}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('paints the palette colour itself in both modes and darkens it once scrolled', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme({ palette: 'purpleTheme', mode, direction: 'ltr' });
      const plain = headerColours(theme, false).background;
      expect(plain).toBe(palettes.purpleTheme.primary);
      expect(headerColours(theme, true).background).not.toBe(plain);
    }
  });
});
