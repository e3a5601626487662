import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { Counter, Histogram, type Registry } from 'prom-client';
import { WrongExpectedVersionError, type EventStore } from '@kb/event-store';
import { createMetricsRegistry, httpDurationHistogram, readiness, type Readiness } from '@kb/platform';
import { EVENT_STORE, PG_POOL, REDIS } from './tokens.js';

/** The API's metrics registry and the families recorded outside any one module. */
@Injectable()
export class Metrics {
  readonly registry: Registry = createMetricsRegistry('api');
  readonly httpDuration = httpDurationHistogram(this.registry);
  readonly appends = new Counter({
    name: 'event_store_appends_total',
    help: 'Appends to the event store, by outcome (ok, conflict: a stale expected version, error)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly appendDuration = new Histogram({
    name: 'event_store_append_duration_seconds',
    help: 'Time of one append to the event store, by outcome',
    labelNames: ['outcome'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor() {
    for (const outcome of ['ok', 'conflict', 'error']) this.appends.inc({ outcome }, 0);
  }

  /** The store, its appends counted and timed. */
  instrument(store: EventStore): EventStore {
    const appendToStream: EventStore['appendToStream'] = async (...args) => {
      const started = performance.now();
      let outcome = 'ok';
      try {
        return await store.appendToStream(...args);
      } catch (error) {
        outcome = error instanceof WrongExpectedVersionError ? 'conflict' : 'error';
        throw error;
      } finally {
        this.appends.inc({ outcome });
        this.appendDuration.observe({ outcome }, (performance.now() - started) / 1000);
      }
    };
    return new Proxy(store, {
      get: (target, key) => {
        if (key === 'appendToStream') return appendToStream;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
}

/** Whether this API instance can serve: Postgres, the event store and Redis answer. */
@Injectable()
export class ReadinessProbe {
  /** What the API cannot serve without, each as a call that answers while it is reachable (health shows each). */
  readonly dependencies: Record<'postgres' | 'eventStore' | 'redis', () => Promise<unknown>>;

  constructor(
    @Inject(PG_POOL) pool: pg.Pool,
    @Inject(REDIS) redis: Redis,
    @Inject(EVENT_STORE) events: EventStore,
  ) {
    this.dependencies = {
      postgres: () => pool.query('SELECT 1'),
      eventStore: () => events.headPosition(),
      redis: () => redis.ping(),
    };
  }

  check(): Promise<Readiness> {
    return readiness(this.dependencies);
  }
}
