import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  cookingPostSchema,
  deviceActivationSchema,
  deviceContentQuerySchema,
  faultPostSchema,
  noticeAckSchema,
  telemetryPostSchema,
  type DeviceActivationAnswer,
  type DevicePostAnswer,
  type Envelope,
} from '@kb/contracts';
import {
  activateDevice,
  ActivationError,
  apkUpdateFor,
  authenticateDevice,
  brandOfActivationKey,
  type AuthenticatedDevice,
} from '@kb/devices';
import type { Pool } from '@kb/platform';
import type { z } from 'zod';
import { ContentFeeds, etagMatches } from '../content/content-feed.js';
import { send } from '../http.js';
import { deviceOpenApi } from './device-openapi.js';
import { NOTICE_ACK_LIMIT, noticeRoutes } from '../notices/notice-routes.js';
import { BODY_LIMITS } from './limits.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Reads a JSON body of at most `limit` bytes. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Send the body as application/json');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, `Body larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `Body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

/** A 400 naming each wrong field (`messages.3.sampledAt`), the first one in `desc`. */
function invalidBody(fieldErrors: Record<string, string>): HttpError {
  const [field, message] = Object.entries(fieldErrors)[0]!;
  return new HttpError(400, `Invalid body: ${field === '_' ? '' : `${field}: `}${message}`, { fieldErrors });
}

export function validate<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || '_'] ??= issue.message;
  throw invalidBody(fieldErrors);
}

// Postgres cannot store year 0 (and the ISO format has no years before it); no device clock is set before 1970.
const EARLIEST_DEVICE_TIME = Date.parse('1970-01-01T00:00:00Z');

/**
 * Refuses message times a device clock cannot honestly hold: before 1970, or further ahead of the server's
 * clock than `maxSkewMs` (such a sample would stay the device's newest for as long as its clock is wrong).
 */
export function checkDeviceTimes(
  messages: readonly Record<string, unknown>[],
  field: 'sampledAt' | 'reportedAt' | 'startedAt',
  receivedAt: number,
  maxSkewMs: number,
): void {
  const fieldErrors: Record<string, string> = {};
  messages.forEach((message, i) => {
    const at = Date.parse(message[field] as string);
    if (at < EARLIEST_DEVICE_TIME)
      fieldErrors[`messages.${i}.${field}`] = 'earlier than 1970-01-01T00:00:00Z';
    else if (at > receivedAt + maxSkewMs)
      fieldErrors[`messages.${i}.${field}`] =
        `more than ${Math.round(maxSkewMs / 1000)} s ahead of the server's clock; set the device's clock`;
  });
  if (Object.keys(fieldErrors).length) throw invalidBody(fieldErrors);
}

/** Trusts a checked credential for `ttlMs` (a revocation takes that long to bite); never caches a refusal. */
export class CredentialCache {
  private readonly entries = new Map<string, { device: AuthenticatedDevice; until: number }>();
  constructor(
    private readonly pool: Pool,
    private readonly ttlMs: number,
  ) {}

  async device(token: string): Promise<AuthenticatedDevice | null> {
    const now = Date.now();
    const hit = this.entries.get(token);
    if (hit && hit.until > now) return hit.device;
    const device = await authenticateDevice(this.pool, token);
    if (device && this.ttlMs > 0) {
      if (this.entries.size > 200_000) this.entries.clear();
      this.entries.set(token, { device, until: now + this.ttlMs });
    } else this.entries.delete(token);
    return device;
  }
}

/** How long the device API trusts what it last read of a queue's backlog. */
const BACKLOG_CHECK_MS = 100;
/** What a refused device is told to wait before posting again. */
const RETRY_AFTER_S = 1;

/**
 * How far behind the workers of one device queue are, as the device API sees it: how long the oldest post not
 * yet stored has existed. BullMQ's wait and active lists are first in, first out (the oldest is each one's last
 * entry) and a job's `timestamp` is when it was queued, so the older of the two last entries is that post. An
 * active job older than the job lock belongs to a worker that died (BullMQ hands it to another in time) and
 * says nothing about the live workers, so it does not count. This is the backlog in the workers' own time,
 * whatever the size of the posts or the pace of the machine. Read from Redis (two round trips) at most every
 * BACKLOG_CHECK_MS per queue, however many posts arrive; between reads the age grows with the clock.
 */
