import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { REDIS } from '../../infra/tokens.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Attempts one client (account + address, or account + known device) has free before it backs off. */
const CLIENT_FREE_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 30 * 1000;
/** Attempts from unknown clients one address may make in the window, over all accounts. */
const ADDRESS_ATTEMPTS = 30;
/** Attempts from unknown clients an account may take in the window before such clients are slowed down. */
const ACCOUNT_ATTEMPTS = 10;
/** Once an account is slowed down: one attempt per this long from all its unknown clients together. */
const SLOWED_ACCOUNT_INTERVAL_MS = 10 * 1000;
const KNOWN_ADDRESS_MS = 90 * 24 * 3600 * 1000;
const KNOWN_DEVICE_MS = 180 * 24 * 3600 * 1000;
/** Original passwords one user may try when changing the password before backing off. */
const PASSWORD_CHECK_FREE_ATTEMPTS = 5;

export const DEVICE_COOKIE = 'kb_device';
export const DEVICE_COOKIE_MAX_AGE_MS = KNOWN_DEVICE_MS;

/** A login attempt as the throttle sees it, with the counters it holds a place in. */
export interface LoginClient {
  account: string;
  address: string;
  /** Logged in to this account before, from this device (cookie) or this address. */
  known: boolean;
  deviceToken: string | null;
  /** This client's own counter and wait (the known device, else the address). */
  clientCounter: string;
  clientBackoff: string;
  /** Counters of unknown clients: per address and per account (empty for known clients). */
  shared: string[];
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Takes one back from a counter, unless its window has already ended (a fresh key must not start below zero). */
const RELEASE_SCRIPT = `if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0`;

/**
 * Slows password guessing down without handing an attacker a way to lock the owner out (OWASP ASVS 2.2.1,
 * "device cookies"):
 * - each client (account + address, or account + a device that logged in to it before) has five attempts free
 *   in 15 minutes, then one attempt per 30 s, doubling each time (at most 15 minutes) — the owner's own client is
 *   never slowed by anyone else's failures;
 * - unknown clients are further limited per address (30 attempts in 15 minutes over all accounts) and per
 *   account: past 10 in 15 minutes, all unknown clients of the account together get one attempt per 10 seconds,
 *   while the owner's known devices and addresses log in as usual.
 * An attempt takes its place in every counter before the password is checked, so parallel attempts cannot slip
 * past a limit; a successful login (or a wrong captcha, which tests no password) gives the places back.
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
      known: knownDevice > 0 || knownAddress > 0,
      deviceToken,
      clientCounter: this.key('login-attempts', acct, client),
      clientBackoff: this.key('login-backoff', acct, client),
      shared: [],
    };
    await this.takeWithBackoff(attempt.clientCounter, attempt.clientBackoff, CLIENT_FREE_ATTEMPTS);
    if (attempt.known) return attempt;
    try {
      const addressCounter = this.key('login-attempts-address', address);
      const fromAddress = await this.take(addressCounter);
      if (fromAddress > ADDRESS_ATTEMPTS) {
        await this.release(addressCounter);
        throw throttled(await this.redis.pttl(addressCounter));
      }
      attempt.shared.push(addressCounter);
      const accountCounter = this.key('login-attempts-account', acct);
      const onAccount = await this.take(accountCounter);
      attempt.shared.push(accountCounter);
      if (onAccount > ACCOUNT_ATTEMPTS) {
        const slot = this.key('login-slowed', acct);
        const taken = await this.redis.set(slot, '1', 'PX', SLOWED_ACCOUNT_INTERVAL_MS, 'NX');
        if (!taken) throw throttled(await this.redis.pttl(slot));
      }
      return attempt;
    } catch (error) {
      await this.giveBack(attempt);
      throw error;
    }
  }

  /** The attempt tested no password (e.g. a wrong captcha): its places are given back. */
  async giveBack(attempt: LoginClient): Promise<void> {
    for (const counter of [attempt.clientCounter, ...attempt.shared]) await this.release(counter);
  }

  /** Clears the client's count and remembers it as known; answers the device token to (re)set as cookie. */
  async recordSuccess(attempt: LoginClient): Promise<string> {
    const deviceToken = attempt.deviceToken ?? randomBytes(32).toString('base64url');
    for (const counter of attempt.shared) await this.release(counter);
    // One key per command: on a Redis Cluster these keys live in different slots.
    await Promise.all([
      this.redis.del(attempt.clientCounter),
      this.redis.del(attempt.clientBackoff),
      this.redis.set(this.key('login-known', attempt.account, attempt.address), '1', 'PX', KNOWN_ADDRESS_MS),
      this.redis.set(
        this.key('login-device', attempt.account, digest(deviceToken)),
        '1',
        'PX',
        KNOWN_DEVICE_MS,
      ),
    ]);
    return deviceToken;
  }

  /** Guesses of the current password when changing it: five free, then the same doubling wait. */
  async admitPasswordCheck(userId: string): Promise<void> {
    await this.takeWithBackoff(
      this.key('password-check-attempts', userId),
      this.key('password-check-backoff', userId),
      PASSWORD_CHECK_FREE_ATTEMPTS,
    );
  }

  async recordPasswordCheckSuccess(userId: string): Promise<void> {
    await Promise.all([
      this.redis.del(this.key('password-check-attempts', userId)),
      this.redis.del(this.key('password-check-backoff', userId)),
    ]);
  }

  /** Counts one attempt in the counter's window (which starts at its first attempt); answers the new count. */
  private async take(counter: string): Promise<number> {
    const [[, count]] = (await this.redis.multi().incr(counter).pexpire(counter, WINDOW_MS, 'NX').exec()) as [
      [null, number],
      unknown,
    ];
    return count;
  }

  private async release(counter: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, counter);
  }

  /** `free` attempts, then one per wait, the wait doubling with each attempt; 429 while waiting. */
  private async takeWithBackoff(counter: string, backoff: string, free: number): Promise<void> {
    const waitingMs = await this.redis.pttl(backoff);
    if (waitingMs > 0) throw throttled(waitingMs);
    const attempts = await this.take(counter);
    if (attempts <= free) return;
    const waitMs = Math.min(WINDOW_MS, FIRST_BACKOFF_MS * 2 ** (attempts - free - 1));
    // Only one of several parallel attempts gets through; the count outlives the wait, so it keeps doubling.
    if (!(await this.redis.set(backoff, '1', 'PX', waitMs, 'NX'))) {
      await this.release(counter);
      throw throttled(await this.redis.pttl(backoff));
    }
    await this.redis.pexpire(counter, WINDOW_MS + waitMs);
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
