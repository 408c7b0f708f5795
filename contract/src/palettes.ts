/**
 * The keys of UI.md's 17 colour palettes, in the settings drawer's order: what the organisation may
 * choose for the member page (issue 37). The colours themselves are the web's (lib/theme/palettes.ts,
 * whose keys a web test holds to this list).
 */
export const paletteKeys = [
  'purpleRedTheme',
  'greenOrangeTheme',
  'magentaTheme',
  'purpleTheme',
  'blueTheme',
  'orangeTheme',
  'cyanTheme',
  'redTheme',
  'skyBlueTheme',
  'greyTheme',
  'yellowBlueTheme',
  'pinkBlueTheme',
  'yellowCyanTheme',
  'blueCyanTheme',
  'greenPurpleTheme',
  'pinkGreenTheme',
  'goldTheme',
] as const;
export type PaletteKey = (typeof paletteKeys)[number];

/** The product's own palette, which a new organisation's member page starts with. */
export const defaultMemberPalette: PaletteKey = 'purpleTheme';
