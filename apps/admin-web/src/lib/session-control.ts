import { api } from './api-client.js';
import { clearStoredLogin } from './session.js';

/** Why the login page is shown; it says so in the user's language. */
export type LoginReason = 'expired' | 'loggedOut' | 'passwordChanged';

interface SessionHooks {
  /** Go to /login with the reason (and, after a 401, the page to return to). */
  toLogin(search: { reason: LoginReason; redirect?: string }): void;
  /** The page currently shown (path + query). */
  currentHref(): string;
  /** Forget what belonged to the session: cached answers, and on logout the open tabs. */
  onEnd(reason: LoginReason): void;
}

let hooks: SessionHooks | null = null;

/** The app registers its router and caches here, so that features and the API client need neither. */
export function connectSession(next: SessionHooks): void {
  hooks = next;
}

/** Ends the session on this side: stored login cleared, caches dropped, off to /login with the reason. */
export function endSession(reason: LoginReason): void {
  const href = hooks?.currentHref() ?? '/';
  const onLoginPage = href.startsWith('/login');
  clearStoredLogin();
  hooks?.onEnd(reason);
  if (onLoginPage && reason === 'expired') return;
  hooks?.toLogin({ reason, redirect: reason === 'expired' && !onLoginPage ? href : undefined });
}

/** Logs out on the server (the session cookie ends) and here. */
export async function logout(reason: 'loggedOut' | 'passwordChanged'): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST', successMessage: false, quiet: true });
  } catch {
    // The server session may already be gone; the local logout still happens.
  }
  endSession(reason);
}
