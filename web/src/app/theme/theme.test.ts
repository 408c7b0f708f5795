import { getContrastRatio, getLuminance, getOverlayAlpha } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './createAppTheme';
import { darkModePrimary, darkTextSurface } from '../../lib/theme/darkPrimary';
import { defaultPaletteKey, paletteKeys, palettes } from '../../lib/theme/palettes';

/** Independent of darkPrimary.ts: dark Paper is its colour with white laid over at `opacity`. */
function overlaid(hex: string, opacity: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${channels.map((c) => Math.round(c + (255 - c) * opacity)).join(', ')})`;
}

describe('palettes', () => {
  it('holds the 17 palettes of UI.md', () => {
    expect(paletteKeys).toHaveLength(17);
    expect(palettes.goldTheme).toEqual({ name: 'Sultan', primary: '#FF9100', secondary: '#8D6E63' });
  });

  it.each(paletteKeys)('%s gives a theme with its colours and readable button text in both modes', (key) => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createAppTheme({ palette: key, mode, direction: 'ltr' });
      expect(theme.palette.mode).toBe(mode);
      expect(theme.palette.secondary.main).toBe(palettes[key].secondary);
      const { main, contrastText } = theme.palette.primary;
      expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
    }
    expect(createAppTheme({ palette: key, mode: 'light', direction: 'ltr' }).palette.primary.main).toBe(
      palettes[key].primary,
    );
  });

  it.each(paletteKeys)('%s in dark mode: primary text reaches 4.5:1 on every dark paper', (key) => {
    const { palette } = createAppTheme({ palette: key, mode: 'dark', direction: 'ltr' });
    // The palette colour stays available for the header; the text colour is its lighter shade.
    expect(palette.primary.dark).toBe(palettes[key].primary);
    expect(getLuminance(palette.primary.main)).toBeGreaterThan(getLuminance(palettes[key].primary));
    for (const elevation of [0, 1, 4, 8, 16]) {
      const paper = overlaid(palette.background.paper, getOverlayAlpha(elevation));
      expect(getContrastRatio(palette.primary.main, paper), `elevation ${elevation}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('the purple palette was the one that failed: 2.3:1 as is, lightened now', () => {
    expect(getContrastRatio('#673AB7', darkTextSurface)).toBeLessThan(3);
    expect(darkModePrimary('#673AB7')).not.toBe('#ffffff');
    expect(getContrastRatio(darkModePrimary('#673AB7'), darkTextSurface)).toBeGreaterThanOrEqual(4.5);
  });

  it('defaults to purpleTheme and carries the direction', () => {
    expect(defaultPaletteKey).toBe('purpleTheme');
    expect(createAppTheme({ palette: 'redTheme', mode: 'light', direction: 'rtl' }).direction).toBe('rtl');
  });
});

describe('reduced motion', () => {
  it('makes every theme transition instant and drops the ripple', () => {
    const theme = createAppTheme({
      palette: defaultPaletteKey,
      mode: 'light',
      direction: 'ltr',
      reducedMotion: true,
    });
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.transitions.getAutoHeightDuration(500)).toBe(0);
    expect(Object.values(theme.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('keeps the normal transitions otherwise', () => {
    const theme = createAppTheme({ palette: defaultPaletteKey, mode: 'light', direction: 'ltr' });
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.transitions.duration.standard).toBeGreaterThan(0);
  });
});
