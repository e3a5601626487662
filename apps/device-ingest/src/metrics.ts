import type { Queue } from 'bullmq';
import { Counter, type Registry } from 'prom-client';
import { createMetricsRegistry, httpDurationHistogram, queueMetrics, type QueueMetrics } from '@kb/platform';

/** device-ingest's families: HTTP latency, accepted messages and refusals of the device and app APIs, the queues. */
export interface IngestMetrics {
  registry: Registry;
  httpDuration: ReturnType<typeof httpDurationHistogram>;
  /** Messages accepted into a queue; its rate is the ingest's messages per second. */
  messages: Counter<'queue'>;
  /** Device and app posts answered with a refusal (4xx, or 503/429 under backpressure), by route and status. */
  refusals: Counter<'route' | 'status'>;
  queues: QueueMetrics;
}

export function createIngestMetrics(queues: readonly Queue[]): IngestMetrics {
  const registry = createMetricsRegistry('device-ingest');
  return {
    registry,
    httpDuration: httpDurationHistogram(registry),
    messages: new Counter({
      name: 'ingest_messages_total',
      help: 'Device and app messages accepted into a queue (rate(): messages per second)',
      labelNames: ['queue'],
      registers: [registry],
    }),
    refusals: new Counter({
      name: 'ingest_refusals_total',
      help: 'Device and app API requests refused, by route and status (429/503: backpressure)',
      labelNames: ['route', 'status'],
      registers: [registry],
    }),
    queues: queueMetrics(registry, queues),
  };
}