export class Backlog {
  private oldestQueuedAt: number | null = null;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly jobLockMs: number,
  ) {}

  /** Milliseconds the oldest post not yet stored has waited (0: none); throws when Redis does not answer. */
  async waitedMs(): Promise<number> {
    if (performance.now() - this.checkedAt > BACKLOG_CHECK_MS) {
      this.checking ??= this.read().finally(() => (this.checking = undefined));
      await this.checking;
    }
    return this.oldestQueuedAt === null ? 0 : Math.max(0, Date.now() - this.oldestQueuedAt);
  }

  private async read(): Promise<void> {
    const [waitingId, activeId] = await Promise.all([
      this.redis.lindex(this.queue.keys.wait!, -1),
      this.redis.lindex(this.queue.keys.active!, -1),
    ]);
    // A job taken or removed between the reads has no stamp: the next read sees the one after it.
    const stamp = async (id: string | null) => {
      const at = id === null ? null : await this.redis.hget(this.queue.toKey(id), 'timestamp');
      return at === null ? null : Number(at);
    };
    const [waitingAt, activeAt] = await Promise.all([stamp(waitingId), stamp(activeId)]);
    const live = activeAt !== null && Date.now() - activeAt <= this.jobLockMs ? activeAt : null;
    const stamps = [waitingAt, live].filter((at): at is number => at !== null);
    this.oldestQueuedAt = stamps.length ? Math.min(...stamps) : null;
    this.checkedAt = performance.now();
  }
}

/**
 * The device-facing endpoints under /device/v1 (README: "Device API"): activation with the brand's factory key,
 * then telemetry and fault batches with the device's own credential. Posting endpoints only validate and
 * enqueue one job per batch; workers store it.
 */
