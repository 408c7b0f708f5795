import { useEffect, useRef } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { countUpAt, countUpMs } from './useCountUp';

/**
 * A number counting up from 0 to `value` over 3 s (spec section 9), written straight into its text
 * node each frame: re-rendering a dashboard's cards 180 times in 3 s blocked a phone's main thread
 * for seconds (Lighthouse's total blocking time). With reduced motion asked for, the value shows
 * at once. `format` should be stable (a module function or a memoised one).
 */
export function CountUpText({ value, format }: { value: number; format: (n: number) => string }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const node = text.current;
    if (node === null) return;
    if (reduced) {
      node.textContent = format(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const elapsed = now - start;
      node.textContent = format(countUpAt(value, elapsed));
      if (elapsed < countUpMs) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, reduced, format]);
  // React keeps this text as rendered and never rewrites it while it is unchanged, so the frames'
  // writes stand between renders.
  return <span ref={text}>{format(reduced ? value : 0)}</span>;
}
