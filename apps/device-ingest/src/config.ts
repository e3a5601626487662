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
});

export type IngestConfig = z.infer<typeof schema>;

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
  return parsed.data;
}
