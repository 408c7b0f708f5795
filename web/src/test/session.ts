import { cookieKeys, storageKeys } from '@app/contract/session';
import { fullPermissions } from '@app/contract/modules';
import type { PermissionRecord } from '@app/contract/modules';
import type { StoredBranch } from '../lib/session';

export const testBranches: StoredBranch[] = [
  { id: 1, name: 'Koramangala' },
  { id: 2, name: 'Indiranagar' },
];

/** Puts a signed-in session into storage the way sign-in leaves it. */
export function storeTestSession(
  options: {
    branches?: StoredBranch[];
    activeBranch?: StoredBranch | null;
    permissions?: PermissionRecord[];
  } = {},
): void {
  const branches = options.branches ?? testBranches;
  localStorage.setItem(storageKeys.accessToken, 'test-access');
  localStorage.setItem(storageKeys.refreshToken, 'test-refresh');
  localStorage.setItem(storageKeys.userId, '41');
  localStorage.setItem(storageKeys.staffDetails, JSON.stringify({ staffId: 41, staffName: 'Demo Owner' }));
  localStorage.setItem(storageKeys.branches, JSON.stringify(branches));
  const active = options.activeBranch === undefined ? (branches[0] ?? null) : options.activeBranch;
  if (active === null) localStorage.removeItem(storageKeys.activeBranch);
  else localStorage.setItem(storageKeys.activeBranch, JSON.stringify(active));
  const permissions = options.permissions ?? fullPermissions();
  document.cookie = `${cookieKeys.permissions}=${encodeURIComponent(JSON.stringify(permissions))}; Path=/`;
}

export function clearTestSession(): void {
  localStorage.clear();
  for (const key of Object.values(cookieKeys)) document.cookie = `${key}=; Path=/; Max-Age=0`;
}

/** Only the named module/actions granted (`{ users: 'va' }`), everything else false. */
export function onlyPermissions(grants: Record<string, string>): PermissionRecord[] {
  return fullPermissions().map((p) => {
    const g = grants[p.moduleUniqueName] ?? '';
    return {
      ...p,
      view: g.includes('v'),
      add: g.includes('a'),
      edit: g.includes('e'),
      delete: g.includes('d'),
    };
  });
}
