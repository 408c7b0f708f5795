import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../lib/uiSettings';
import { loadRtlCache, ltrCache, useDirectionCache } from './emotionCache';

describe('the emotion cache of the direction', () => {
  it('draws rtl with the ltr cache until the rtl styles have loaded, then with the rtl cache', async () => {
    const { result, rerender } = renderHook(({ direction }) => useDirectionCache(direction), {
      initialProps: { direction: 'ltr' as Direction },
    });
    expect(result.current).toBe(ltrCache);
    rerender({ direction: 'rtl' });
    expect(result.current).toBe(ltrCache);
    await waitFor(() => expect(result.current.key).toBe('muirtl'));
    expect(result.current).toBe(await loadRtlCache());
    rerender({ direction: 'ltr' });
    expect(result.current).toBe(ltrCache);
  });

  it('mirrors what it emits: the rtl cache turns a left margin into a right one', async () => {
    const cache = await loadRtlCache();
    expect(cache).toBe(await loadRtlCache()); // loaded once
    const emitted: string[] = [];
    cache.insert('.x', { name: 'x', styles: 'margin-left:8px;', next: undefined }, cache.sheet, true);
    for (const rule of cache.sheet.tags.flatMap((tag) => [...(tag.sheet?.cssRules ?? [])])) {
      emitted.push(rule.cssText);
    }
    expect(emitted.join(' ')).toMatch(/margin-right:\s*8px/);
    expect(emitted.join(' ')).not.toMatch(/margin-left/);
  });
});
