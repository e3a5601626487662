import { randomUUID } from 'node:crypto';
import { comparePositions, type GlobalPosition, type RecordedEvent } from '@kb/event-store';
import { aggregateTypeOf, streamSummaryProjection } from '../stream-summary/stream-summary.projection.js';
import {
  allEvents,
  appendMany,
  eventually,
  newEvent,
  probeProjection,
  projected,
  startTestSystem,
  type TestSystem,
} from '../test/support.js';
import { rebuildProjection, runProjections } from './runner.js';
import { createVersion, readVersions, switchToVersion } from './versions.js';
import { holding } from '@kb/testing';

/** What stream_summary must hold for these events, computed independently of the projection. */
function expectedSummary(events: RecordedEvent[]) {
  const byStream = new Map<string, RecordedEvent[]>();
  for (const e of events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
  return [...byStream.entries()]
    .map(([streamId, es]) => {
      const last = es.at(-1) as RecordedEvent;
      return {
        stream_id: streamId,
        aggregate_type: aggregateTypeOf(streamId),
        brand_owner_code: last.metadata.brandOwnerCode,
        event_count: es.length,
        last_event_type: last.type,
        last_actor: last.metadata.actor,
        last_stream_position: Number(last.streamPosition),
        created_at: (es[0] as RecordedEvent).recordedAt.toISOString(),
        updated_at: last.recordedAt.toISOString(),
      };
    })
    .sort((a, b) => a.stream_id.localeCompare(b.stream_id));
}

async function summaryRows(sys: TestSystem) {
  const { rows } = await sys.pool.query<{ stream_id: string; created_at: Date; updated_at: Date }>(
    `SELECT stream_id, aggregate_type, brand_owner_code, event_count::int AS event_count, last_event_type, last_actor,
            last_stream_position::int AS last_stream_position, created_at, updated_at
       FROM stream_summary`,
  );
  return rows
    .map((r) => ({ ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() }))
    .sort((a, b) => a.stream_id.localeCompare(b.stream_id));
}

describe('rebuild', () => {
  const sys = holding('each', startTestSystem, (s) => s.close());

  /** Runs the live stream_summary projection until it has projected `newest`, then stops it. */
  const projectLiveUpTo = async (newest: GlobalPosition) => {
    const stop = new AbortController();
    const running = runProjections(sys().pool, sys().store, [streamSummaryProjection], {
      signal: stop.signal,
      pollIntervalMs: 20,
    });
    await projected(sys().pool, 'stream_summary', newest);
    stop.abort();
    await running;
  };

  it('builds beside the live version and switches atomically while readers keep querying and writers keep appending', async () => {
    let newest = await appendMany(sys().store, { streams: 100, perStream: 20 });
    const stopLive = new AbortController();
    const live = runProjections(sys().pool, sys().store, [streamSummaryProjection], {
      signal: stopLive.signal,
      pollIntervalMs: 20,
    });
    await projected(sys().pool, 'stream_summary', newest);

    let appending = true;
    const appender = (async () => {
      while (appending) {
        const appended = await sys().store.appendToStream(
          `apk-${randomUUID()}`,
          [newEvent('ApkCreated', 'dora', 'OTHER')],
          'no_stream',
        );
        if (comparePositions(appended.position, newest) > 0) newest = appended.position;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    const readerPool = sys().openPool();
    const samples: { streams: number; events: number }[] = [];
    const readerErrors: unknown[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        try {
          const { rows } = await readerPool.query<{ streams: number; events: number }>(
            'SELECT count(*)::int AS streams, coalesce(sum(event_count), 0)::int AS events FROM stream_summary',
          );
          samples.push(rows[0] as { streams: number; events: number });
        } catch (error) {
          readerErrors.push(error);
        }
      }
    })();

    try {
      const result = await rebuildProjection(sys().pool, sys().store, streamSummaryProjection, {
        signal: new AbortController().signal,
        batchSize: 50,
        pollIntervalMs: 20,
      });
      expect(result).toEqual({ version: 2, replaced: 1, parked: 0 });
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      appending = false;
      await appender;
      await projected(sys().pool, 'stream_summary', newest);
      reading = false;
      await reader;
      stopLive.abort();
      await live;
    }

    expect(readerErrors).toEqual([]);
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.every((s) => s.events >= 2000 && s.streams >= 100)).toBe(true);
    for (let i = 1; i < samples.length; i++) {
      expect(samples[i]!.events).toBeGreaterThanOrEqual(samples[i - 1]!.events);
    }

    // The view reads the new version; the old one is gone.
    const { rows: view } = await sys().pool.query(
      `SELECT definition FROM pg_views WHERE viewname = 'stream_summary'`,
    );
    expect(view[0].definition).toMatch(/FROM stream_summary_v2/);
    const { rows: old } = await sys().pool.query(`SELECT to_regclass('stream_summary_v1') AS t`);
    expect(old[0].t).toBeNull();
    expect((await readVersions(sys().pool, 'stream_summary')).map((v) => [v.version, v.status])).toEqual([
      [2, 'live'],
    ]);

    expect(await summaryRows(sys())).toEqual(expectedSummary(await allEvents(sys().store, newest)));
  });

  it('builds a new version beside the live one when the projection code version goes up', async () => {
    const newest = await appendMany(sys().store, { streams: 10, perStream: 5 });
    const v1 = new AbortController();
    const runV1 = runProjections(sys().pool, sys().store, [probeProjection({ version: 1 })], {
      signal: v1.signal,
      pollIntervalMs: 20,
    });
    await projected(sys().pool, 'probe', newest);
    v1.abort();
    await runV1;

    const v2 = new AbortController();
    const runV2 = runProjections(sys().pool, sys().store, [probeProjection({ version: 2, instance: 'v2' })], {
      signal: v2.signal,
      pollIntervalMs: 20,
    });
    try {
      const switched = await eventually(async () => {
        const versions = await readVersions(sys().pool, 'probe');
        return versions.length === 1 && versions[0]?.definitionVersion === 2 ? versions[0] : undefined;
      });
      expect(switched.version).toBe(2);
      const { rows } = await sys().pool.query('SELECT DISTINCT instance FROM probe_rows');
      expect(rows).toEqual([{ instance: 'v2' }]);
      expect((await sys().pool.query('SELECT count(*)::int AS n FROM probe_rows')).rows[0].n).toBe(50);
    } finally {
      v2.abort();
      await runV2;
    }
  });

  it('refuses to switch to a version that has not got as far as the live one', async () => {
    const newest = await appendMany(sys().store, { streams: 3, perStream: 2 });
    await projectLiveUpTo(newest);

    const building = await createVersion(sys().pool, streamSummaryProjection, 'building');
    expect(await switchToVersion(sys().pool, streamSummaryProjection, building.version)).toBe('behind');
    expect((await readVersions(sys().pool, 'stream_summary')).map((v) => [v.version, v.status])).toEqual([
      [1, 'live'],
      [2, 'building'],
    ]);
    expect((await sys().pool.query('SELECT count(*)::int AS n FROM stream_summary')).rows[0].n).toBe(3);
  });

  it('drops the partial build when the rebuild is called off, leaving the live version serving', async () => {
    const newest = await appendMany(sys().store, { streams: 50, perStream: 20 });
    await projectLiveUpTo(newest);

    const callOff = new AbortController();
    const rebuilding = rebuildProjection(sys().pool, sys().store, streamSummaryProjection, {
      signal: callOff.signal,
      batchSize: 10,
    });
    rebuilding.catch(() => undefined);
    await eventually(async () => {
      const building = (await readVersions(sys().pool, 'stream_summary')).find(
        (v) => v.status === 'building',
      );
      return building && building.checkpoint.globalPosition > 0n;
    });
    callOff.abort();
    await expect(rebuilding).rejects.toThrow('Rebuild of stream_summary was stopped before it finished');

    expect((await readVersions(sys().pool, 'stream_summary')).map((v) => [v.version, v.status])).toEqual([
      [1, 'live'],
    ]);
    expect((await sys().pool.query(`SELECT to_regclass('stream_summary_v2') AS t`)).rows[0].t).toBeNull();
    expect((await sys().pool.query('SELECT count(*)::int AS n FROM stream_summary')).rows[0].n).toBe(50);
  });

  it('gives up switching while a long query holds the live views (readers would queue behind it), and switches later', async () => {
    await createVersion(sys().pool, streamSummaryProjection, 'live');
    const building = await createVersion(sys().pool, streamSummaryProjection, 'building');
    const report = await sys().openPool().connect();
    try {
      await report.query('BEGIN');
      await report.query('SELECT count(*) FROM stream_summary');
      const reader = sys().openPool();
      const started = Date.now();
      expect(
        await switchToVersion(sys().pool, streamSummaryProjection, building.version, { lockTimeoutMs: 200 }),
      ).toBe('busy');
      expect(Date.now() - started).toBeLessThan(2000);
      expect((await reader.query('SELECT count(*)::int AS n FROM stream_summary')).rows[0].n).toBe(0);
    } finally {
      await report.query('COMMIT');
      report.release();
    }
    expect(await switchToVersion(sys().pool, streamSummaryProjection, building.version)).toBe('switched');
    const { rows: view } = await sys().pool.query(
      `SELECT definition FROM pg_views WHERE viewname = 'stream_summary'`,
    );
    expect(view[0].definition).toMatch(/FROM stream_summary_v2/);
  });
});
