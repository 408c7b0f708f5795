// The colour helpers alone, not '@mui/material/styles': the sign-in page computes its colours with
// this module and carries no MUI (issue 21).
import { decomposeColor, getContrastRatio, lighten, recomposeColor } from '@mui/system/colorManipulator';

/** WCAG AA for normal text. */
export const textContrast = 4.5;

/** MUI's dark-mode paper before elevation overlays. */
export const darkPaper = '#121212';

/**
 * The highest elevation primary text appears on in the frame: the settings and menu drawers
 * (MUI Drawer, elevation 16). Dark-mode Paper is lightened by a white overlay that grows with
 * elevation, so readable text on this surface is readable on every lower one (cards, menus).
 */
export const highestTextElevation = 16;

/** The white overlay of dark-mode Paper at `elevation` (MUI's getOverlayAlpha). */
export function overlayAlpha(elevation: number): number {
  const alpha = elevation < 1 ? 5.11916 * elevation ** 2 : 4.5 * Math.log(elevation + 1) + 2;
  return Math.round(alpha * 10) / 1000;
}

/** `background` with white laid over it at `opacity`, as dark-mode Paper paints its overlay. */
function withWhiteOverlay(background: string, opacity: number): string {
  const { values } = decomposeColor(background);
  const mixed = values.slice(0, 3).map((channel) => Math.round(channel + (255 - channel) * opacity));
  return recomposeColor({ type: 'rgb', values: [mixed[0]!, mixed[1]!, mixed[2]!] });
}

/** The lightest dark-mode surface that carries primary-coloured text. */
export const darkTextSurface = withWhiteOverlay(darkPaper, overlayAlpha(highestTextElevation));

/**
 * The palette's light shade used as the primary colour in dark mode: at least MUI's 20 % tonal
 * lightening, more in 5 % steps until primary text reaches 4.5:1 on every dark surface. The
 * palette colour itself (e.g. purple #673AB7) is only about 2.3:1 on a dark card.
 */
export function darkModePrimary(colour: string): string {
  for (let amount = 0.2; amount < 1; amount += 0.05) {
    const shade = lighten(colour, amount);
    if (getContrastRatio(shade, darkTextSurface) >= textContrast) return shade;
  }
  return '#ffffff';
}
