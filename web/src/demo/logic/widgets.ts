/** Small widget rules: pagination, slider, trading indicators, lightbox (spec section 4). */

/** Pages are 1-based here, as the demo pagination shows them. */
export function paginationEdges(page: number, lastPage: number) {
  return {
    firstDisabled: page <= 1,
    previousDisabled: page <= 1,
    nextDisabled: page >= lastPage,
    lastDisabled: page >= lastPage,
  };
}

/** The dashboard slider has 5 steps. */
export const sliderSteps = 5;

export function sliderButtons(step: number, steps = sliderSteps) {
  return { backDisabled: step <= 0, nextDisabled: step >= steps - 1 };
}

export const tradingIndicators = ['bolinger', 'parabolic', 'rsi', 'stoch'] as const;
export type TradingIndicator = (typeof tradingIndicators)[number];

/** Every indicator is on by default. */
export function defaultIndicators(): Record<TradingIndicator, boolean> {
  return { bolinger: true, parabolic: true, rsi: true, stoch: true };
}

export function toggleIndicator(
  state: Record<TradingIndicator, boolean>,
  indicator: TradingIndicator,
): Record<TradingIndicator, boolean> {
  return { ...state, [indicator]: !state[indicator] };
}

export const tradeTabs = ['buy', 'sell'] as const;
export const contactTabs = ['contacts', 'messages', 'notifications'] as const;

/** Lightbox next and previous wrap around at both ends. */
export function lightboxNext(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

export function lightboxPrevious(index: number, count: number): number {
  return count === 0 ? 0 : (index - 1 + count) % count;
}
