import { darken } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

/**
 * The header's background and text colour, plain or solid (scrolled past the threshold). The
 * header is painted in the palette colour in both modes: in dark mode that colour is kept in
 * `primary.dark` because `primary.main` is its light text shade there (theme/darkPrimary.ts).
 * The text colour is chosen per background so it stays readable whichever palette is chosen.
 */
export function headerColours(theme: Theme, solid: boolean): { background: string; text: string } {
  const { primary, mode } = theme.palette;
  const plain = mode === 'dark' ? primary.dark : primary.main;
  const background = solid ? (mode === 'dark' ? darken(plain, 0.3) : primary.dark) : plain;
  return { background, text: theme.palette.getContrastText(background) };
}
