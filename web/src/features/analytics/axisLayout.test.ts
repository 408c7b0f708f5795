import { describe, expect, it } from 'vitest';
import { bandLabels, candidateTicks, valueAxisWidth } from './axisLayout';

// jsdom has no canvas: labels are estimated at 7 px a character.
describe('axis layout', () => {
  it('knows the intermediate ticks a value axis may write, not only its ends', () => {
    const ticks = candidateTicks(-500_000, 1_800_000);
    expect(ticks).toEqual(expect.arrayContaining([-500_000, 0, 1_500_000, 2_000_000]));
    expect(candidateTicks(0, 0)).toEqual([0]);
  });

  it('sizes a value axis for its widest label', () => {
    const de = new Intl.NumberFormat('de', {
      style: 'currency',
      currency: 'INR',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    // '1,5 Mio. ₹' is wider than either end ('0 ₹', '2 Mio. ₹'): 10 characters, 70 px, plus the tick.
    expect(valueAxisWidth(0, 1_800_000, (v) => de.format(v))).toBeGreaterThanOrEqual(70 + 12);
  });

  it('writes band labels flat when they fit, turned when not, upright when bands are narrow', () => {
    const months = Array.from({ length: 12 }, () => 'Sept. 2026');
    expect(bandLabels(months, 1100).angle).toBe(0);
    expect(bandLabels(months, 600)).toMatchObject({ angle: -45, textAnchor: 'end' });
    expect(bandLabels(months, 220)).toMatchObject({ angle: -90, textAnchor: 'end' });
  });
});
