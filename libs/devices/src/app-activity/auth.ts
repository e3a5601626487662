import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { appUserNumber, type AppRegister, type AppSession } from '@kb/contracts';
import { notifyIds, secretHash } from '../credentials.js';

type Queryable = pg.Pool | pg.PoolClient;

/** How long an app sign-in lasts. */
export const APP_SESSION_DAYS = 90;

/** Why a register or sign-in is refused; the app API maps the code to its answer. */
export class AppAuthError extends Error {
  constructor(
    readonly code: 'brand_unknown' | 'account_taken' | 'credentials_wrong' | 'user_disabled',
    message: string,
  ) {
    super(message);
    this.name = 'AppAuthError';
  }
}

/** Who a valid app token belongs to. */
export interface AuthenticatedAppUser {
  appUserId: string;
  brandOwnerCode: string;
  account: string;
  nickname: string | null;
  region: string | null;
  disabled: boolean;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** A slow salted hash of an app user's password: `scrypt$<salt>$<key>` (base64url). */
export async function hashAppPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

export async function verifyAppPassword(password: string, stored: string | null): Promise<boolean> {
  const [kind, salt, key] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !salt || !key) {
    // Same work as a real check, so an unknown account takes as long as a wrong password.
    await derive(password, Buffer.alloc(16));
    return false;
  }
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

async function issueSession(db: Queryable, user: AppUserRow, brand: string): Promise<AppSession> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO app_user_sessions (token_hash, app_user_id, brand_owner_code, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => ${APP_SESSION_DAYS})) RETURNING expires_at`,
    [secretHash(token), user.id, brand],
  );
  return {
    token,
    expiresAt: rows[0]!.expires_at.toISOString(),
    user: {
      id: user.id,
      number: appUserNumber(user.seq),
      account: user.account,
      nickname: user.nickname,
      region: user.region,
    },
  };
}

/** An app user's row as a session is issued from it. */
interface AppUserRow {
  id: string;
  seq: string;
  account: string;
  nickname: string | null;
  region: string | null;
}

/**
 * Registers an app user of the brand and signs them in. An account a device binding created without a
 * password (unregistered) is claimed; an account that already has one is refused.
 */
export async function registerAppUser(db: Queryable, input: AppRegister): Promise<AppSession> {
  const brand = await db.query('SELECT 1 FROM brands WHERE code = $1', [input.brandOwnerCode]);
  if (!brand.rowCount) throw new AppAuthError('brand_unknown', 'brand_unknown');
  const hash = await hashAppPassword(input.password);
  const { rows } = await db.query<AppUserRow>(
    `INSERT INTO app_users AS u (brand_owner_code, account, nickname, region, gender, age, password_hash, signed_up_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now())
     ON CONFLICT (brand_owner_code, account) DO UPDATE SET
       password_hash = EXCLUDED.password_hash, signed_up_at = now(),
       nickname = coalesce(EXCLUDED.nickname, u.nickname), region = coalesce(EXCLUDED.region, u.region),
       gender = coalesce(EXCLUDED.gender, u.gender), age = coalesce(EXCLUDED.age, u.age)
     WHERE u.password_hash IS NULL
     RETURNING id, seq::text, account, nickname, region`,
    [
      input.brandOwnerCode,
      input.account,
      input.nickname ?? null,
      input.region ?? null,
      input.gender ?? null,
      input.age ?? null,
      hash,
    ],
  );
  const user = rows[0];
  if (!user) throw new AppAuthError('account_taken', 'account_taken');
  return issueSession(db, user, input.brandOwnerCode);
}

/** Signs an app user in with account and password; a disabled user is refused. */
export async function signInAppUser(
  db: Queryable,
  input: { brandOwnerCode: string; account: string; password: string },
): Promise<AppSession> {
  const { rows } = await db.query<AppUserRow & { disabled: boolean; password_hash: string | null }>(
    `SELECT id, seq::text, account, nickname, region, disabled, password_hash FROM app_users
      WHERE brand_owner_code = $1 AND account = $2`,
    [input.brandOwnerCode, input.account],
  );
  const user = rows[0];
  if (!(await verifyAppPassword(input.password, user?.password_hash ?? null)) || !user)
    throw new AppAuthError('credentials_wrong', 'credentials_wrong');
  if (user.disabled) throw new AppAuthError('user_disabled', 'user_disabled');
  return issueSession(db, user, input.brandOwnerCode);
}

/** The app user of a token, or null when the token is unknown or expired (disabled users are answered). */
export async function authenticateAppUser(
  db: Queryable,
  token: string,
): Promise<AuthenticatedAppUser | null> {
  if (token.length < 20 || token.length > 100) return null;
  const { rows } = await db.query<{
    id: string;
    brand_owner_code: string;
    account: string;
    nickname: string | null;
    region: string | null;
    disabled: boolean;
  }>(
    `SELECT u.id, u.brand_owner_code, u.account, u.nickname, u.region, u.disabled
       FROM app_user_sessions s JOIN app_users u ON u.id = s.app_user_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [secretHash(token)],
  );
  const u = rows[0];
  return u
    ? {
        appUserId: u.id,
        brandOwnerCode: u.brand_owner_code,
        account: u.account,
        nickname: u.nickname,
        region: u.region,
        disabled: u.disabled,
      }
    : null;
}

/** Signs the token out (the app's log out). */
export async function signOutAppUser(db: Queryable, token: string): Promise<void> {
  const { rows } = await db.query<{ app_user_id: string }>(
    'DELETE FROM app_user_sessions WHERE token_hash = $1 RETURNING app_user_id',
    [secretHash(token)],
  );
  // Every process that trusts this token for a while hears it (and checks the user's other tokens again).
  await notifyAppUserSignOut(
    db,
    rows.map((r) => r.app_user_id),
  );
}

/**
 * Postgres channel on which the console says that app users' sign-ins ended (disabled or deleted): the app
 * API trusts a checked token for a while, and drops the named users' tokens when it hears this.
 */
export const APP_USER_SIGN_OUT_CHANNEL = 'app_user_sign_out';

/** Announces that these users' sign-ins ended (heard at commit, inside a transaction). */
export const notifyAppUserSignOut = (db: Queryable, ids: readonly string[]): Promise<void> =>
  notifyIds(db, APP_USER_SIGN_OUT_CHANNEL, ids);
