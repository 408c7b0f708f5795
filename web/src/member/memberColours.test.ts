import { describe, expect, it } from 'vitest';
import { memberPageColours } from '@app/contract/memberPageColours';
import { paletteKeys, palettePrimary } from '@app/contract/palettes';
import { palettes } from '../lib/theme/palettes';
import { memberColoursOf } from './memberColoursOf';

describe('the member page colours the server draws with (contract/memberPageColours.ts)', () => {
  it('are what the web computes from the MUI theme of each palette, light and dark', () => {
    for (const key of paletteKeys) {
      expect(memberPageColours[key].light, key).toEqual(memberColoursOf(key, false));
      expect(memberPageColours[key].dark, key).toEqual(memberColoursOf(key, true));
    }
  });

  it("colour an installed page's manifest in each palette's primary colour, as the web draws it", () => {
    for (const [key, colours] of Object.entries(palettes)) {
      expect(palettePrimary[key as keyof typeof palettes]).toBe(colours.primary);
    }
  });
});