export function createDeviceApi(deps: {
  pool: Pool;
  telemetryQueue: Queue;
  faultQueue: Queue;
  /** Cooking sessions (`POST /device/v1/cooking`). */
  cookingQueue: Queue;
  authCacheMs: number;
  maxClockSkewMs: number;
  /** The producer connection of the queues, to read their backlog. */
  redis: Redis;
  /** How long the oldest post of a device queue not yet stored may have waited before posts are refused (503). */
  maxQueueWaitMs: number;
  /** The workers' job lock: an active job older than this is a dead worker's. */
  jobLockMs: number;
  /** How long a built content feed is reused (default CONTENT_FEED_TTL_MS). */
  contentFeedTtlMs?: number;
  /** Hears each accepted batch: its queue and how many messages it held. */
  onAccepted?: (queue: string, messages: number) => void;
}) {
  const credentials = new CredentialCache(deps.pool, deps.authCacheMs);
  const feeds = new ContentFeeds(deps.pool, deps.contentFeedTtlMs);
  const backlogs = new Map(
    [deps.telemetryQueue, deps.faultQueue, deps.cookingQueue].map((q) => [
      q,
      new Backlog(deps.redis, q, deps.jobLockMs),
    ]),
  );

  /**
   * Backpressure: past the bound the workers are behind by more than they should be, and accepting more would
   * only grow the wait (and Redis). The device keeps its batch and posts it again after Retry-After.
   */
  async function admit(queue: Queue): Promise<void> {
    let waitedMs: number;
    try {
      waitedMs = await backlogs.get(queue)!.waitedMs();
    } catch {
      throw new HttpError(503, 'Cannot queue the batch now; post it again later');
    }
    if (waitedMs > deps.maxQueueWaitMs)
      throw new HttpError(
        503,
        `Too many messages waiting to be stored; post the batch again in ${RETRY_AFTER_S} s`,
        { retryAfterSeconds: RETRY_AFTER_S },
        { 'retry-after': String(RETRY_AFTER_S) },
      );
  }

  async function authenticate(req: IncomingMessage): Promise<AuthenticatedDevice> {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw new HttpError(401, 'Send the device credential as Authorization: Bearer <credential>');
    const device = await credentials.device(token);
    if (!device) throw new HttpError(401, 'Unknown or revoked device credential; activate the device again');
    return device;
  }

  async function activate(req: IncomingMessage): Promise<Envelope<DeviceActivationAnswer>> {
    const key = String(req.headers['x-activation-key'] ?? '');
    const brand = await brandOfActivationKey(deps.pool, key);
    if (!brand) throw new HttpError(401, 'Unknown activation key (header x-activation-key)');
    const input = validate(deviceActivationSchema, await readJson(req, BODY_LIMITS.activate));
    try {
      return { status: 200, desc: 'activated', data: await activateDevice(deps.pool, brand, input) };
    } catch (error) {
      if (error instanceof ActivationError)
        throw new HttpError(error.code === 'sn_taken' ? 409 : 400, error.message, { code: error.code });
      throw error;
    }
  }

  async function post(
    req: IncomingMessage,
    schema: typeof telemetryPostSchema | typeof faultPostSchema | typeof cookingPostSchema,
    limit: number,
    queue: Queue,
    job: string,
    timeField: 'sampledAt' | 'reportedAt' | 'startedAt',
  ): Promise<Envelope<DevicePostAnswer>> {
    const device = await authenticate(req);
    await admit(queue);
    const received = Date.now();
    const receivedAt = new Date(received).toISOString();
    const { messages } = validate(schema, await readJson(req, limit));
    const ids = new Set(messages.map((m) => m.messageId));
    if (ids.size !== messages.length)
      throw new HttpError(400, 'Invalid body: messages: every messageId in a batch must be different');
    checkDeviceTimes(messages, timeField, received, deps.maxClockSkewMs);
    try {
      await queue.add(job, {
        deviceId: device.deviceId,
        brandOwnerCode: device.brandOwnerCode,
        receivedAt,
        messages,
      });
    } catch {
      // Redis is away: nothing was accepted, the device keeps its batch and posts it again.
      throw new HttpError(503, 'Cannot queue the batch now; post it again later');
    }
    deps.onAccepted?.(queue.name, messages.length);
    return { status: 202, desc: 'accepted', data: { accepted: messages.length } };
  }

  /** GET /device/v1/content: the feed with its ETag; 304 without a body when the device has it already. */
  async function content(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const device = await authenticate(req);
    const query = Object.fromEntries(new URL(req.url ?? '/', 'http://device-ingest').searchParams);
    const { lang } = validate(deviceContentQuerySchema, query);
    const feed = await feeds.feed(device, lang);
    const headers = { etag: feed.etag, 'cache-control': 'no-cache', vary: 'authorization' };
    if (etagMatches(req.headers['if-none-match'], feed.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(feed.json),
    });
    res.end(feed.json);
  }

  /** Answers a /device/v1 request; false when the path is not one of its routes. */
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const routes: Record<string, { method: string; run: () => Promise<Envelope> }> = {
      '/device/v1/activate': { method: 'POST', run: () => activate(req) },
      '/device/v1/telemetry': {
        method: 'POST',
        run: () =>
          post(
            req,
            telemetryPostSchema,
            BODY_LIMITS.telemetry,
            deps.telemetryQueue,
            'telemetry-batch',
            'sampledAt',
          ),
      },
      '/device/v1/faults': {
        method: 'POST',
        run: () =>
          post(req, faultPostSchema, BODY_LIMITS.faults, deps.faultQueue, 'fault-batch', 'reportedAt'),
      },
      ...noticeRoutes('/device/v1', req, {
        pool: deps.pool,
        reader: async (r) => {
          const device = await authenticate(r);
          return { brandOwnerCode: device.brandOwnerCode, id: device.deviceId };
        },
        readAck: async (r) => validate(noticeAckSchema, await readJson(r, NOTICE_ACK_LIMIT)),
      }),
      // The APK version the device should run (a staged rollout, the package online, or a rollback).
      '/device/v1/apk/update': {
        method: 'GET',
        run: async () => ({
          status: 200,
          desc: 'ok',
          data: await apkUpdateFor(deps.pool, (await authenticate(req)).deviceId),
        }),
      },
      '/device/v1/cooking': {
        method: 'POST',
        run: () =>
          post(req, cookingPostSchema, BODY_LIMITS.cooking, deps.cookingQueue, 'cooking-batch', 'startedAt'),
      },
    };
    if (path === '/device/v1/openapi.json' && req.method === 'GET') {
      // The document itself, not wrapped in the envelope, so OpenAPI tools read it as is.
      const json = JSON.stringify(deviceOpenApi());
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(json);
      return true;
    }
    if (path === '/device/v1/content') {
      if (req.method !== 'GET') {
        res.setHeader('allow', 'GET');
        send(res, { status: 405, desc: 'Method not allowed', data: null });
        return true;
      }
      try {
        await content(req, res);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        send(res, { status: error.status, desc: error.message, data: error.data });
      }
      return true;
    }
    const route = routes[path];
    if (!route) return false;
    if (req.method !== route.method) {
      res.setHeader('allow', route.method);
      send(res, { status: 405, desc: 'Method not allowed', data: null });
      return true;
    }
    try {
      send(res, await route.run());
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // A refused body may still be arriving: answer, then close instead of reading it.
      if (error.status === 413) res.setHeader('connection', 'close');
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      send(res, { status: error.status, desc: error.message, data: error.data });
    }
    return true;
  };
}
