import pg from 'pg';
import {
  APP_USER_SIGN_OUT_CHANNEL,
  authenticateAppUser,
  DEVICE_CREDENTIAL_REVOKED_CHANNEL,
  type AuthenticatedAppUser,
} from '@kb/devices';
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
  // Counts forgets: a check that saw another count at its start may have read before a sign-out.
  let forgets = 0;

  async function user(token: string): Promise<AuthenticatedAppUser | null> {
    const now = Date.now();
    const hit = entries.get(token);
    if (hit && hit.until > now) return hit.user;
    const seen = forgets;
    const found = await authenticateAppUser(pool, token);
    if (found && !found.disabled && cacheMs > 0 && seen === forgets) {
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
      forgets++;
      entries.delete(token);
    },
    /** Stops trusting any token of these users (disabled or deleted in the console). */
    forgetUsers(ids: readonly string[]): void {
      forgets++;
      const gone = new Set(ids);
      for (const [token, entry] of entries) if (gone.has(entry.user.appUserId)) entries.delete(token);
    },
    /** Stops trusting every token (after a time in which sign-outs could have been missed). */
    forgetAll(): void {
      forgets++;
      entries.clear();
    },
  };
}

/** What a gateway process trusts for a while and must stop trusting when told. */
export interface Revocable {
  app: Pick<AppAuth, 'forgetUsers' | 'forgetAll'>;
  devices?: { forgetDevices(ids: readonly string[]): void; forgetAll(): void };
}

/**
 * Listens on its own Postgres connection for sign-outs of app users (the app's own sign-out through any process,
 * or the console disabling or deleting users) and revocations of device credentials (the console, or a device
 * activated again through any process), and drops what they name from the caches of this process: so every
 * gateway process refuses a signed-out token or revoked credential as soon as the change commits. While the
 * connection is down changes can be missed: on every (re)connection the whole caches go.
 */
export function listenForRevocations(
  databaseUrl: string,
  caches: Revocable,
  onError: (err: Error) => void,
): { ready: Promise<void>; close(): Promise<void> } {
  let listening!: () => void;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const forgetAll = () => {
    caches.app.forgetAll();
    caches.devices?.forgetAll();
  };
  const connect = () => {
    const c = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'device-ingest-revocations',
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
        const ids = JSON.parse(n.payload ?? '[]') as string[];
        if (n.channel === DEVICE_CREDENTIAL_REVOKED_CHANNEL) caches.devices?.forgetDevices(ids);
        else caches.app.forgetUsers(ids);
      } catch {
        forgetAll();
      }
    });
    c.connect()
      .then(() => c.query(`LISTEN ${APP_USER_SIGN_OUT_CHANNEL}`))
      .then(() => c.query(`LISTEN ${DEVICE_CREDENTIAL_REVOKED_CHANNEL}`))
      .then(() => {
        forgetAll();
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

/** The app sign-outs alone (the app API without device routes). */
export const listenForAppUserSignOuts = (
  databaseUrl: string,
  auth: Pick<AppAuth, 'forgetUsers' | 'forgetAll'>,
  onError: (err: Error) => void,
) => listenForRevocations(databaseUrl, { app: auth }, onError);

export type AppAuth = ReturnType<typeof createAppAuth>;
