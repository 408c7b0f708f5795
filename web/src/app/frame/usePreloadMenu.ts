import { useEffect } from 'react';
import type { MenuEntry } from '@app/contract/menu';
import { preloadWhenIdle } from '../routePreload';

/** The product screens a menu links to, in its order (the template's demo screens left out). */
export function menuLinks(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.everyone === true) return [];
    const own = entry.link === undefined ? [] : [entry.link];
    return [...own, ...menuLinks(entry.child ?? [])];
  });
}

/**
 * Once the frame's first screen is drawn, the screens its menu offers load their code while the
 * browser is idle, so switching to one waits only for its data (issue 36, routePreload.ts).
 */
export function usePreloadMenuWhenIdle(entries: readonly MenuEntry[]): void {
  useEffect(() => {
    preloadWhenIdle(menuLinks(entries));
  }, [entries]);
}
