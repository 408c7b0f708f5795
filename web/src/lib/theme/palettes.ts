/** The frame's colour palettes (UI.md): the key is what the settings store holds, the name what people see. */
export const palettes = {
  purpleRedTheme: { name: 'Purple', primary: '#673AB7', secondary: '#EC407A' },
  greenOrangeTheme: { name: 'Fruit', primary: '#689F38', secondary: '#FF8F00' },
  magentaTheme: { name: 'Rose Gold', primary: '#EC407A', secondary: '#FFA000' },
  purpleTheme: { name: 'Ultra Violet', primary: '#AB47BC', secondary: '#00BCD4' },
  blueTheme: { name: 'Deep Ocean', primary: '#3F51B5', secondary: '#03A9F4' },
  orangeTheme: { name: 'Ubuntu', primary: '#EF6C00', secondary: '#9C27B0' },
  cyanTheme: { name: 'Leaf', primary: '#009688', secondary: '#689F38' },
  redTheme: { name: 'Ruby', primary: '#EF5350', secondary: '#607D8B' },
  skyBlueTheme: { name: 'Ocean Sky', primary: '#2196F3', secondary: '#00BFA5' },
  greyTheme: { name: 'Monochrome', primary: '#607D8B', secondary: '#757575' },
  yellowBlueTheme: { name: 'School', primary: '#039BE5', secondary: '#FF9800' },
  pinkBlueTheme: { name: 'Queen', primary: '#00BCD4', secondary: '#F06292' },
  yellowCyanTheme: { name: 'Vintage', primary: '#F9A825', secondary: '#00BCD4' },
  blueCyanTheme: { name: 'Mint', primary: '#3F51B5', secondary: '#00BCD4' },
  greenPurpleTheme: { name: 'Joker', primary: '#7C4DFF', secondary: '#00C853' },
  pinkGreenTheme: { name: 'Botani', primary: '#689F38', secondary: '#EC407A' },
  goldTheme: { name: 'Sultan', primary: '#FF9100', secondary: '#8D6E63' },
} as const satisfies Record<string, { name: string; primary: string; secondary: string }>;

export type PaletteKey = keyof typeof palettes;

/** In the order the settings drawer shows them. */
export const paletteKeys = Object.keys(palettes) as PaletteKey[];

export const defaultPaletteKey: PaletteKey = 'purpleTheme';
