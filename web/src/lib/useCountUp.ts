import { useEffect, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';

/** The counter animation's length (spec section 9: "The counter animation lasts 3 seconds"). */
export const countUpMs = 3000;

/** Where a count-up stands after `elapsed` ms: eased out, whole numbers, exactly `to` at the end. */
export function countUpAt(to: number, elapsed: number, duration = countUpMs): number {
  if (elapsed >= duration) return to;
  const progress = 1 - (1 - elapsed / duration) ** 3;
  return Math.round(to * progress);
}

/**
 * A number counting up from 0 to `value` over 3 s, for the template's demo dashboards (spec
 * section 9). With reduced motion asked for, the value shows at once. The product's own figures
 * are shown as they are, never counted up (issue 41, point 8).
 */
export function useCountUp(value: number): number {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [shown, setShown] = useState(reduced ? value : 0);
  useEffect(() => {
    if (reduced) {
      setShown(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const elapsed = now - start;
      setShown(countUpAt(value, elapsed));
      if (elapsed < countUpMs) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, reduced]);
  return shown;
}
