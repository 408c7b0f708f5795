import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { menuTrail, visibleMenu } from '@app/contract/menu';
import type { MenuEntry } from '@app/contract/menu';
import type { PermissionRecord } from '@app/contract/modules';
import { readPermissions, subscribeSession } from '../../lib/session';

/** The permission records of the permissions cookie; the same array while the cookie is unchanged. */
export function usePermissions(): PermissionRecord[] {
  return useSyncExternalStore(subscribeSession, readPermissions);
}

/** The menu the signed-in staff member may see (spec section 6). */
export function useVisibleMenu(): MenuEntry[] {
  const permissions = usePermissions();
  return useMemo(() => visibleMenu(permissions), [permissions]);
}

/** Delay before the group of the current path opens on first load (spec section 4). */
export const initialMenuSyncMs = 50;

/**
 * Which group is open: one at a time; choosing the open group closes it. On first load the group
 * of the current path opens after a short delay.
 */
export function useOpenGroup(pathname: string) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [initialPath] = useState(pathname);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const group = menuTrail(initialPath)[0];
      if (group?.child !== undefined) setOpenKey(group.key);
    }, initialMenuSyncMs);
    return () => window.clearTimeout(timer);
  }, [initialPath]);

  const toggle = useCallback((key: string) => setOpenKey((open) => (open === key ? null : key)), []);
  return { openKey, toggle, close: useCallback(() => setOpenKey(null), []) };
}
