import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { PostgresEventStore } from '@kb/event-store';
import { createPool } from '@kb/platform';
import { APP_CONFIG, requestTimeouts, type AppConfig } from '../config.js';
import { Db } from './db.js';
import { Metrics, ReadinessProbe } from './observability.js';
import { ReadYourWrites } from './read-your-writes.js';
import { EVENT_STORE, PG_POOL, REDIS } from './tokens.js';

@Global()
@Module({
  providers: [
    {
      provide: PG_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createPool(config.DATABASE_URL, {
          max: 20,
          applicationName: 'kitchen-api',
          ...requestTimeouts(config),
        }),
    },
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }),
    },
    {
      provide: EVENT_STORE,
      inject: [PG_POOL, Metrics],
      useFactory: (pool: pg.Pool, metrics: Metrics) => metrics.instrument(new PostgresEventStore(pool)),
    },
    Db,
    ReadYourWrites,
    Metrics,
    ReadinessProbe,
  ],
  exports: [PG_POOL, REDIS, EVENT_STORE, Db, ReadYourWrites, Metrics, ReadinessProbe],
})
export class InfraModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.pool.end(), this.redis.quit()]);
  }
}
