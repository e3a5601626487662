import { z } from 'zod';

/** Every setting of the API, from the environment, validated at start (README lists them). */
const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/kitchen'),
    REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
    REDIS_PREFIX: z.string().default('kb:'),
    FILES_DIR: z.string().default('.data/files'),
    WEB_DIST: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Kitchen Back-office <no-reply@kitchen.local>'),
    COMPANY_NAME: z.string().optional(),
    CAPTCHA_TEST_CODE: z.string().optional(),
    SESSION_COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
    SEED_DEMO: z.enum(['true', 'false']).default('false'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    READ_WAIT_MS: z.coerce.number().int().min(0).max(10000).default(3000),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.CAPTCHA_TEST_CODE) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_TEST_CODE'], message: 'must not be set in production' });
    }
  });

export type AppConfig = z.infer<typeof schema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
