/*
 * Room for chart axis labels. MUI X gives a band axis a fixed 25 px and ellipsizes any label taller
 * than what is left: with a font a little taller than ours (Noto Sans on many Linux desktops) every
 * month became '' and the axis showed bare ticks (issue 35, point 7). It also drops labels that
 * overlap, so a phone showed three months of twelve. Here the labels turn when they do not fit
 * side by side, and the value axis is as wide as its widest label.
 */

/** The tick labels' font size in MUI X Charts (theme caption). */
const tickFontPx = 12;
/** The caption's letter spacing (0.03333em), which a canvas leaves out. */
const tickLetterSpacing = 0.4;
/** A tick label's height at that size, a little over the tallest common sans fonts' boxes. */
export const tickLabelHeight = 17;
/** The tick (6 px), the gap to its label (3 px) and a little air. */
const tickAndGap = 12;

let canvas: CanvasRenderingContext2D | null | undefined;

/** Width of a tick label in px: measured with the page's font where a canvas exists, else estimated. */
export function labelWidth(text: string): number {
  if (canvas === undefined) {
    try {
      canvas = document.createElement('canvas').getContext('2d');
    } catch {
      canvas = null;
    }
  }
  if (canvas) {
    const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
    canvas.font = `${tickFontPx}px ${family}`;
    const width = canvas.measureText(text).width;
    if (width > 0) return Math.ceil(width + text.length * tickLetterSpacing);
  }
  // jsdom has no canvas: an average glyph of a 12 px sans font is about 7 px wide.
  return text.length * 7;
}

/**
 * Values a linear axis from min to max may label: the multiples of each 1-2-5 step that gives 2 to
 * 10 ticks (the steps d3 picks), so the widest of them is known before the chart chooses.
 */
export function candidateTicks(min: number, max: number): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (high === low) return [0];
  const values = new Set<number>([low, high]);
  for (let count = 2; count <= 10; count += 1) {
    const raw = (high - low) / count;
    const power = 10 ** Math.floor(Math.log10(raw));
    for (const factor of [1, 2, 2.5, 5, 10]) {
      const step = factor * power;
      if (step < raw / 2 || step > raw * 2) continue;
      for (let v = Math.ceil(low / step) * step; v <= high + step; v += step) {
        values.add(Number(v.toPrecision(12)));
      }
    }
  }
  return [...values];
}

/** Width of a value axis whose labels are `format` of values between min and max. */
export function valueAxisWidth(min: number, max: number, format: (v: number) => string): number {
  const widest = Math.max(...candidateTicks(min, max).map((v) => labelWidth(format(v))));
  return widest + tickAndGap;
}

export interface BandLabels {
  angle: 0 | -45 | -90;
  /** Where the label hangs from its tick: the middle when flat, its end when turned. */
  textAnchor: 'middle' | 'end';
  /** Px MUI X keeps between labels (else it drops one): upright labels read well 2 px apart. */
  minGap: number;
}

/**
 * How a band axis writes `labels` in `plotWidth` px: flat when each fits its band, turned 45° when
 * turned labels do not touch, upright otherwise.
 */
export function bandLabels(labels: readonly string[], plotWidth: number): BandLabels {
  if (labels.length === 0) return { angle: 0, textAnchor: 'middle', minGap: 4 };
  const band = plotWidth / labels.length;
  const widest = Math.max(...labels.map(labelWidth));
  if (widest + 8 <= band) return { angle: 0, textAnchor: 'middle', minGap: 4 };
  if (tickLabelHeight / Math.SQRT1_2 + 4 <= band) return { angle: -45, textAnchor: 'end', minGap: 4 };
  return { angle: -90, textAnchor: 'end', minGap: 2 };
}
