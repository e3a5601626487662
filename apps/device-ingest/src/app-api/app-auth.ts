import type { IncomingMessage } from 'node:http';
import { authenticateAppUser, type AuthenticatedAppUser } from '@kb/devices';
import type { Pool } from '@kb/platform';
import { appError } from './app-messages.js';

export type { AuthenticatedAppUser };

/**
 * The app-user guard of every signed-in `/app/v1` route (exported for the other app routes, e.g. notices):
 * `Authorization: Bearer <token>` from register or sign-in. Answers the app user, or throws the refusal: 401
 * without a valid token, 403 for a disabled user (with the message in zh and en). A checked token is trusted
 * for `cacheMs` (disabling a user takes that long to bite); a refusal is never cached.
 */
export function createAppAuth(pool: Pool, cacheMs: number) {
  const entries = new Map<string, { user: AuthenticatedAppUser; until: number }>();

  async function user(token: string): Promise<AuthenticatedAppUser | null> {
    const now = Date.now();
    const hit = entries.get(token);
    if (hit && hit.until > now) return hit.user;
    const found = await authenticateAppUser(pool, token);
    if (found && !found.disabled && cacheMs > 0) {
      if (entries.size > 200_000) entries.clear();
      entries.set(token, { user: found, until: now + cacheMs });
    } else entries.delete(token);
    return found;
  }

  return {
    /** The bearer token of the request, or a 401. */
    token(req: IncomingMessage): string {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) throw appError(req, 401, 'token_missing');
      return token;
    },
    async authenticate(req: IncomingMessage): Promise<AuthenticatedAppUser> {
      const found = await user(this.token(req));
      if (!found) throw appError(req, 401, 'token_invalid');
      if (found.disabled) throw appError(req, 403, 'user_disabled');
      return found;
    },
    forget(token: string): void {
      entries.delete(token);
    },
  };
}

export type AppAuth = ReturnType<typeof createAppAuth>;
