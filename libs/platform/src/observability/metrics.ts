import type { Job, Queue, Worker } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One Prometheus registry per process (not prom-client's global one), so several apps booted in one test process
 * keep their figures apart. Every family carries the service's name as a default label.
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds from a few milliseconds (a cached read) to a long request (an upload, a wait for the read side). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The HTTP latency family: labelled by the route's pattern (never the raw URL, whose ids are unbounded). */
export function httpDurationHistogram(registry: Registry): Histogram<'method' | 'route' | 'status'> {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
}

/** Label of a request no route matched: one series for all, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface QueueMetrics {
  /** Starts following a worker: how long each job takes and which fail. */
  watch(worker: Worker): void;
}

/**
 * Queue depth per queue and state (read from Redis at each scrape), job durations and failures per queue (counted
 * by this process's workers as jobs end).
 */
export function queueMetrics(registry: Registry, queues: readonly Queue[]): QueueMetrics {
  const STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;
  new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs in a queue by state (failed: the dead letters kept for inspection)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await Promise.all(queues.map((q) => q.getJobCounts(...STATES).catch(() => null)));
      queues.forEach((q, i) => {
        const c = counts[i];
        if (!c) return; // Redis away: no figure rather than a false zero.
        for (const state of STATES) this.set({ queue: q.name, state }, c[state] ?? 0);
      });
    },
  });
  const duration = new Histogram({
    name: 'bullmq_job_duration_seconds',
    help: 'Time a worker spent on a job, from taking it to its end, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'bullmq_job_failures_total',
    help: 'Job attempts that failed, by queue (a job retried three times counts three)',
    labelNames: ['queue'],
    registers: [registry],
  });
  const observe = (queue: string, outcome: 'completed' | 'failed', job: Job | undefined) => {
    if (job?.processedOn && job.finishedOn)
      duration.observe({ queue, outcome }, Math.max(0, job.finishedOn - job.processedOn) / 1000);
  };
  return {
    watch(worker) {
      failures.inc({ queue: worker.name }, 0);
      worker.on('completed', (job) => observe(worker.name, 'completed', job));
      worker.on('failed', (job) => {
        failures.inc({ queue: worker.name });
        observe(worker.name, 'failed', job);
      });
    },
  };
}
