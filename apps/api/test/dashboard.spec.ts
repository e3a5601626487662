import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, startSystem, type RunningSystem } from '@kb/testing';
import { loadConfig } from '../src/config.js';

const infra = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../infra');

/** The metric names a PromQL expression reads (label matchers, ranges, groupings and functions left out). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .filter((m) => !/^\s*\(/.test(bare.slice(m.index + m[0].length)))
    .map((m) => m[0]);
}

/** Every series name a Prometheus text exposition can hold: each family, and a histogram's _bucket/_sum/_count. */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('the Grafana dashboard and the Prometheus scrape config in infra/', () => {
  let system: RunningSystem;

  beforeAll(async () => {
    system = await startSystem({ projector: true, ingest: true });
  }, 180_000);
  afterAll(() => system?.stop());

  it('reads only metrics the three processes expose', async () => {
    const url = async (pattern: RegExp) =>
      (await eventually(
        () => system.logs.map((l) => pattern.exec(l)?.[1]).find(Boolean),
        Boolean,
        60_000,
        `a log line matching ${pattern}`,
      )) as string;
    const urls = await Promise.all([
      url(/API metrics, \/livez and \/readyz on (http:\/\/[\d.:]+)/),
      url(/projector running; metrics, \/livez and \/readyz on (http:\/\/[\d.:]+)/),
      url(/device-ingest metrics, \/livez and \/readyz on (http:\/\/[\d.:]+)/),
    ]);
    const exposed = new Set<string>();
    for (const base of urls) {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      for (const name of exposedNames(await res.text())) exposed.add(name);
    }

    const dashboard = JSON.parse(
      await readFile(path.join(infra, 'grafana/kitchen-backoffice.dashboard.json'), 'utf8'),
    ) as { panels: { title: string; targets: { expr: string }[] }[] };
    expect(dashboard.panels.length).toBeGreaterThan(10);
    const missing = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((t) =>
        metricNames(t.expr)
          .filter((name) => !exposed.has(name))
          .map((name) => `${panel.title}: ${name}`),
      ),
    );
    expect(missing).toEqual([]);
    // Each family the issue asks for is on the board.
    const read = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricNames(t.expr))));
    for (const family of [
      'http_request_duration_seconds_count',
      'event_store_appends_total',
      'projector_lag_events',
      'projector_lag_seconds',
      'projector_parked_events',
      'bullmq_queue_jobs',
      'bullmq_job_duration_seconds_bucket',
      'bullmq_job_failures_total',
      'ingest_messages_total',
      'ingest_refusals_total',
      'process_resident_memory_bytes',
    ])
      expect(read).toContain(family);
  });

  it('scrapes the metrics ports of the API, the projector, the gateway and the workers at their defaults', async () => {
    const config = await readFile(path.join(infra, 'prometheus/prometheus.yml'), 'utf8');
    const targets = [...config.matchAll(/targets: \['([^']+)'\]/g)].map((m) => m[1]);
    expect(targets).toEqual([
      `127.0.0.1:${loadConfig({}).METRICS_PORT}`,
      '127.0.0.1:9465',
      '127.0.0.1:9466',
      '127.0.0.1:9467',
    ]);
  });
});
