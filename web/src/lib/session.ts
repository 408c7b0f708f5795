import { cookieKeys, cookieLifetimeDays, storageKeys } from '@app/contract/sessionKeys';
import type { Session } from '@app/contract/session';
import { readImplied } from '@app/contract/moduleNames';
import type { ModuleName, PermissionAction, PermissionRecord } from '@app/contract/modules';

type CookieKey = (typeof cookieKeys)[keyof typeof cookieKeys];

export function readAccessToken(): string | null {
  return localStorage.getItem(storageKeys.accessToken);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(storageKeys.refreshToken);
}

export function writeTokens(tokens: { accessToken: string; refreshToken: string }): void {
  localStorage.setItem(storageKeys.accessToken, tokens.accessToken);
  localStorage.setItem(storageKeys.refreshToken, tokens.refreshToken);
  notifySessionChange();
}

export interface ActiveBranch {
  id: number;
  name?: string;
}

/** The stored active branch, or null when none is stored or the stored value is unreadable. */
export function readActiveBranch(): ActiveBranch | null {
  const raw = localStorage.getItem(storageKeys.activeBranch);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'id' in parsed && typeof parsed.id === 'number') {
      return parsed as ActiveBranch;
    }
  } catch {
    // A hand-edited or foreign value is treated as "no branch chosen" so the branch dialog can fix it.
  }
  return null;
}

export function writeActiveBranch(branch: ActiveBranch): void {
  localStorage.setItem(storageKeys.activeBranch, JSON.stringify(branch));
  notifySessionChange();
}

export function clearActiveBranch(): void {
  localStorage.removeItem(storageKeys.activeBranch);
  notifySessionChange();
}

export interface StoredBranch {
  id: number;
  name: string;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isStoredBranch(value: unknown): value is StoredBranch {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    typeof value.id === 'number' &&
    'name' in value &&
    typeof value.name === 'string'
  );
}

function branchesFrom(raw: string | null): StoredBranch[] {
  const parsed = parseJson(raw);
  return Array.isArray(parsed) ? parsed.filter(isStoredBranch) : [];
}

/** The branches the staff member may use, as stored at sign-in; unreadable entries are skipped. */
export function readBranches(): StoredBranch[] {
  return branchesFrom(localStorage.getItem(storageKeys.branches));
}

export function writeBranches(branches: StoredBranch[]): void {
  localStorage.setItem(storageKeys.branches, JSON.stringify(branches.map(({ id, name }) => ({ id, name }))));
  notifySessionChange();
}

export interface StaffDetails {
  staffId: number;
  staffName: string;
}

function staffDetailsFrom(raw: string | null): StaffDetails | null {
  const parsed = parseJson(raw);
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    'staffId' in parsed &&
    typeof parsed.staffId === 'number' &&
    'staffName' in parsed &&
    typeof parsed.staffName === 'string'
  ) {
    return { staffId: parsed.staffId, staffName: parsed.staffName };
  }
  return null;
}

export function readStaffDetails(): StaffDetails | null {
  return staffDetailsFrom(localStorage.getItem(storageKeys.staffDetails));
}

export function readUserId(): number | null {
  const raw = localStorage.getItem(storageKeys.userId);
  if (raw === null || raw.trim() === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) ? id : null;
}

/**
 * A record of the permissions cookie, checked by hand rather than with the contract's zod schema
 * (this module is on every page, sign-in included, and zod is not). An unknown module name is
 * harmless: permissions are only ever looked up by the names the app knows.
 */
export function isPermissionRecord(value: unknown): value is PermissionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.moduleUniqueName === 'string' &&
    ['view', 'add', 'edit', 'delete'].every((action) => typeof record[action] === 'boolean')
  );
}

let permissionsRead: { raw: string | null; records: PermissionRecord[] } | null = null;

/**
 * The permission records of the permissions cookie; an unreadable cookie grants nothing. The same
 * array while the cookie is unchanged, parsed once: a page asks for every menu entry and row action
 * (hasPermission), and useSyncExternalStore needs the same value for the same state. Shared, so
 * never changed by a caller.
 */
