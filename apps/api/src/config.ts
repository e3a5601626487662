import { z } from 'zod';
import { EVENT_STORE_KINDS, type EventStoreKind, type EventStoreSettings } from '@kb/event-store';
import { RECIPE_EXPORT_MAX, type RedisTarget } from '@kb/platform';

/** Every setting of the API, from the environment, validated at start (README lists them). */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/kitchen'),
    REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
    EVENT_STORE: z.enum(EVENT_STORE_KINDS as [EventStoreKind, ...EventStoreKind[]]).default('postgres'),
    /** KurrentDB connection string, needed with EVENT_STORE=kurrentdb. */
    KURRENTDB_URL: z.string().optional(),
    /** This deployment's streams on a shared KurrentDB node (each test suite takes its own). */
    KURRENTDB_NAMESPACE: z.string().optional(),
    REDIS_PREFIX: z.string().default('kb:'),
    /** A Redis Cluster's nodes (`host:port,host:port`); REDIS_URL then brings only credentials and TLS. */
    REDIS_CLUSTER_NODES: z.string().optional(),
    /**
     * Brands whose admins operate the platform and may open the queue board (comma-separated codes). The board
     * shows every brand's jobs, so on a server shared by several brands name the operator's own brand here;
     * unset, every brand's admins may open it (a server of one brand).
     */
    QUEUE_BOARD_BRANDS: z
      .string()
      .optional()
      .transform((v) =>
        v === undefined || v.trim() === ''
          ? undefined
          : v
              .split(',')
              .map((code) => code.trim())
              .filter(Boolean),
      ),
    FILES_DIR: z.string().default('.data/files'),
    WEB_DIST: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Kitchen Back-office <no-reply@kitchen.local>'),
    COMPANY_NAME: z.string().optional(),
    CAPTCHA_TEST_CODE: z.string().optional(),
    SESSION_COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
    SEED_DEMO: z.enum(['true', 'false']).default('false'),
    /** `false` when a separate step (`node apps/api/dist/migrate.js`) migrates before a rollout. */
    MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where /metrics, /livez and /readyz answer: loopback by default; another address should come with a token. */
    METRICS_HOST: z.string().default('127.0.0.1'),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    /** When set, /metrics asks for `Authorization: Bearer <METRICS_TOKEN>` (probes stay open). */
    METRICS_TOKEN: z.string().min(16).optional(),
    READ_WAIT_MS: z.coerce.number().int().min(0).max(10000).default(3000),
    /** How often the APK rollout watch looks at running rollouts (fault rates, scheduled stages); 0: never. */
    ROLLOUT_WATCH_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /**
     * How long one `GET /api/events` stream stays open before the server ends it: the browser reconnects at once
     * with the last event id (nothing is lost), and the session and role are checked again, so a signed-out or
     * demoted user stops hearing the brand's changes within this time.
     */
    LIVE_STREAM_MAX_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
    /** How long a request's statement may wait for a lock, and run at all, before it answers 503. */
    DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** How often partitions of the device history are made ahead and its retention applied (0: never here). */
    DEVICE_HISTORY_MAINTENANCE_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
    /** /api/health says "degraded" when a projection's oldest unapplied event is older than this. */
    HEALTH_PROJECTION_LAG_MS: z.coerce.number().int().min(0).default(15_000),
    /** Origins (scheme://host[:port], comma-separated) the web app is served from; unset: the request's own. */
    APP_ORIGIN: z.string().optional(),
    /** Proxies whose X-Forwarded-* headers are believed (Express `trust proxy` list); unset: none. */
    TRUST_PROXY: z.string().optional(),
    /** The most recipes one export may hold (a list filter matching more is refused); at most the job's own cap. */
    RECIPE_EXPORT_MAX: z.coerce.number().int().min(1).max(RECIPE_EXPORT_MAX).default(RECIPE_EXPORT_MAX),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.CAPTCHA_TEST_CODE) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_TEST_CODE'], message: 'must not be set in production' });
    }
    for (const origin of listOf(c.APP_ORIGIN)) {
      if (!isOrigin(origin)) {
        ctx.addIssue({
          code: 'custom',
          path: ['APP_ORIGIN'],
          message: `"${origin}" is not an origin like https://admin.example.com`,
        });
      }
    }
    if (c.EVENT_STORE === 'kurrentdb' && !c.KURRENTDB_URL?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['KURRENTDB_URL'],
        message: 'EVENT_STORE=kurrentdb needs KURRENTDB_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false)',
      });
    }
    // Trusting every hop would let any caller choose the address its login attempts are counted under.
    if (c.TRUST_PROXY?.trim().toLowerCase() === 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: 'list the proxies (addresses or subnets)',
      });
    }
  });

function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === value.replace(/\/$/, '').toLowerCase()
    );
  } catch {
    return false;
  }
}

/** The configured origins of the web app, normalised as browsers send `Origin`; empty when unset. */
export function appOrigins(config: AppConfig): string[] {
  return listOf(config.APP_ORIGIN).map((o) => new URL(o).origin);
}

/** Express's `trust proxy` setting: false (the socket's address is the client's) unless proxies are listed. */
export function trustProxySetting(config: AppConfig): false | number | string[] {
  const entries = listOf(config.TRUST_PROXY);
  if (!entries.length || (entries.length === 1 && /^(false|none)$/i.test(entries[0]!))) return false;
  if (entries.length === 1 && /^\d+$/.test(entries[0]!)) return Number(entries[0]);
  return entries;
}

export type AppConfig = z.infer<typeof schema>;

/** The bounds of every request's statements (the pools serving requests), so a blocked one answers 503. */
export function requestTimeouts(config: AppConfig): { lockTimeoutMs: number; statementTimeoutMs: number } {
  return { lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS };
}

/** The event store this configuration names (opened by `openEventStore`). */
/** Where Redis is: REDIS_URL, or the cluster REDIS_CLUSTER_NODES names. */
export function redisTargetOf(config: AppConfig): RedisTarget {
  return { url: config.REDIS_URL, clusterNodes: config.REDIS_CLUSTER_NODES };
}

export function eventStoreOf(config: AppConfig): EventStoreSettings {
  return {
    kind: config.EVENT_STORE,
    kurrentdbUrl: config.KURRENTDB_URL?.trim() || undefined,
    kurrentdbNamespace: config.KURRENTDB_NAMESPACE?.trim() || undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
