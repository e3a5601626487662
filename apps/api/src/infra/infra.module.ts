import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { openEventStore, type EventStore } from '@kb/event-store';
import { closeRedis, createPool, createRedisConnection } from '@kb/platform';
import { APP_CONFIG, eventStoreOf, redisTargetOf, requestTimeouts, type AppConfig } from '../config.js';
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
      // A Cluster (REDIS_CLUSTER_NODES) answers the same single-key commands the API's caches and throttles
      // send, so the modules hold either under one type.
      useFactory: (config: AppConfig) =>
        createRedisConnection(redisTargetOf(config), 'client', 'api') as Redis,
    },
    {
      provide: EVENT_STORE,
      inject: [APP_CONFIG, PG_POOL, Metrics],
      useFactory: async (config: AppConfig, pool: pg.Pool, metrics: Metrics) =>
        metrics.instrument(await openEventStore(eventStoreOf(config), pool)),
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
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.events.close().catch(() => undefined);
    await Promise.allSettled([this.pool.end(), closeRedis(this.redis)]);
  }
}
