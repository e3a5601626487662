import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { SessionUser } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL, REDIS } from '../../infra/tokens.js';
import { drawCaptcha, randomCaptchaCode } from './captcha-image.js';
import { verifyPasswordDigest } from './password.js';

const CAPTCHA_TTL_S = 120;
const FAIL_WINDOW_S = 15 * 60;
const MAX_FAILURES = 5;
const REMEMBER_TTL_MS = 30 * 24 * 3600 * 1000;
const SESSION_TTL_MS = 12 * 3600 * 1000;

export const SESSION_COOKIE = 'kb_session';
export const CAPTCHA_COOKIE = 'kb_captcha';

interface StaffRow {
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

/** Captchas, login throttling and sessions. Sessions live in Postgres; captchas and counters in Redis. */
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

  private failureKeys(account: string, ip: string) {
    return [this.key('login-fail', 'acct', account.toLowerCase()), this.key('login-fail', 'ip', ip)];
  }

  async assertNotLockedOut(account: string, ip: string): Promise<void> {
    for (const k of this.failureKeys(account, ip)) {
      const count = Number((await this.redis.get(k)) ?? 0);
      if (count >= MAX_FAILURES) {
        const ttl = await this.redis.ttl(k);
        throw new AppError(429, 'too_many_attempts', { minutes: Math.max(1, Math.ceil(ttl / 60)) });
      }
    }
  }

  private async recordFailure(account: string, ip: string): Promise<void> {
    for (const k of this.failureKeys(account, ip)) {
      const count = await this.redis.incr(k);
      // The window starts at the first failure; the fifth failure blocks for a full 15 minutes from then.
      if (count === 1 || count === MAX_FAILURES) await this.redis.expire(k, FAIL_WINDOW_S);
    }
  }

  async verifyCredentials(account: string, passwordDigest: string, ip: string): Promise<SessionUser> {
    const { rows } = await this.pool.query<StaffRow>(`${STAFF_SELECT} WHERE lower(u.account) = lower($1)`, [
      account,
    ]);
    const row = rows[0];
    const valid = row ? await verifyPasswordDigest(passwordDigest, row.password_hash) : false;
    if (!row || !valid) {
      await this.recordFailure(account, ip);
      throw new AppError(400, 'login_failed');
    }
    if (row.disabled) throw new AppError(403, 'account_disabled');
    await this.redis.del(this.key('login-fail', 'acct', account.toLowerCase()));
    return toSessionUser(row);
  }

  async createSession(
    user: SessionUser,
    remember: boolean,
    ip: string,
  ): Promise<{ token: string; maxAgeMs: number }> {
    const token = randomBytes(32).toString('base64url');
    const maxAgeMs = remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
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

  async endOtherSessions(userId: string, keepSessionId: string | null): Promise<void> {
    await this.pool.query('DELETE FROM staff_sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [
      userId,
      keepSessionId,
    ]);
  }
}
