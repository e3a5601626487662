import pg from 'pg';
import { APP_USER_SIGN_OUT_CHANNEL, authenticateAppUser, type AuthenticatedAppUser } from '@kb/devices';
import type { Pool } from '@kb/platform';
import { appError, type WithHeaders } from './app-messages.js';

export type { AuthenticatedAppUser };

/**
 * The app-user guard of every signed-in `/app/v1` route (exported for the other app routes, e.g. notices):
 * `Authorization: Bearer <token>` from register or sign-in. Answers the app user, or throws the refusal: 401
 * without a valid token, 403 for a disabled user (with the message in zh and en). A checked token is trusted
 * for `cacheMs`; a user the console disables or deletes is dropped at once (`forgetUsers`, fed by
 * `listenForAppUserSignOuts`); a refusal is never cached.
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
    token(req: WithHeaders): string {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) throw appError(req, 401, 'token_missing');
      return token;
    },
    async authenticate(req: WithHeaders): Promise<AuthenticatedAppUser> {
      const found = await user(this.token(req));
      if (!found) throw appError(req, 401, 'token_invalid');
      if (found.disabled) throw appError(req, 403, 'user_disabled');
      return found;
    },
    forget(token: string): void {
      entries.delete(token);
    },
    /** Stops trusting any token of these users (disabled or deleted in the console). */
    forgetUsers(ids: readonly string[]): void {
      const gone = new Set(ids);
      for (const [token, entry] of entries) if (gone.has(entry.user.appUserId)) entries.delete(token);
    },
    /** Stops trusting every token (after a time in which sign-outs could have been missed). */
    forgetAll(): void {
      entries.clear();
    },
  };
}

/**
 * Listens on its own Postgres connection for the console's sign-outs of app users and drops their tokens from
 * `auth`. While the connection is down sign-outs can be missed: on every (re)connection the whole cache goes.
 */
export function listenForAppUserSignOuts(
  databaseUrl: string,
  auth: Pick<AppAuth, 'forgetUsers' | 'forgetAll'>,
  onError: (err: Error) => void,
): { ready: Promise<void>; close(): Promise<void> } {
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    const c = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'device-ingest-app-sign-outs',
    });
    client = c;
    const again = (err: Error) => {
      onError(err);
      c.removeAllListeners();
      void c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(connect, 1000);
    };
    c.on('error', again);
    c.on('notification', (n) => {
      try {
        auth.forgetUsers(JSON.parse(n.payload ?? '[]') as string[]);
      } catch {
        auth.forgetAll();
      }
    });
    c.connect()
      .then(() => c.query(`LISTEN ${APP_USER_SIGN_OUT_CHANNEL}`))
      .then(() => {
        auth.forgetAll();
        listening();
      })
      .catch(again);
  };
  connect();
  return {
    /** Resolves once the first LISTEN is in place. */
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export type AppAuth = ReturnType<typeof createAppAuth>;
