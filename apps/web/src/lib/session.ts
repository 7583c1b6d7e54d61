import { academicYearName } from '@campus/domain/auth/academic-year';
import type { Session } from '@campus/domain/auth/auth.contract';
import { formatDayMonthYear, isSessionDayOver } from '@campus/domain/shell/day';
import { useSyncExternalStore } from 'react';
import { clearOffline } from './offline-store.ts';

/** The session as the browser keeps it: the login answer plus what the app adds (spec part 1 §3). */
export type StoredSession = Session & {
  /** DD-MM-YYYY of the login day; the session ends when today is another day. */
  logindatetime: string;
  selectedAcadYrId: number | null;
  selectedAcadYear: string;
};

/** Storage keys, in one place so logout clears exactly what sign-in wrote. */
export const storageKeys = {
  session: 'session',
  deviceId: 'device_id',
  productTab: 'product_tab',
  /** sessionStorage: where the guard found the user, to return after login. */
  origin: 'origin_path',
  /** sessionStorage: set when the session came from a single sign-on link. */
  loginViaToken: 'login_via_token',
  /** sessionStorage: where a link login returns to (logout, error page). */
  redirectUrl: 'redirect_url',
} as const;

/** The product tab logout resets to (spec part 1 §4). */
export const defaultProductTab = 'prod_ongoing';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

// Parsing on every read would hand React a new object each time; cache by the raw text instead.
let cachedRaw: string | null = null;
let cachedSession: StoredSession | null = null;

function readStored(): StoredSession | null {
  const raw = localStorage.getItem(storageKeys.session);
  if (raw === cachedRaw) return cachedSession;
  cachedRaw = raw;
  cachedSession = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as StoredSession;
      // A user id of 0 (or none) is no session (spec part 1 §2, access guard).
      if (parsed && typeof parsed === 'object' && typeof parsed.user_id === 'number' && parsed.user_id > 0) {
        cachedSession = parsed;
      }
    } catch {
      // unreadable: treated as signed out
    }
  }
  return cachedSession;
}

/** The stored session, or null when signed out. */
export const getSession = (): StoredSession | null => readStored();

/** Builds what is stored after a successful login (login day, selected academic year). */
export function createStoredSession(session: Session, now: Date): StoredSession {
  return {
    ...session,
    logindatetime: formatDayMonthYear(now),
    selectedAcadYrId: session.acad_yr_id,
    selectedAcadYear: academicYearName(session, session.acad_yr_id),
  };
}

export function saveSession(session: StoredSession) {
  localStorage.setItem(storageKeys.session, JSON.stringify(session));
  notify();
}

export function clearSession() {
  localStorage.removeItem(storageKeys.session);
  // The answers kept for offline use go with the session: the next user of the device sees none of them.
  void clearOffline();
  sessionStorage.removeItem(storageKeys.origin);
  notify();
}

/** The stored session if it is still today's; a session from another day is cleared (spec part 1 §1). */
export function loadSession(now: Date): StoredSession | null {
  const session = readStored();
  if (session && isSessionDayOver(session.logindatetime, now)) {
    clearSession();
    return null;
  }
  return session;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes what this one shows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.session) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored session, re-rendering when it changes. */
export const useSession = () => useSyncExternalStore(subscribe, readStored, () => null);

/** This browser's device id: made once and kept, since the server binds sessions to it. */
export function getDeviceId(): string {
  let id = localStorage.getItem(storageKeys.deviceId);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(storageKeys.deviceId, id);
  }
  return id;
}

/** Puts the product tab back to its default (logout, spec part 1 §4). */
export const resetProductTab = () => localStorage.setItem(storageKeys.productTab, defaultProductTab);

/** Only in-app paths are remembered and followed, never another site. */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/** Remembers where the guard found a signed-out user. */
export function rememberOrigin(path: string) {
  if (isAppPath(path) && path !== '/') sessionStorage.setItem(storageKeys.origin, path);
}

/** The remembered origin (once), or undefined. */
export function takeOrigin(): string | undefined {
  const path = sessionStorage.getItem(storageKeys.origin);
  sessionStorage.removeItem(storageKeys.origin);
  return path && isAppPath(path) ? path : undefined;
}

/** Remembers a link login: logout then returns to the institute's address (spec part 1 §4). */
export function rememberTokenLogin(redirectUrl: string) {
  sessionStorage.setItem(storageKeys.loginViaToken, '1');
  rememberRedirectUrl(redirectUrl);
}

/** Remembers where the error page's 'Back to Login' goes. */
export function rememberRedirectUrl(redirectUrl: string) {
  if (redirectUrl) sessionStorage.setItem(storageKeys.redirectUrl, redirectUrl);
}

/** A normal login is no link login, whatever this tab did before. */
export const forgetTokenLogin = () => sessionStorage.removeItem(storageKeys.loginViaToken);

/** The http(s) redirect address to leave for after a link login's logout, or undefined. */
export function tokenLoginRedirect(): string | undefined {
  if (!sessionStorage.getItem(storageKeys.loginViaToken)) return undefined;
  const url = sessionStorage.getItem(storageKeys.redirectUrl);
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}
