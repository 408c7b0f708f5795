import { describe, expect, it } from 'vitest';
import {
  defaultIndicators,
  lightboxNext,
  lightboxPrevious,
  paginationEdges,
  sliderButtons,
  sliderSteps,
  toggleIndicator,
} from './widgets';

describe('demo widgets', () => {
  it('disables first and previous on page 1 or lower, next and last on the last page', () => {
    expect(paginationEdges(1, 5)).toEqual({
      firstDisabled: true,
      previousDisabled: true,
      nextDisabled: false,
      lastDisabled: false,
    });
    expect(paginationEdges(0, 5).firstDisabled).toBe(true);
    expect(paginationEdges(3, 5)).toEqual({
      firstDisabled: false,
      previousDisabled: false,
      nextDisabled: false,
      lastDisabled: false,
    });
    expect(paginationEdges(5, 5)).toEqual({
      firstDisabled: false,
      previousDisabled: false,
      nextDisabled: true,
      lastDisabled: true,
    });
  });

  it('has 5 slider steps; Back is disabled at the first and Next at the last', () => {
    expect(sliderSteps).toBe(5);
    expect(sliderButtons(0)).toEqual({ backDisabled: true, nextDisabled: false });
    expect(sliderButtons(2)).toEqual({ backDisabled: false, nextDisabled: false });
    expect(sliderButtons(4)).toEqual({ backDisabled: false, nextDisabled: true });
  });

  it('starts with every trading indicator on and toggles one at a time', () => {
    expect(defaultIndicators()).toEqual({ bolinger: true, parabolic: true, rsi: true, stoch: true });
    const off = toggleIndicator(defaultIndicators(), 'rsi');
    expect(off).toEqual({ bolinger: true, parabolic: true, rsi: false, stoch: true });
    expect(toggleIndicator(off, 'rsi').rsi).toBe(true);
  });

  it('wraps the lightbox around at both ends', () => {
    expect(lightboxNext(2, 3)).toBe(0);
    expect(lightboxNext(0, 3)).toBe(1);
    expect(lightboxPrevious(0, 3)).toBe(2);
    expect(lightboxPrevious(2, 3)).toBe(1);
  });
});
