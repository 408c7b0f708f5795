import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ResourceGrid } from './ResourceGrid';

type GridComponent = typeof ResourceGrid;
let loadedGrid: GridComponent | undefined;
let gridLoad: Promise<GridComponent> | undefined;

/** Starts loading the Data Grid's code once (again after a failure), and resolves to the grid. */
export function loadGrid(): Promise<GridComponent> {
  gridLoad ??= import('./ResourceGrid').then(
    (module) => (loadedGrid = module.ResourceGrid),
    (error: unknown) => {
      gridLoad = undefined;
      throw error;
    },
  );
  return gridLoad;
}

/**
 * Whether a dialog is open. One opened from the first page (the member import, a form) is drawn
 * from its toolbar or a row, which the grid draws anew: it would close under its user, even while
 * focus has left it (a button turned busy). The next press or focus after it closes tries again.
 */
const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;

/** What the first page reports of its use; React's events, so they include its menus (portals). */
export interface FirstPageUse {
  onFocus: () => void;
  onBlur: () => void;
  onPointerDown: () => void;
}

/**
 * The Data Grid, once its code is here and nobody is using the first page that stands in for it.
 * The first table a visit shows asks for the code only after its first page is on screen (an
 * effect runs after the commit), so the rows do not wait for ~120 KB and their evaluation; every
 * later table has it at once. If the download fails, the first page stays, and works.
 *
 * The grid draws the toolbar, the rows and the pager anew, so it must not come while focus is in
 * the first page or one of its menus (a search being typed would lose its text and focus, an open
 * menu would vanish) or while a pointer is pressed (a button replaced between press and release
 * never gets its click). Those are read from plain variables that the events set as they happen,
 * and the grid is put in with `flushSync` in the same task as the check: no keystroke or press can
 * come between the check and the swap, as it could through state and an effect.
 */
export function useGrid(): { Grid: GridComponent | undefined; use: FirstPageUse } {
  const [Grid, setGrid] = useState(() => loadedGrid);
  const inUse = useRef({ focus: false, press: false });
  const retry = useRef(() => {});

  useEffect(() => {
    if (Grid !== undefined) return undefined;
    let loaded: GridComponent | undefined;
    let live = true;
    let timer: number | undefined;
    const swap = () => {
      if (!live || loaded === undefined || inUse.current.focus || inUse.current.press || dialogOpen()) return;
      const grid = loaded;
      flushSync(() => setGrid(() => grid));
    };
    // After the event that ended the use has run to its end (a click after pointerup, a focus
    // after blur), so what it started is seen.
    retry.current = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(swap);
    };
    const release = () => {
      inUse.current.press = false;
      retry.current();
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    loadGrid().then(
      (grid) => {
        loaded = grid;
        swap();
      },
      () => undefined,
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, [Grid]);

  const use = useMemo<FirstPageUse>(
    () => ({
      onFocus: () => {
        inUse.current.focus = true;
      },
      // Focus moving within the first page (or into its menu) blurs, then focuses at once.
      onBlur: () => {
        inUse.current.focus = false;
        retry.current();
      },
      onPointerDown: () => {
        inUse.current.press = true;
      },
    }),
    [],
  );
  return { Grid, use };
}
