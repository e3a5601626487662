import { call } from './call.js';
import { clearStoredLogin } from './session.js';

/** Why the login page is shown; it says so in the user's language. */
export type LoginReason = 'expired' | 'loggedOut' | 'passwordChanged';

interface SessionHooks {
  /** Go to /login with the reason (and, after a 401, the page to return to); settles once it is shown. */
  toLogin(search: { reason: LoginReason; redirect?: string }): Promise<void>;
  /** The page currently shown (path + query). */
  currentHref(): string;
  /** Stop asking: calls under way are cancelled, and nothing is fetched again while the pages are still shown. */
  onEnding(): void;
  /** Forget what belonged to the session (cached answers, and on logout the open tabs), once its pages are gone. */
  onEnd(reason: LoginReason): void;
}

let hooks: SessionHooks | null = null;

/** The app registers its router and caches here, so that features and the API client need neither. */
export function connectSession(next: SessionHooks): void {
  hooks = next;
}

/**
 * Ends the session on this side: stored login cleared, off to /login with the reason, caches dropped. The caches
 * go only once the session's pages are gone: dropped under a mounted page, its queries would ask again at once,
 * and each of those calls would answer 401 (and turn a logout into "your session expired").
 */
export async function endSession(reason: LoginReason): Promise<void> {
  const href = hooks?.currentHref() ?? '/';
  const onLoginPage = href.startsWith('/login');
  const leaving = !(onLoginPage && reason === 'expired');
  if (leaving) hooks?.onEnding();
  clearStoredLogin();
  if (leaving)
    await hooks?.toLogin({ reason, redirect: reason === 'expired' && !onLoginPage ? href : undefined });
  hooks?.onEnd(reason);
}

/** Logs out on the server (the session cookie ends) and here. */
export async function logout(reason: 'loggedOut' | 'passwordChanged'): Promise<void> {
  // Nothing more is asked from here on: a poll landing after the server has ended the session would answer 401.
  hooks?.onEnding();
  try {
    await call.post('/auth/logout', undefined, { successMessage: false, quiet: true });
  } catch {
    // The server session may already be gone; the local logout still happens.
  }
  await endSession(reason);
}