export function readPermissions(): PermissionRecord[] {
  const raw = readCookie(cookieKeys.permissions);
  if (permissionsRead?.raw === raw) return permissionsRead.records;
  const parsed = parseJson(raw);
  const records = !Array.isArray(parsed)
    ? []
    : parsed.flatMap((item: unknown) => {
        if (!isPermissionRecord(item)) return [];
        const { moduleUniqueName, view, add, edit, delete: remove } = item;
        return [{ moduleUniqueName, view, add, edit, delete: remove }];
      });
  permissionsRead = { raw, records };
  return records;
}

/** Whether the permissions cookie grants `action` on `module` (spec section 6). */
export function hasPermission(module: ModuleName, action: PermissionAction): boolean {
  return readPermissions().some((record) => record.moduleUniqueName === module && record[action]);
}

/**
 * Whether the caller may list and read a catalogue: its own view, or a read another of their
 * modules implies (contract impliedReads: the member form names rooms, packages, fee structures).
 */
export function mayRead(module: ModuleName): boolean {
  return hasPermission(module, 'view') || readImplied(readPermissions(), module);
}

/** Stores everything the sign-in answer carries, in the places the specification names. */
export function writeSession(session: Session): void {
  writeTokens(session);
  localStorage.setItem(storageKeys.userId, String(session.userId));
  localStorage.setItem(storageKeys.staffDetails, JSON.stringify(session.staffDetails));
  localStorage.setItem(storageKeys.branches, JSON.stringify(session.branches));
  writeCookie(cookieKeys.clientDetails, JSON.stringify(session.clientDetails));
  writeCookie(cookieKeys.paymentDisabled, String(session.paymentDisabled));
  writeCookie(cookieKeys.permissions, JSON.stringify(session.permissions));
  notifySessionChange();
}

/**
 * Signs in: stores the answer, and keeps a previously chosen active branch only when the new
 * session may use it (a different staff member on the same browser starts without one).
 */
export function startSession(session: Session): void {
  const previous = readActiveBranch();
  if (previous !== null && !session.branches.some((branch) => branch.id === previous.id)) {
    localStorage.removeItem(storageKeys.activeBranch);
  }
  writeSession(session);
}

export function clearSession(): void {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  for (const key of Object.values(cookieKeys)) deleteCookie(key);
  notifySessionChange();
}

/** What the signed-in frame shows from storage; the same object while storage is unchanged. */
export interface SessionView {
  signedIn: boolean;
  branches: StoredBranch[];
  activeBranch: ActiveBranch | null;
  staffDetails: StaffDetails | null;
}

let cachedView: { raw: string; view: SessionView } | null = null;

/**
 * Reads storage each time (cheap) but hands back the cached object while the raw values are the
 * same, as useSyncExternalStore requires; so a change made elsewhere (a test, another tab) is seen.
 */
export function getSessionView(): SessionView {
  const values = [
    storageKeys.accessToken,
    storageKeys.branches,
    storageKeys.activeBranch,
    storageKeys.staffDetails,
  ].map((key) => localStorage.getItem(key));
  const raw = JSON.stringify(values);
  if (cachedView?.raw === raw) return cachedView.view;
  const [accessToken, branches, , staffDetails] = values;
  const view: SessionView = {
    signedIn: accessToken !== null && accessToken !== undefined && accessToken !== '',
    branches: branchesFrom(branches ?? null),
    activeBranch: readActiveBranch(),
    staffDetails: staffDetailsFrom(staffDetails ?? null),
  };
  cachedView = { raw, view };
  return view;
}

const sessionListeners = new Set<() => void>();

function notifySessionChange(): void {
  for (const listener of sessionListeners) listener();
}

/** For useSyncExternalStore: changes made through this module, and by other tabs of the app. */
export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    sessionListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function writeCookie(name: CookieKey, value: string, days: number = cookieLifetimeDays): void {
  document.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes(days * 24 * 60 * 60)}`;
}

export function readCookie(name: CookieKey): string | null {
  for (const part of document.cookie.split('; ')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator) === name) {
      return decodeURIComponent(part.slice(separator + 1));
    }
  }
  return null;
}

export function deleteCookie(name: CookieKey): void {
  document.cookie = `${name}=${cookieAttributes(0)}`;
}
