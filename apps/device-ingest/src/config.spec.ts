import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      INGEST_PORT: 8081,
      INGEST_HOST: '127.0.0.1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'kb:',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kitchen',
      LOG_LEVEL: 'info',
      EVENT_STORE: 'postgres',
      FILES_DIR: '.data/files',
      INGEST_ROLE: 'all',
      INGEST_SWEEP_MS: 5000,
      INGEST_AUTH_CACHE_MS: 60_000,
      INGEST_JOB_LOCK_MS: 3000,
      INGEST_WORKER_CONCURRENCY: 256,
      INGEST_WRITE_LINGER_MS: 40,
      INGEST_POST_GATHER_MS: 0,
      INGEST_MAX_QUEUE_WAIT_MS: 1000,
      INGEST_MAX_LOOP_LAG_MS: 500,
      INGEST_MAX_CLOCK_SKEW_MS: 300_000,
      INGEST_METRICS_PORT: 9466,
      WORKERS_METRICS_PORT: 9467,
      METRICS_HOST: '127.0.0.1',
      TRANSLATION_PROVIDER: 'demo',
      TRANSLATION_TIMEOUT_MS: 10_000,
      TRANSLATION_RETRIES: 3,
      TRANSLATION_RATE_LIMIT: 5,
      TRANSLATION_BATCH_TEXTS: 50,
      TRANSLATION_BATCH_CHARS: 5000,
    });
  });

  it('reads every variable it is given: texts as given, numbers parsed', () => {
    const given = {
      INGEST_PORT: '9090',
      INGEST_HOST: '0.0.0.0',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      REDIS_PREFIX: 'staging:',
      DATABASE_URL: 'postgresql://ingest:secret@db.internal/kitchen',
      LOG_LEVEL: 'debug',
      EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: 'kurrentdb://events.internal:2113?tls=false',
      KURRENTDB_NAMESPACE: 'staging',
      FILES_DIR: '/srv/kitchen/files',
      INGEST_ROLE: 'workers',
      INGEST_SWEEP_MS: '1000',
      INGEST_AUTH_CACHE_MS: '0',
      INGEST_JOB_LOCK_MS: '5000',
      INGEST_WORKER_CONCURRENCY: '64',
      INGEST_WRITE_LINGER_MS: '10',
      INGEST_POST_GATHER_MS: '2',
      INGEST_MAX_QUEUE_WAIT_MS: '2000',
      INGEST_MAX_LOOP_LAG_MS: '300',
      INGEST_MAX_CLOCK_SKEW_MS: '60000',
      TRANSLATION_PROVIDER: 'deepl',
      TRANSLATION_URL: 'https://deepl.internal',
      TRANSLATION_API_KEY: 'key:fx',
      TRANSLATION_TIMEOUT_MS: '3000',
      TRANSLATION_RETRIES: '1',
      TRANSLATION_RATE_LIMIT: '2',
      TRANSLATION_BATCH_TEXTS: '10',
      TRANSLATION_BATCH_CHARS: '1000',
      INGEST_METRICS_PORT: '0',
      WORKERS_METRICS_PORT: '9500',
      METRICS_HOST: '0.0.0.0',
      METRICS_TOKEN: 'a-token-of-16-chars-or-more',
    };
    expect(loadConfig(given)).toEqual({
      ...given,
      INGEST_PORT: 9090,
      INGEST_SWEEP_MS: 1000,
      INGEST_AUTH_CACHE_MS: 0,
      INGEST_JOB_LOCK_MS: 5000,
      INGEST_WORKER_CONCURRENCY: 64,
      INGEST_WRITE_LINGER_MS: 10,
      INGEST_POST_GATHER_MS: 2,
      INGEST_MAX_QUEUE_WAIT_MS: 2000,
      INGEST_MAX_LOOP_LAG_MS: 300,
      INGEST_MAX_CLOCK_SKEW_MS: 60_000,
      INGEST_METRICS_PORT: 0,
      WORKERS_METRICS_PORT: 9500,
      TRANSLATION_TIMEOUT_MS: 3000,
      TRANSLATION_RETRIES: 1,
      TRANSLATION_RATE_LIMIT: 2,
      TRANSLATION_BATCH_TEXTS: 10,
      TRANSLATION_BATCH_CHARS: 1000,
    });
  });

  it.each([
    ['INGEST_PORT', 'eighty'],
    ['INGEST_PORT', '70000'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['REDIS_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://127.0.0.1/kitchen'],
    ['LOG_LEVEL', 'loud'],
    ['INGEST_ROLE', 'everything'],
    ['EVENT_STORE', 'mysql'],
    ['INGEST_SWEEP_MS', '0'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    const attempt = () => loadConfig({ [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`invalid configuration:\\n  ${name}: `));
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ INGEST_PORT: '-1', LOG_LEVEL: 'loud' })).toThrow(/INGEST_PORT[\s\S]*LOG_LEVEL/);
  });

  it('names the KurrentDB connection string EVENT_STORE=kurrentdb needs', () => {
    expect(() => loadConfig({ EVENT_STORE: 'kurrentdb' })).toThrow(
      /invalid configuration:\n {2}KURRENTDB_URL: /,
    );
  });

  it('names what a translation service needs: a URL for LibreTranslate, a key for DeepL', () => {
    expect(() => loadConfig({ TRANSLATION_PROVIDER: 'libretranslate' })).toThrow(
      /TRANSLATION_PROVIDER: TRANSLATION_URL is required for libretranslate/,
    );
    expect(() => loadConfig({ TRANSLATION_PROVIDER: 'deepl' })).toThrow(
      /TRANSLATION_PROVIDER: TRANSLATION_API_KEY is required for deepl/,
    );
    expect(() => loadConfig({ TRANSLATION_PROVIDER: 'google' })).toThrow(/TRANSLATION_PROVIDER/);
    expect(
      loadConfig({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_URL: 'http://127.0.0.1:5000' }),
    ).toMatchObject({ TRANSLATION_PROVIDER: 'libretranslate', TRANSLATION_URL: 'http://127.0.0.1:5000' });
  });
});
