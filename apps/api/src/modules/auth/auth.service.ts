import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { SessionUser } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL, REDIS } from '../../infra/tokens.js';
import { drawCaptcha, randomCaptchaCode } from './captcha-image.js';
import { hashPasswordDigest, verifyPasswordDigest } from './password.js';

const CAPTCHA_TTL_S = 120;
const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;
const SESSION_TTL_MS = 12 * 3600 * 1000;

export const SESSION_COOKIE = 'kb_session';
export const CAPTCHA_COOKIE = 'kb_captcha';

export interface StaffRow {
  id: string;
  account: string;
  name: string;
  email: string;
  role: SessionUser['role'];
  brand_owner_code: string;
  brand_name: string;
  first_login: boolean;
  disabled: boolean;
  password_hash: string | null;
}

export const STAFF_SELECT = `
  SELECT u.id, u.account, u.name, u.email, u.role, u.brand_owner_code, b.name AS brand_name, u.first_login,
         u.disabled, u.password_hash
  FROM staff_users u JOIN brands b ON b.code = u.brand_owner_code`;

export function toSessionUser(r: StaffRow): SessionUser {
  return {
    id: r.id,
    account: r.account,
    name: r.name,
    email: r.email,
    role: r.role,
    brandOwnerCode: r.brand_owner_code,
    brandName: r.brand_name,
    firstLogin: r.first_login,
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Checked instead of a stored hash when the account does not exist (or has no password yet), so that a refusal
 * takes as long either way and the answer time does not tell which accounts exist.
 */
let dummyHash: Promise<string> | null = null;
const dummyPasswordHash = () => (dummyHash ??= hashPasswordDigest(randomBytes(16).toString('hex')));

/** Captchas, credentials and sessions. Sessions live in Postgres; captchas in Redis (throttling: LoginThrottle). */
@Injectable()
export class AuthService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(...parts: string[]) {
    return this.config.REDIS_PREFIX + parts.join(':');
  }

  /** A new captcha bound to the requester's captcha cookie id; replaces the previous one of that id. */
  async issueCaptcha(existingId: string | undefined): Promise<{ captchaId: string; png: Buffer }> {
    const captchaId = existingId && /^[a-f0-9-]{36}$/.test(existingId) ? existingId : randomUUID();
    const code = randomCaptchaCode();
    await this.redis.set(this.key('captcha', captchaId), code, 'EX', CAPTCHA_TTL_S);
    return { captchaId, png: drawCaptcha(code) };
  }

  /** Single use: the stored code is consumed whatever the outcome. */
  async checkCaptcha(captchaId: string | undefined, answer: string): Promise<void> {
    const stored = captchaId ? await this.redis.getdel(this.key('captcha', captchaId)) : null;
    const testCode = this.config.NODE_ENV !== 'production' ? this.config.CAPTCHA_TEST_CODE : undefined;
    if (testCode && answer === testCode) return;
    if (!stored || stored.toLowerCase() !== answer.trim().toLowerCase())
      throw new AppError(400, 'captcha_wrong');
  }

  /** The user whose password this is, or null; as slow for an unknown account as for a wrong password. */
  async verifyCredentials(account: string, passwordDigest: string): Promise<StaffRow | null> {
    const { rows } = await this.pool.query<StaffRow>(`${STAFF_SELECT} WHERE lower(u.account) = lower($1)`, [
      account,
    ]);
    const row = rows[0];
    const valid = await verifyPasswordDigest(
      passwordDigest,
      row?.password_hash ?? (await dummyPasswordHash()),
    );
    return row?.password_hash && valid ? row : null;
  }

  /** A verified user who may log in (403 when the account is disabled). */
  admit(row: StaffRow): SessionUser {
    if (row.disabled) throw new AppError(403, 'account_disabled');
    return toSessionUser(row);
  }

  async createSession(
    user: SessionUser,
    remember: boolean,
    ip: string,
  ): Promise<{ token: string; maxAgeMs: number }> {
    const token = randomBytes(32).toString('base64url');
    const maxAgeMs = remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
    // Logins are where sessions are made, so also where the ended ones are cleared away.
    await this.pool.query('DELETE FROM staff_sessions WHERE expires_at <= now()');
    await this.pool.query(
      `INSERT INTO staff_sessions (id, user_id, brand_owner_code, remember, ip, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [hashToken(token), user.id, user.brandOwnerCode, remember, ip, maxAgeMs / 1000],
    );
    return { token, maxAgeMs };
  }

  /** The user of a live session, or null. */
  async resolveSession(token: string | undefined): Promise<{ user: SessionUser; sessionId: string } | null> {
    if (!token || token.length > 100) return null;
    const id = hashToken(token);
    const { rows } = await this.pool.query<StaffRow>(
      `${STAFF_SELECT} JOIN staff_sessions s ON s.user_id = u.id WHERE s.id = $1 AND s.expires_at > now()`,
      [id],
    );
    const row = rows[0];
    if (!row || row.disabled) return null;
    return { user: toSessionUser(row), sessionId: id };
  }

  async endSession(sessionId: string): Promise<void> {
    await this.pool.query('DELETE FROM staff_sessions WHERE id = $1', [sessionId]);
  }

  /** Ends the session a cookie names, whether or not it is still live. */
  async endSessionOfToken(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    await this.endSession(hashToken(token));
  }

  async endOtherSessions(userId: string, keepSessionId: string | null): Promise<void> {
    await this.pool.query('DELETE FROM staff_sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [
      userId,
      keepSessionId,
    ]);
  }
}
