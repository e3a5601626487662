import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { REDIS } from '../../infra/tokens.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures one client (account + address, or account + known device) has free before it backs off. */
const CLIENT_FREE_FAILURES = 5;
const FIRST_BACKOFF_MS = 30 * 1000;
/** Failures from unknown clients one address may make in the window, over all accounts. */
const ADDRESS_FAILURES = 30;
/** Failures from unknown clients an account may take in the window before such clients are slowed down. */
const ACCOUNT_FAILURES = 10;
/** Once an account is slowed down: one attempt per this long from all its unknown clients together. */
const SLOWED_ACCOUNT_INTERVAL_MS = 10 * 1000;
const KNOWN_ADDRESS_MS = 90 * 24 * 3600 * 1000;
const KNOWN_DEVICE_MS = 180 * 24 * 3600 * 1000;
/** Wrong original passwords one user may enter when changing the password before backing off. */
const PASSWORD_CHECK_FREE_FAILURES = 5;

export const DEVICE_COOKIE = 'kb_device';
export const DEVICE_COOKIE_MAX_AGE_MS = KNOWN_DEVICE_MS;

/** A login attempt as the throttle sees it. */
export interface LoginClient {
  account: string;
  address: string;
  /** The key of this client's own backoff: the known device, else the address. */
  client: string;
  /** Logged in to this account before, from this device (cookie) or this address. */
  known: boolean;
  deviceToken: string | null;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * Slows password guessing down without handing an attacker a way to lock the owner out (OWASP ASVS 2.2.1,
 * "device cookies"):
 * - each client (account + address, or account + a device that logged in to it before) has five failures free,
 *   then waits 30 s, doubling with every further failure (at most 15 minutes) — the owner's own client is never
 *   slowed by anyone else's failures;
 * - unknown clients are further limited per address (30 failures in 15 minutes over all accounts) and per
 *   account: past 10 failures in 15 minutes, all unknown clients of the account together get one attempt per
 *   10 seconds, while the owner's known devices and addresses log in as usual.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(...parts: string[]) {
    return this.config.REDIS_PREFIX + parts.join(':');
  }

  /** Who is trying; throws 429 (`login_throttled`) while that client, address or account must wait. */
  async admit(account: string, address: string, deviceCookie: string | undefined): Promise<LoginClient> {
    const acct = account.trim().toLowerCase();
    const deviceToken = deviceCookie && /^[\w-]{43}$/.test(deviceCookie) ? deviceCookie : null;
    const [knownDevice, knownAddress] = await Promise.all([
      deviceToken ? this.redis.exists(this.key('login-device', acct, digest(deviceToken))) : 0,
      this.redis.exists(this.key('login-known', acct, address)),
    ]);
    const client = knownDevice ? `device:${digest(deviceToken!)}` : `address:${address}`;
    const attempt: LoginClient = {
      account: acct,
      address,
      client,
      known: knownDevice > 0 || knownAddress > 0,
      deviceToken,
    };
    await this.assertNotBackingOff(this.key('login-backoff', acct, client));
    if (attempt.known) return attempt;
    const addressKey = this.key('login-fail-address', address);
    if (Number((await this.redis.get(addressKey)) ?? 0) >= ADDRESS_FAILURES) {
      throw throttled(await this.redis.pttl(addressKey));
    }
    if (Number((await this.redis.get(this.key('login-fail-account', acct))) ?? 0) >= ACCOUNT_FAILURES) {
      const slot = this.key('login-slowed', acct);
      const taken = await this.redis.set(slot, '1', 'PX', SLOWED_ACCOUNT_INTERVAL_MS, 'NX');
      if (!taken) throw throttled(await this.redis.pttl(slot));
    }
    return attempt;
  }

  async recordFailure(attempt: LoginClient): Promise<void> {
    await this.countFailure(
      this.key('login-fail', attempt.account, attempt.client),
      this.key('login-backoff', attempt.account, attempt.client),
      CLIENT_FREE_FAILURES,
    );
    if (attempt.known) return;
    await this.countInWindow(this.key('login-fail-address', attempt.address));
    await this.countInWindow(this.key('login-fail-account', attempt.account));
  }

  /** Clears the client's failures and remembers it as known; answers the device token to (re)set as cookie. */
  async recordSuccess(attempt: LoginClient): Promise<string> {
    const deviceToken = attempt.deviceToken ?? randomBytes(32).toString('base64url');
    await this.redis
      .multi()
      .del(
        this.key('login-fail', attempt.account, attempt.client),
        this.key('login-backoff', attempt.account, attempt.client),
      )
      .set(this.key('login-known', attempt.account, attempt.address), '1', 'PX', KNOWN_ADDRESS_MS)
      .set(this.key('login-device', attempt.account, digest(deviceToken)), '1', 'PX', KNOWN_DEVICE_MS)
      .exec();
    return deviceToken;
  }

  /** Guesses of the current password when changing it: five free, then the same doubling wait. */
  async admitPasswordCheck(userId: string): Promise<void> {
    await this.assertNotBackingOff(this.key('password-check-backoff', userId));
  }

  async recordPasswordCheckFailure(userId: string): Promise<void> {
    await this.countFailure(
      this.key('password-check-fail', userId),
      this.key('password-check-backoff', userId),
      PASSWORD_CHECK_FREE_FAILURES,
    );
  }

  async recordPasswordCheckSuccess(userId: string): Promise<void> {
    await this.redis.del(this.key('password-check-fail', userId));
  }

  private async assertNotBackingOff(backoffKey: string): Promise<void> {
    const waitMs = await this.redis.pttl(backoffKey);
    if (waitMs > 0) throw throttled(waitMs);
  }

  private async countInWindow(counterKey: string): Promise<number> {
    const [[, count]] = (await this.redis
      .multi()
      .incr(counterKey)
      .pexpire(counterKey, WINDOW_MS, 'NX')
      .exec()) as [[null, number], unknown];
    return count;
  }

  private async countFailure(counterKey: string, backoffKey: string, free: number): Promise<void> {
    const failures = await this.countInWindow(counterKey);
    if (failures < free) return;
    const waitMs = Math.min(WINDOW_MS, FIRST_BACKOFF_MS * 2 ** (failures - free));
    // The counter outlives the wait, so the next failure after it doubles the wait instead of starting over.
    await this.redis
      .multi()
      .set(backoffKey, '1', 'PX', waitMs)
      .pexpire(counterKey, WINDOW_MS + waitMs)
      .exec();
  }
}

function throttled(waitMs: number): AppError {
  return new AppError(429, 'login_throttled', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** A throttled caller also learns when to come back, as `Retry-After` seconds. */
export async function withRetryAfter<T>(res: Response, pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof AppError && error.status === 429)
      res.setHeader('Retry-After', String(error.params.seconds));
    throw error;
  }
}
