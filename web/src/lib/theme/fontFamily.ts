/** MUI's fonts, then Devanagari where they have none (app/theme/devanagari.css, issue 48). */
export const appFontFamily = 'Roboto, Helvetica, Arial, "Devanagari Fallback", sans-serif';
