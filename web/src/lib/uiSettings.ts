import { useSyncExternalStore } from 'react';
import { z } from 'zod';
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

// Each field falls back on its own, so one stale or hand-edited value does not reset the others.
const storedSettingsSchema = z.object({
  theme: z.enum(paletteKeys as [PaletteKey, ...PaletteKey[]]).catch(defaultUiSettings.theme),
  type: z.enum(['light', 'dark']).catch(defaultUiSettings.type),
  direction: z.enum(['ltr', 'rtl']).catch(defaultUiSettings.direction),
  layout: z.enum(layouts).catch(defaultUiSettings.layout),
  sidebarOpen: z.boolean().catch(defaultUiSettings.sidebarOpen),
});

export function loadUiSettings(): UiSettings {
  try {
    const raw = localStorage.getItem(uiSettingsStorageKey);
    const parsed = storedSettingsSchema.safeParse(raw === null ? {} : JSON.parse(raw));
    return parsed.success ? parsed.data : defaultUiSettings;
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
