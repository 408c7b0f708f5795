import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountUpText } from './CountUpText';

const plain = (n: number) => String(n);

describe('CountUpText', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('counts from 0 to the value over 3 s, and a re-render does not set it back', () => {
    const { rerender } = render(
      <p data-testid="n">
        <CountUpText value={1000} format={plain} />
      </p>,
    );
    expect(screen.getByTestId('n').textContent).toBe('0');
    act(() => vi.advanceTimersByTime(1504));
    const halfway = Number(screen.getByTestId('n').textContent);
    expect(halfway).toBeGreaterThan(800);
    expect(halfway).toBeLessThan(1000);
    rerender(
      <p data-testid="n">
        <CountUpText value={1000} format={plain} />
      </p>,
    );
    expect(Number(screen.getByTestId('n').textContent)).toBeGreaterThanOrEqual(halfway);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('n').textContent).toBe('1000');
  });
});
