import { useSyncExternalStore } from 'react';
import { defaultPaletteKey, paletteKeys } from './theme/palettes';
import type { PaletteKey } from './theme/palettes';

export type ThemeMode = 'light' | 'dark';
export type Direction = 'ltr' | 'rtl';

export const uiSettingsStorageKey = 'uiSettings';

export const layouts = ['left-sidebar', 'top-navigation', 'mega-menu', 'right-sidebar'] as const;
export type Layout = (typeof layouts)[number];

export interface UiSettings {
  theme: PaletteKey;
  type: ThemeMode;
  direction: Direction;
  layout: Layout;
  sidebarOpen: boolean;
}

export const defaultUiSettings: UiSettings = {
  theme: defaultPaletteKey,
  type: 'light',
  direction: 'ltr',
  layout: 'top-navigation',
  sidebarOpen: true,
};

/** The stored value when it is one of `allowed`, else the default: each field falls back on its own. */
function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

// Checked by hand: this module is read before the first paint on every page, and zod is not loaded
// there (issue 21). One stale or hand-edited value does not reset the others.
export function loadUiSettings(): UiSettings {
  try {
    const raw = localStorage.getItem(uiSettingsStorageKey);
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return defaultUiSettings;
    const stored = parsed as Record<string, unknown>;
    const d = defaultUiSettings;
    return {
      theme: pick(stored.theme, paletteKeys, d.theme),
      type: pick(stored.type, ['light', 'dark'] as const, d.type),
      direction: pick(stored.direction, ['ltr', 'rtl'] as const, d.direction),
      layout: pick(stored.layout, layouts, d.layout),
      sidebarOpen: pick(stored.sidebarOpen, [true, false], d.sidebarOpen),
    };
  } catch {
    return defaultUiSettings;
  }
}

function applyToDocument(settings: UiSettings): void {
  document.dir = settings.direction;
}

// Read synchronously when the module loads, before React renders, so the first paint already uses
// the stored palette, mode and direction.
let current = loadUiSettings();
applyToDocument(current);

const listeners = new Set<() => void>();

export function getUiSettings(): UiSettings {
  return current;
}

export function updateUiSettings(change: Partial<UiSettings>): void {
  current = { ...current, ...change };
  applyToDocument(current);
  try {
    localStorage.setItem(uiSettingsStorageKey, JSON.stringify(current));
  } catch {
    // Storage can be full or disabled (private mode); the setting still applies for this visit.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiSettings(): UiSettings {
  return useSyncExternalStore(subscribe, getUiSettings);
}
