import type { SessionUser } from '@kb/contracts';
import { parseSessionUser } from './session-user.js';
import { readJson, readText, remove, writeJson, writeText } from './storage.js';

/**
 * The stored login (§4 "sign-in stores the user"). The session itself is the HttpOnly cookie set by the API;
 * this copy lets the guard decide without a round trip and shows the user's name. It never holds the
 * password or its digest.
 */
const LOGIN_KEY = 'kb.login';
const REMEMBERED_ACCOUNT_KEY = 'kb.rememberedAccount';
const LAST_USER_KEY = 'kb.lastUser';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: SessionUser | null | undefined;

export function getStoredUser(): SessionUser | null {
  if (cached === undefined)
    cached = parseSessionUser((readJson('local', LOGIN_KEY) as { user?: unknown } | null)?.user);
  return cached;
}

/**
 * Called once when the tab starts: a tab opened while signed in is that user's tab, so after an expiry another user
 * signing in here starts from Home (`followsAnotherUser`), as in the tab they signed in from.
 */
export function claimTabForStoredUser(): void {
  const user = getStoredUser();
  if (user && readText('session', LAST_USER_KEY) === null) writeText('session', LAST_USER_KEY, userKey(user));
}

/** Who a user is across sessions: what their tabs and the page to return to after an expiry belong to. */
export function userKey(user: Pick<SessionUser, 'brandOwnerCode' | 'id'>): string {
  return `${user.brandOwnerCode}/${user.id}`;
}

/**
 * Whether someone other than `user` last signed in from this browser tab: after a session expiry only the same
 * user goes back to the page they were on (another may not be allowed there at all).
 */
export function followsAnotherUser(user: SessionUser): boolean {
  const last = readText('session', LAST_USER_KEY);
  return last !== null && last !== userKey(user);
}

export function storeLogin(user: SessionUser): void {
  cached = user;
  writeText('session', LAST_USER_KEY, userKey(user));
  writeJson('local', LOGIN_KEY, { user });
  listeners.forEach((l) => l());
}

export function clearStoredLogin(): void {
  cached = null;
  remove('local', LOGIN_KEY);
  listeners.forEach((l) => l());
}

export function subscribeToLogin(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** "Remember password" keeps only the account name for the next visit (see README: no password is stored). */
export function getRememberedAccount(): string | null {
  return readText('local', REMEMBERED_ACCOUNT_KEY);
}

export function setRememberedAccount(account: string | null): void {
  if (account) writeText('local', REMEMBERED_ACCOUNT_KEY, account);
  else remove('local', REMEMBERED_ACCOUNT_KEY);
}

// Another browser tab logging in or out changes what this one may show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== LOGIN_KEY) return;
    cached = undefined;
    listeners.forEach((l) => l());
  });
}
