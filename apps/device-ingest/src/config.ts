import { DEFAULT_MAX_CLOCK_SKEW_MS } from '@kb/devices';
import { EVENT_STORE_KINDS, type EventStoreKind, type EventStoreSettings } from '@kb/event-store';
import { DEFAULT_HTTP_LIMITS, TRANSLATION_PROVIDERS, translationSettingsProblem } from '@kb/platform';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every setting of device-ingest, from the environment, validated at start (README lists them). */
const schema = z.object({
  INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  INGEST_HOST: z.string().min(1).default('127.0.0.1'),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z.string().min(1).default('kb:'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .default('postgres://postgres@127.0.0.1:5432/kitchen'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** The event store the workers' recipe import appends to: the API's (`postgres` on DATABASE_URL, or `kurrentdb`). */
  EVENT_STORE: z.enum(EVENT_STORE_KINDS as [EventStoreKind, ...EventStoreKind[]]).default('postgres'),
  /** KurrentDB connection string, needed with EVENT_STORE=kurrentdb. */
  KURRENTDB_URL: z.string().min(1).optional(),
  /** This deployment's streams on a shared KurrentDB node (as the API's). */
  KURRENTDB_NAMESPACE: z.string().min(1).optional(),
  /** The metrics port: /metrics (Prometheus), /livez, /readyz; on METRICS_HOST (loopback by default). */
  INGEST_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9466),
  /** The workers process's metrics port (`workers-main.js`), beside the gateway's. */
  WORKERS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9467),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The file store, shared with the API's files module (same default): media are read and packs written there. */
  FILES_DIR: z.string().min(1).default('.data/files'),
  /**
   * What `main.js` runs: `http` (the gateway: the device and app APIs, which validate and enqueue), `workers`
   * (every queue consumer and the offline sweeper) or `all` (both in one process). `workers-main.js` is always the
   * workers.
   */
  INGEST_ROLE: z.enum(['all', 'http', 'workers']).default('all'),
  /** How often the sweeper marks offline the devices whose inactivity timeout has passed. */
  INGEST_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** How long a checked device credential is trusted without asking Postgres (a revocation takes this long). */
  INGEST_AUTH_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /**
   * BullMQ lock of an active device or app post job, renewed by its live worker every quarter lock: a job of a killed
   * worker is taken up again within about 1.3 times this long.
   */
  INGEST_JOB_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(3000),
  /** Jobs a device worker holds at once; their messages are written together (one insert per flush). */
  INGEST_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(5000).default(256),
  /**
   * How long the first message handed to a post worker's writer waits for others before their transaction
   * starts. Postgres pays about as much for a transaction as for a dozen of its rows, so gathering longer costs
   * fewer CPU seconds per message, each message waiting at most this much longer to be stored.
   */
  INGEST_WRITE_LINGER_MS: z.coerce.number().int().min(0).max(1000).default(40),
  /**
   * The least time between two queue jobs of one kind of post from one process: under load the posts of that time
   * go to Redis as one job, whose writing, taking and completing cost about the same whatever it holds (about
   * 0.3 ms of this process's CPU and 0.3 ms of Redis's per job). A lone post (none queued for that long) is queued
   * at once; a post under load is answered at most this much later.
   */
  INGEST_POST_GATHER_MS: z.coerce.number().int().min(0).max(100).default(0),
  /**
   * Backpressure: once the oldest waiting post of a device queue has waited this long, the device API answers
   * 503 with Retry-After. The bound is the workers' lag itself, so it holds whatever the pace of the machine.
   */
  INGEST_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
  /**
   * Backpressure too: while the process's event loop runs this late, posts are refused (503 + Retry-After) before
   * their body is read, so many clients cannot queue up more work than the process answers in time.
   */
  INGEST_MAX_LOOP_LAG_MS: z.coerce.number().int().min(1).max(3_600_000).default(500),
  /**
   * How far ahead of the server's clock a sample or fault time may be: a post holding a later one is refused,
   * so one device clock gone wrong cannot pin the device's state to a time real samples never reach.
   */
  INGEST_MAX_CLOCK_SKEW_MS: z.coerce.number().int().min(0).max(86_400_000).default(DEFAULT_MAX_CLOCK_SKEW_MS),
  /**
   * The recipe translation service: `demo` (a built-in glossary, the default: no service needed), `libretranslate`
   * (TRANSLATION_URL of a LibreTranslate server, TRANSLATION_API_KEY if it asks for one) or `deepl`
   * (TRANSLATION_API_KEY; TRANSLATION_URL defaults to the free or pro API host by the key).
   */
  TRANSLATION_PROVIDER: z.enum(TRANSLATION_PROVIDERS).default('demo'),
  TRANSLATION_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  TRANSLATION_API_KEY: z.string().min(1).optional(),
  TRANSLATION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(DEFAULT_HTTP_LIMITS.timeoutMs),
  TRANSLATION_RETRIES: z.coerce.number().int().min(0).max(10).default(DEFAULT_HTTP_LIMITS.retries),
  TRANSLATION_RATE_LIMIT: z.coerce.number().min(0.1).max(1000).default(DEFAULT_HTTP_LIMITS.requestsPerSecond),
  TRANSLATION_BATCH_TEXTS: z.coerce.number().int().min(1).max(1000).default(DEFAULT_HTTP_LIMITS.batchTexts),
  TRANSLATION_BATCH_CHARS: z.coerce
    .number()
    .int()
    .min(100)
    .max(1_000_000)
    .default(DEFAULT_HTTP_LIMITS.batchChars),
});

/** The translation settings of the config, as `createTranslationProvider` takes them. */
export const translationSettings = (config: IngestConfig) => ({
  provider: config.TRANSLATION_PROVIDER,
  url: config.TRANSLATION_URL,
  apiKey: config.TRANSLATION_API_KEY,
  timeoutMs: config.TRANSLATION_TIMEOUT_MS,
  retries: config.TRANSLATION_RETRIES,
  requestsPerSecond: config.TRANSLATION_RATE_LIMIT,
  batchTexts: config.TRANSLATION_BATCH_TEXTS,
  batchChars: config.TRANSLATION_BATCH_CHARS,
});

export type IngestConfig = z.infer<typeof schema>;

/** The event store this configuration names (opened by `openEventStore`). */
export const eventStoreOf = (config: IngestConfig): EventStoreSettings => ({
  kind: config.EVENT_STORE,
  kurrentdbUrl: config.KURRENTDB_URL,
  kurrentdbNamespace: config.KURRENTDB_NAMESPACE,
});

/** Thrown when the environment cannot be used; the message names each offending variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): IngestConfig {
  // An empty variable means "not set" (e.g. `INGEST_PORT= npm start`), so the default applies.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`device-ingest: invalid configuration:\n${lines.join('\n')}`);
  }
  const problem = translationSettingsProblem({
    provider: parsed.data.TRANSLATION_PROVIDER,
    url: parsed.data.TRANSLATION_URL,
    apiKey: parsed.data.TRANSLATION_API_KEY,
  });
  if (problem)
    throw new ConfigError(`device-ingest: invalid configuration:\n  TRANSLATION_PROVIDER: ${problem}`);
  if (parsed.data.EVENT_STORE === 'kurrentdb' && !parsed.data.KURRENTDB_URL)
    throw new ConfigError(
      'device-ingest: invalid configuration:\n  KURRENTDB_URL: EVENT_STORE=kurrentdb needs it (e.g. kurrentdb://127.0.0.1:2113?tls=false)',
    );
  return parsed.data;
}
