import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { EMAIL_CODE_RESEND_SECONDS, type SetPasswordFlag } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { requestContext } from '../../common/request-context.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL, REDIS } from '../../infra/tokens.js';
import { Mailer } from './mailer.js';

const CODE_TTL_S = 10 * 60;
const MAX_WRONG = 5;

const MAIL = {
  zh: (code: string) => ({
    subject: '厨房电器后台：邮箱验证码',
    text: `您的验证码是 ${code}，10分钟内有效。如非本人操作，请忽略此邮件。`,
  }),
  en: (code: string) => ({
    subject: 'Kitchen back-office: your verification code',
    text: `Your verification code is ${code}. It is valid for 10 minutes. If you did not ask for it, ignore this mail.`,
  }),
};

/** 6-digit email codes for first-time setup and password reset, kept in Redis. */
@Injectable()
export class EmailCodeService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mailer: Mailer,
  ) {}

  private key(kind: string, email: string) {
    return `${this.config.REDIS_PREFIX}email-code:${kind}:${email.toLowerCase()}`;
  }

  async findStaffByEmail(email: string): Promise<{ id: string; first_login: boolean } | null> {
    const { rows } = await this.pool.query<{ id: string; first_login: boolean }>(
      'SELECT id, first_login FROM staff_users WHERE lower(email) = lower($1)',
      [email],
    );
    return rows[0] ?? null;
  }

  async send(email: string, _flag: SetPasswordFlag): Promise<void> {
    if (!(await this.findStaffByEmail(email))) throw new AppError(400, 'email_not_in_system');
    const resendKey = this.key('resend', email);
    const allowed = await this.redis.set(resendKey, '1', 'EX', EMAIL_CODE_RESEND_SECONDS, 'NX');
    if (!allowed) {
      const ttl = await this.redis.ttl(resendKey);
      throw new AppError(429, 'email_code_too_soon', { seconds: Math.max(1, ttl) });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Wrong guesses are counted against the code they guessed: cleared before the new code exists. Two
    // commands, not a MULTI: on a Redis Cluster the two keys live in different slots.
    await this.redis.del(this.key('wrong', email));
    await this.redis.set(this.key('code', email), code, 'EX', CODE_TTL_S);
    const mail = MAIL[requestContext.lang()](code);
    try {
      await this.mailer.send(email, mail.subject, mail.text);
    } catch (error) {
      await this.redis.del(resendKey);
      throw error;
    }
  }

  /** Checks a code; `consume` removes it (used when the password is finally set). */
  async verify(email: string, code: string, consume: boolean): Promise<void> {
    const stored = await this.redis.get(this.key('code', email));
    if (!stored) throw new AppError(400, 'email_code_expired');
    if (stored !== code) {
      const wrong = await this.redis.incr(this.key('wrong', email));
      await this.redis.expire(this.key('wrong', email), CODE_TTL_S);
      // Too many wrong guesses burn the code, so six digits cannot be brute-forced.
      if (wrong >= MAX_WRONG) await this.redis.del(this.key('code', email));
      throw new AppError(400, 'email_code_wrong');
    }
    if (consume)
      await Promise.all([this.redis.del(this.key('code', email)), this.redis.del(this.key('wrong', email))]);
  }
}
