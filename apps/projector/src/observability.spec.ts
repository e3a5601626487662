import { allProjections } from '@kb/read-models';
import { createProjectorMetrics, projectorReadiness } from './metrics.js';
import { main } from './cli.js';
import { appendEvents, answered, openEventDatabase, type EventDatabase } from './test/support.js';
import { metricSample } from '@kb/testing';

describe('projector metrics and readiness', () => {
  let ev: EventDatabase;

  beforeAll(async () => {
    ev = await openEventDatabase();
  });
  afterAll(async () => {
    await ev?.close();
  });

  it('`run` serves position and lag per projection, and is ready once caught up', async () => {
    const head = await appendEvents(ev.store, 6, 3);
    const stop = new AbortController();
    let stdout = '';
    const running = main(['run'], {
      env: {
        DATABASE_URL: ev.db.url,
        PROJECTOR_POLL_MS: '20',
        LOG_LEVEL: 'info',
        PROJECTOR_METRICS_PORT: '0',
      },
      signal: stop.signal,
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => true },
    });
    try {
      const url = await answered(async () => /"metrics":"([^"]+)"/.exec(stdout)?.[1]);
      const text = await answered(async () => {
        const t = await (await fetch(url)).text();
        return metricSample(t, 'projector_lag_events', { projection: 'stream_summary' }) === 0
          ? t
          : undefined;
      });
      expect(metricSample(text, 'projector_checkpoint_position', { projection: 'stream_summary' })).toBe(
        Number(head.globalPosition),
      );
      expect(metricSample(text, 'projector_lag_seconds', { projection: 'stream_summary' })).toBe(0);
      expect(metricSample(text, 'projector_parked_events', { projection: 'recipes' })).toBe(0);
      expect(metricSample(text, 'process_resident_memory_bytes', { service: 'projector' })).toBeGreaterThan(
        0,
      );
      const ready = await answered(async () => {
        const res = await fetch(url.replace('/metrics', '/readyz'));
        return res.status === 200 ? ((await res.json()) as { checks: { name: string }[] }) : undefined;
      });
      expect(ready.checks.map((c) => c.name)).toEqual(['eventStore', 'lag']);
      expect((await fetch(url.replace('/metrics', '/livez'))).status).toBe(200);
    } finally {
      stop.abort();
      expect(await running).toBe(0);
    }
  });

  it('is not ready while a projection is further behind than the bound, nor while the event store is away', async () => {
    // No projector runs now: the new events wait.
    await appendEvents(ev.store, 3, 1);
    const check = projectorReadiness(ev.pool, ev.store, allProjections, 1);
    // Waited for until stream_summary is named: under load another projection may still be behind from the test
    // before (its last pages unapplied when that projector stopped) and fail the check first.
    const behind = await answered(async () => {
      const r = await check();
      const lag = r.checks.find((c) => c.name === 'lag');
      return !r.ready && lag?.error?.includes('stream_summary') ? r : undefined;
    });
    expect(behind.checks).toContainEqual(
      expect.objectContaining({ name: 'lag', ok: false, error: expect.stringContaining('stream_summary') }),
    );
    expect(behind.checks).toContainEqual(expect.objectContaining({ name: 'eventStore', ok: true }));
    const text = await createProjectorMetrics(ev.pool, ev.store, allProjections).metrics();
    expect(metricSample(text, 'projector_lag_events', { projection: 'stream_summary' })).toBe(3);

    await ev.db.drop();
    const away = await check();
    expect(away.ready).toBe(false);
    expect(away.checks).toContainEqual(expect.objectContaining({ name: 'eventStore', ok: false }));
  });
});
