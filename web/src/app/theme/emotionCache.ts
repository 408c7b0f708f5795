import { useEffect, useReducer } from 'react';
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import type { EmotionCache } from '@emotion/cache';
import type { Direction } from '../../lib/uiSettings';

// MUI's own margins and paddings mirror in rtl only when emotion rewrites the CSS it emits.
export const ltrCache = createCache({ key: 'mui' });

let rtlCache: EmotionCache | undefined;
let rtlLoading: Promise<EmotionCache> | undefined;

/**
 * The rtl cache, with the stylis plugins that mirror the CSS: its code (cssjanus and the plugin,
 * ~3 KB gzip) is downloaded the first time rtl is asked for, so ltr pages never load it.
 */
export function loadRtlCache(): Promise<EmotionCache> {
  rtlLoading ??= import('./rtlPlugin').then(
    ({ rtlPlugin }) => (rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })),
  );
  return rtlLoading;
}

/**
 * The cache for `direction`. The shell loads the rtl cache before its first render when rtl is
 * stored (AppShell's `beforeShell`) and the settings switch before it turns rtl on, so this only
 * waits (drawing with the ltr cache meanwhile) when rtl comes from elsewhere, another tab's change.
 */
export function useDirectionCache(direction: Direction): EmotionCache {
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const wanted = direction === 'rtl' && rtlCache === undefined;
  useEffect(() => {
    if (wanted) void loadRtlCache().then(loaded);
  }, [wanted]);
  return direction === 'rtl' && rtlCache !== undefined ? rtlCache : ltrCache;
}
