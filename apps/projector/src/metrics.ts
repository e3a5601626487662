import type { EventStore } from '@kb/event-store';
import type { Pool } from '@kb/platform/db';
import { createMetricsRegistry, readiness, type Readiness } from '@kb/platform/observability';
import { projectionStatus, type Projection, type ProjectionStatus } from '@kb/read-models';
import { Gauge, type Registry } from 'prom-client';

/**
 * The projector's families, read from Postgres at each scrape (the same figures as `projector status`), so any
 * instance, standby included, reports the live versions whoever runs them.
 */
export function createProjectorMetrics(
  pool: Pool,
  store: EventStore,
  projections: readonly Projection[],
): Registry {
  const registry = createMetricsRegistry('projector');
  // One status read per scrape serves every family.
  let pending: Promise<ProjectionStatus[]> | undefined;
  const statuses = () => {
    pending ??= projectionStatus(pool, store, projections).finally(() =>
      setImmediate(() => (pending = undefined)),
    );
    return pending;
  };
  const family = (name: string, help: string, value: (s: ProjectionStatus) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection', 'version'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const s of await statuses()) {
          if (s.status !== 'live') continue;
          this.set({ projection: s.name, version: String(s.version) }, value(s));
        }
      },
    });
  family('projector_checkpoint_position', 'Global position of the last event a projection applied', (s) =>
    Number(s.checkpoint.globalPosition),
  );
  family('projector_lag_events', 'Events in the log a projection has not applied yet', (s) => s.lagEvents);
  family(
    'projector_lag_seconds',
    'How long the oldest event a projection has not applied has waited (0 when caught up)',
    (s) => s.lagSeconds,
  );
  family(
    'projector_parked_events',
    'Events a projection could not apply and set aside',
    (s) => s.parked.events,
  );
  family('projector_failing', '1 while the last batch of a projection failed and it retries', (s) =>
    s.health === 'failing' ? 1 : 0,
  );
  return registry;
}

/** Ready while the event store answers and no live projection is further behind than `maxLagSeconds`. */
export function projectorReadiness(
  pool: Pool,
  store: EventStore,
  projections: readonly Projection[],
  maxLagSeconds: number,
): () => Promise<Readiness> {
  return () =>
    readiness({
      eventStore: () => store.headPosition(),
      lag: async () => {
        const behind = (await projectionStatus(pool, store, projections)).filter(
          (s) => s.status === 'live' && s.lagSeconds > maxLagSeconds,
        );
        if (behind.length)
          throw new Error(
            `behind by more than ${maxLagSeconds} s: ${behind.map((s) => `${s.name} (${Math.round(s.lagSeconds)} s)`).join(', ')}`,
          );
      },
    });
}
