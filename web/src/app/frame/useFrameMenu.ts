import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { menuTrail, visibleMenu } from '@app/contract/menu';
import type { MenuEntry, MenuOptions } from '@app/contract/menu';
import type { PermissionRecord } from '@app/contract/modules';
import type { FrameMenu } from '@app/contract/settings';
import { get } from '../../lib/api';
import { frameMenuQueryKey } from '../../lib/frameMenuQuery';
import { readPermissions, subscribeSession } from '../../lib/session';

/** The permission records of the permissions cookie; the same array while the cookie is unchanged. */
export function usePermissions(): PermissionRecord[] {
  return useSyncExternalStore(subscribeSession, readPermissions);
}

/**
 * What the signed-in staff member's menu shows beyond their permissions: the template's demo
 * screens only to owners, while their organisation shows them (issue 41, point 8: every role saw
 * them). Left out until the answer is here.
 */
export function useMenuOptions(): MenuOptions {
  const { data } = useQuery({
    queryKey: frameMenuQueryKey,
    queryFn: ({ signal }) => get<FrameMenu>('/settings/getMenu', { signal }),
    staleTime: Infinity,
    meta: { handlesError: true },
  });
  const demo = data?.demoMenu ?? false;
  return useMemo(() => ({ demo }), [demo]);
}

/** The menu the signed-in staff member may see (spec section 6). */
export function useVisibleMenu(): MenuEntry[] {
  const permissions = usePermissions();
  const options = useMenuOptions();
  return useMemo(() => visibleMenu(permissions, undefined, options), [permissions, options]);
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
