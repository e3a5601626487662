import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import {
  cookingPostSchema,
  deviceActivationSchema,
  deviceContentQuerySchema,
  faultPostSchema,
  telemetryPostSchema,
  type DeviceActivationAnswer,
  type DevicePostAnswer,
  text,
  type DeviceApkUpdate,
} from '@kb/contracts';
import {
  activateDevice,
  ActivationError,
  apkUpdateFor,
  authenticateDevice,
  brandOfActivationKey,
  type AuthenticatedDevice,
} from '@kb/devices';
import { checkedMark, type Pool } from '@kb/platform';
import { z } from 'zod';
import { route, type ApiRoute } from '../api-routes.js';
import { ContentFeeds, etagMatches } from '../content/content-feed.js';
import { HttpError, invalidBody, type GatewayApi } from '../http.js';
import { noticeRoutes } from '../notices/notice-routes.js';
import { BODY_LIMITS } from './limits.js';
import { PostCoalescer } from '../post-coalescer.js';
import { loopLagMs } from '../loop-lag.js';

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

/**
 * Trusts a checked credential for `ttlMs`; never caches a refusal. A revocation reaches every process at once
 * (`forgetDevices`, fed by `listenForRevocations`); a check that was under way when one arrived is not cached.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { device: AuthenticatedDevice; until: number }>();
  /** Counts forgets: a lookup that saw another count at its start may have read before a revocation. */
  private forgets = 0;
  constructor(
    private readonly pool: Pool,
    private readonly ttlMs: number,
  ) {}

  async device(token: string): Promise<AuthenticatedDevice | null> {
    const now = Date.now();
    const hit = this.entries.get(token);
    if (hit && hit.until > now) return hit.device;
    const forgets = this.forgets;
    const device = await authenticateDevice(this.pool, token);
    if (device && this.ttlMs > 0 && forgets === this.forgets) {
      if (this.entries.size > 200_000) this.entries.clear();
      this.entries.set(token, { device, until: now + this.ttlMs });
    } else this.entries.delete(token);
    return device;
  }

  /** Stops trusting any credential of these devices (revoked, or the device activated again). */
  forgetDevices(ids: readonly string[]): void {
    this.forgets++;
    const gone = new Set(ids);
    for (const [token, entry] of this.entries)
      if (gone.has(entry.device.deviceId)) this.entries.delete(token);
  }

  /** Stops trusting every credential (after a time in which revocations could have been missed). */
  forgetAll(): void {
    this.forgets++;
    this.entries.clear();
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

const activationAnswer = z.object({
  deviceId: z.uuid(),
  sn: text(),
  credential: text().describe('Send as `Authorization: Bearer <credential>`; shown once'),
  activatedAt: z.iso.datetime(),
}) satisfies z.ZodType<DeviceActivationAnswer>;

const postAnswer = z.object({ accepted: z.number().int() }) satisfies z.ZodType<DevicePostAnswer>;

const feedItem = z.object({ id: text() }).loose();
const apkUpdate = z.object({
  update: z.boolean(),
  apkVersion: text().nullable(),
  packageId: text().nullable(),
  versionNumber: text().nullable(),
  apkFileCode: text().nullable(),
  fileSize: z.number().nullable(),
  reason: z.enum(['rollout', 'online', 'rollback', 'none']),
}) satisfies z.ZodType<DeviceApkUpdate>;

const contentFeed = z.object({
  lang: text(),
  banners: z.array(feedItem),
  lockScreenAds: z.array(feedItem),
  groups: z.array(feedItem),
  hotTags: z.array(feedItem),
});

/** A device refusal's `data`: the fields that were wrong, a code, or how long to wait. */
const deviceRefusalData = z.object({
  fieldErrors: z.record(text(), text()).optional(),
  code: text().optional(),
  retryAfterSeconds: z.number().int().optional(),
});

/**
 * The device-facing endpoints under /device/v1 (README: "Device API"): activation with the brand's factory key,
 * then telemetry and fault batches with the device's own credential. Posting endpoints only validate and
 * enqueue (posts arriving together as one job); workers store them.
 */
export function createDeviceApi(deps: {
  pool: Pool;
  telemetryQueue: Queue;
  faultQueue: Queue;
  /** Cooking sessions (`POST /device/v1/cooking`). */
  cookingQueue: Queue;
  authCacheMs: number;
  /** The credential cache, when the caller listens for revocations (see `listenForRevocations`). */
  credentials?: CredentialCache;
  maxClockSkewMs: number;
  /** The producer connection of the queues, to read their backlog. */
  redis: Redis;
  /** How long the oldest post of a device queue not yet stored may have waited before posts are refused (503). */
  maxQueueWaitMs: number;
  /** How late the event loop may run before posts are refused (503): the process takes more than it answers. */
  maxLoopLagMs: number;
  /** The workers' job lock: an active job older than this is a dead worker's. */
  jobLockMs: number;
  /** The least time between two queue jobs of posts (INGEST_POST_GATHER_MS; default 0). */
  gatherMs?: number;
  /** How long a built content feed is reused (default CONTENT_FEED_TTL_MS). */
  contentFeedTtlMs?: number;
  /** Hears each accepted batch: its queue and how many messages it held. */
  onAccepted?: (queue: string, messages: number) => void;
}): GatewayApi {
  const credentials = deps.credentials ?? new CredentialCache(deps.pool, deps.authCacheMs);
  const feeds = new ContentFeeds(deps.pool, deps.contentFeedTtlMs);
  const backlogs = new Map(
    [deps.telemetryQueue, deps.faultQueue, deps.cookingQueue].map((q) => [
      q,
      new Backlog(deps.redis, q, deps.jobLockMs),
    ]),
  );

  /**
   * Backpressure: past the bound the workers are behind by more than they should be, or this process takes in
   * more than it can answer in time (its event loop runs late), and accepting more would only grow the wait (and
   * Redis). The check reads no body and costs no Redis round trip (the backlog is read at most every 100 ms), so
   * a refusal is fast whatever the number of clients. The device keeps its batch and posts it again after Retry-After.
   */
  async function admit(queue: Queue): Promise<void> {
    let waitedMs: number;
    try {
      waitedMs = await backlogs.get(queue)!.waitedMs();
    } catch {
      throw new HttpError(503, 'Cannot queue the batch now; post it again later');
    }
    if (waitedMs > deps.maxQueueWaitMs || loopLagMs() > deps.maxLoopLagMs)
      throw new HttpError(
        503,
        `Too many messages waiting to be stored; post the batch again in ${RETRY_AFTER_S} s`,
        { retryAfterSeconds: RETRY_AFTER_S },
        { 'retry-after': String(RETRY_AFTER_S) },
      );
  }

  async function authenticate(req: FastifyRequest): Promise<AuthenticatedDevice> {
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw new HttpError(401, 'Send the device credential as Authorization: Bearer <credential>');
    const device = await credentials.device(token);
    if (!device) throw new HttpError(401, 'Unknown or revoked device credential; activate the device again');
    return device;
  }

  /** A posting route: the device and the queue's backlog are checked before the body is read. */
  const posting = (
    options: Pick<ApiRoute, 'url' | 'operationId' | 'summary'> & {
      body: typeof telemetryPostSchema | typeof faultPostSchema | typeof cookingPostSchema;
      bodyLimit: number;
      queue: Queue;
      job: string;
      timeField: 'sampledAt' | 'reportedAt' | 'startedAt';
    },
  ) => {
    // The posts arriving together go to the queue as one job, marked as checked against the body schema.
    const coalescer = new PostCoalescer(options.queue, options.job, {
      checked: checkedMark(options.body),
      gapMs: deps.gatherMs,
    });
    return route({
      method: 'POST',
      url: options.url,
      operationId: options.operationId,
      summary: options.summary,
      security: 'deviceCredential',
      body: options.body,
      bodyLimit: options.bodyLimit,
      bodyDescription: 'Every message has a messageId: resending a message never stores it twice.',
      backpressure: true,
      answer: { status: 202, description: 'Queued; stored by the workers within moments', data: postAnswer },
      before: async (req) => {
        const device = await authenticate(req);
        await admit(options.queue);
        return { device, received: Date.now() };
      },
      handle: async (req, _reply, { device, received }) => {
        const { messages } = req.body;
        const ids = new Set(messages.map((m) => m.messageId));
        if (ids.size !== messages.length)
          throw new HttpError(400, 'Invalid body: messages: every messageId in a batch must be different');
        checkDeviceTimes(messages, options.timeField, received, deps.maxClockSkewMs);
        try {
          await coalescer.add({
            deviceId: device.deviceId,
            brandOwnerCode: device.brandOwnerCode,
            receivedAt: new Date(received).toISOString(),
            messages,
          });
        } catch {
          // Redis is away: nothing was accepted, the device keeps its batch and posts it again.
          throw new HttpError(503, 'Cannot queue the batch now; post it again later');
        }
        deps.onAccepted?.(options.queue.name, messages.length);
        return { status: 202, desc: 'accepted', data: { accepted: messages.length } };
      },
    });
  };

  return {
    prefix: '/device/v1',
    title: 'Kitchen back-office — device API',
    description:
      'What appliances post to device-ingest. A device activates once with its brand’s factory key and gets its own ' +
      'credential; then it posts telemetry and fault batches with it. Every post counts as activity: a device is ' +
      'online until its inactivity timeout passes without one.',
    securitySchemes: {
      deviceCredential: { type: 'http', scheme: 'bearer', description: 'The credential activation answered' },
      activationKey: { type: 'apiKey', in: 'header', name: 'x-activation-key' },
    },
    refusalData: deviceRefusalData,
    routes: [
      route({
        method: 'POST',
        url: '/device/v1/activate',
        operationId: 'activateDevice',
        summary: 'Activate a device (first start, or again after a reset): answers its new credential',
        security: 'activationKey',
        body: deviceActivationSchema,
        bodyLimit: BODY_LIMITS.activate,
        answer: {
          status: 200,
          description: 'Activated; any earlier credential of the device is revoked',
          data: activationAnswer,
        },
        refusals: { 401: 'Unknown activation key', 409: 'The SN belongs to another brand' },
        before: async (req) => {
          const brand = await brandOfActivationKey(deps.pool, String(req.headers['x-activation-key'] ?? ''));
          if (!brand) throw new HttpError(401, 'Unknown activation key (header x-activation-key)');
          return brand;
        },
        handle: async (req, _reply, brand) => {
          try {
            return { status: 200, desc: 'activated', data: await activateDevice(deps.pool, brand, req.body) };
          } catch (error) {
            if (error instanceof ActivationError)
              throw new HttpError(error.code === 'sn_taken' ? 409 : 400, error.message, { code: error.code });
            throw error;
          }
        },
      }),
      posting({
        url: '/device/v1/telemetry',
        operationId: 'postTelemetry',
        summary: 'Post 1–500 telemetry samples',
        body: telemetryPostSchema,
        bodyLimit: BODY_LIMITS.telemetry,
        queue: deps.telemetryQueue,
        job: 'telemetry-posts',
        timeField: 'sampledAt',
      }),
      posting({
        url: '/device/v1/faults',
        operationId: 'postFaults',
        summary: 'Post 1–100 fault reports',
        body: faultPostSchema,
        bodyLimit: BODY_LIMITS.faults,
        queue: deps.faultQueue,
        job: 'fault-posts',
        timeField: 'reportedAt',
      }),
      route({
        method: 'GET',
        url: '/device/v1/content',
        operationId: 'getDeviceContent',
        summary:
          'What the device shows besides recipes: online banners for the device recipe home, lock-screen ads ' +
          'for its model, themed groups (their released online recipes) and hot search labels, in its language',
        security: 'deviceCredential',
        querystring: deviceContentQuerySchema,
        headers: [
          {
            name: 'If-None-Match',
            description: 'The ETag of the feed the device has: 304 without a body while it is unchanged',
          },
        ],
        answer: {
          status: 200,
          description:
            'The feed (see DeviceContentFeed in libs/contracts). A change made by staff shows within 2 s. Poll ' +
            'with If-None-Match.',
          data: contentFeed,
          headers: { ETag: 'send it back as If-None-Match' },
          others: { 304: 'Unchanged since the ETag sent' },
        },
        before: authenticate,
        handle: async (req, reply, device) => {
          const feed = await feeds.feed(device, req.query.lang);
          reply.headers({ etag: feed.etag, 'cache-control': 'no-cache', vary: 'authorization' });
          if (etagMatches(req.headers['if-none-match'], feed.etag)) return void reply.code(304).send();
          return void reply
            .code(200)
            .header('content-type', 'application/json; charset=utf-8')
            .send(feed.json);
        },
      }),
      route({
        method: 'GET',
        url: '/device/v1/apk/update',
        operationId: 'getApkUpdate',
        summary:
          'The APK version the device should run: a staged rollout it is in, the package online for its model, ' +
          'or a rollback to the version the fleet ran before',
        security: 'deviceCredential',
        answer: { status: 200, description: 'What to install, and why', data: apkUpdate },
        before: authenticate,
        handle: async (_req, _reply, device) => ({
          status: 200,
          desc: 'ok',
          data: await apkUpdateFor(deps.pool, device.deviceId),
        }),
      }),
      ...noticeRoutes('/device/v1', {
        pool: deps.pool,
        security: 'deviceCredential',
        reader: async (req) => {
          const device = await authenticate(req);
          return { brandOwnerCode: device.brandOwnerCode, id: device.deviceId };
        },
      }),
      posting({
        url: '/device/v1/cooking',
        operationId: 'postCookingSessions',
        summary:
          'Post 1–100 cooking sessions (recipe and version, mode, start, end, completed or aborted); a completed ' +
          'one counts as a cook of the recipe and of the app user bound to the device',
        body: cookingPostSchema,
        bodyLimit: BODY_LIMITS.cooking,
        queue: deps.cookingQueue,
        job: 'cooking-posts',
        timeField: 'startedAt',
      }),
    ],
  };
}
