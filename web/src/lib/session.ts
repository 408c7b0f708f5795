import { cookieKeys, cookieLifetimeDays, storageKeys } from '@app/contract/session';
import type { Session } from '@app/contract/session';

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
}

export function clearSession(): void {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  for (const key of Object.values(cookieKeys)) deleteCookie(key);
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
