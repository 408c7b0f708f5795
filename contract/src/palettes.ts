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

/**
 * Each palette's primary colour, as the web has it (lib/theme/palettes.ts; a web test holds the two
 * equal): the colour of a member's installed page (its web app manifest, issue 45, point 2).
 */
export const palettePrimary: Record<PaletteKey, string> = {
  purpleRedTheme: '#673AB7',
  greenOrangeTheme: '#689F38',
  magentaTheme: '#EC407A',
  purpleTheme: '#AB47BC',
  blueTheme: '#3F51B5',
  orangeTheme: '#EF6C00',
  cyanTheme: '#009688',
  redTheme: '#EF5350',
  skyBlueTheme: '#2196F3',
  greyTheme: '#607D8B',
  yellowBlueTheme: '#039BE5',
  pinkBlueTheme: '#00BCD4',
  yellowCyanTheme: '#F9A825',
  blueCyanTheme: '#3F51B5',
  greenPurpleTheme: '#7C4DFF',
  pinkGreenTheme: '#689F38',
  goldTheme: '#FF9100',
};

/** The product's own palette, which a new organisation's member page starts with. */
export const defaultMemberPalette: PaletteKey = 'purpleTheme';
