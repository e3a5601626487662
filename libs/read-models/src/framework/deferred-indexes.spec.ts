import type { Pool } from '@kb/platform';
import { streamSummaryProjection } from '../stream-summary/stream-summary.projection.js';
import { appendMany, eventually, memoryLogger, projected, startTestSystem } from '../test/support.js';
import { recipesProjection } from '../recipes/recipes.projection.js';
import { deferIndexes } from './deferred-indexes.js';
import { rebuildProjection, runProjections } from './runner.js';
import { createVersion } from './versions.js';
import { projectionStatus } from './status.js';
import { holding } from '@kb/testing';

/** The indexes of a table as Postgres describes them, the table's own name taken out so versions compare. */
async function indexesOf(pool: Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ indexdef: string }>(
    'SELECT indexdef FROM pg_indexes WHERE tablename = $1 ORDER BY indexname',
    [table],
  );
  return rows.map((r) => r.indexdef.replaceAll(table, '<table>'));
}

async function summary(pool: Pool) {
  const { rows } = await pool.query('SELECT * FROM stream_summary ORDER BY stream_id');
  return rows;
}

describe('indexes set aside during a long catch-up', () => {
  const sys = holding('each', startTestSystem, (s) => s.close());

  it('are dropped while catching up from the start, survive a stop midway and are built again once caught up', async () => {
    const newest = await appendMany(sys().store, { streams: 100, perStream: 30 });
    const logger = memoryLogger();
    const options = { pollIntervalMs: 20, batchSize: 10, deferIndexesFrom: 500, logger };

    // The first run stops as soon as its first batches are in.
    const stopFirst = new AbortController();
    const first = runProjections(sys().pool, sys().store, [streamSummaryProjection], {
      ...options,
      signal: stopFirst.signal,
    });
    await eventually(async () => {
      const [status] = await projectionStatus(sys().pool, sys().store, [streamSummaryProjection]);
      return status !== undefined && status.checkpoint.globalPosition > 0n;
    });
    stopFirst.abort();
    await first;

    // Stopped midway: only the primary key is left on the table, the other two are written down, and status says so.
    const [midway] = await projectionStatus(sys().pool, sys().store, [streamSummaryProjection]);
    expect(midway).toMatchObject({ status: 'live', deferredIndexes: 2 });
    expect(midway!.lagEvents).toBeGreaterThan(0);
    expect(await indexesOf(sys().pool, 'stream_summary_v1')).toEqual([
      'CREATE UNIQUE INDEX <table>_pkey ON public.<table> USING btree (stream_id)',
    ]);
    const { rows: written } = await sys().pool.query<{ definition: string }>(
      `SELECT definition FROM projection_deferred_indexes WHERE name = 'stream_summary' AND version = 1`,
    );
    expect(written).toHaveLength(2);
    expect(logger.lines.map((l) => l.msg)).toContain('long catch-up: indexes set aside until caught up');

    // The second run carries on from the checkpoint and, caught up, builds exactly what was set aside.
    const stopSecond = new AbortController();
    const second = runProjections(sys().pool, sys().store, [streamSummaryProjection], {
      ...options,
      signal: stopSecond.signal,
    });
    try {
      await projected(sys().pool, 'stream_summary', newest);
      await eventually(async () => {
        const [status] = await projectionStatus(sys().pool, sys().store, [streamSummaryProjection]);
        return status?.deferredIndexes === 0 && status.lagEvents === 0;
      });
    } finally {
      stopSecond.abort();
      await second;
    }
    expect(await indexesOf(sys().pool, 'stream_summary_v1')).toEqual(
      [
        'CREATE UNIQUE INDEX <table>_pkey ON public.<table> USING btree (stream_id)',
        ...written.map((w) => w.definition.replaceAll('stream_summary_v1', '<table>')),
      ].sort(),
    );
    expect(logger.lines.map((l) => l.msg)).toContain('indexes built after the catch-up');

    // The same rows as a version built with its indexes in place all along.
    const folded = await summary(sys().pool);
    expect(folded).toHaveLength(100);
    expect(folded.reduce((n, r) => n + Number(r.event_count), 0)).toBe(3000);
    const rebuilt = await rebuildProjection(sys().pool, sys().store, streamSummaryProjection, {
      signal: new AbortController().signal,
      pollIntervalMs: 20,
      batchSize: 50,
      deferIndexesFrom: 1_000_000,
    });
    expect(rebuilt.version).toBe(2);
    expect(await summary(sys().pool)).toEqual(folded);
  });

  it('leave partial indexes in place: a catch-up writes only the few rows their condition keeps', async () => {
    const { version } = await createVersion(sys().pool, recipesProjection, 'live');
    const table = `recipe_list_v${version}`;
    const before = await indexesOf(sys().pool, table);
    const partial = before.filter((d) => d.includes(' WHERE '));
    expect(partial).toHaveLength(3);

    const setAside = await deferIndexes(sys().pool, recipesProjection, version);

    // The primary keys and the recycle bin's partial indexes stay; every other index of both tables is set aside.
    const after = await indexesOf(sys().pool, table);
    expect(after).toEqual([
      ...partial,
      'CREATE UNIQUE INDEX <table>_pkey ON public.<table> USING btree (recipe_id)',
    ]);
    expect(setAside).toBe(before.length - after.length);
  });

  it('are left in place for a catch-up shorter than the threshold', async () => {
    await appendMany(sys().store, { streams: 20, perStream: 10 });
    const stop = new AbortController();
    const logger = memoryLogger();
    const running = runProjections(sys().pool, sys().store, [streamSummaryProjection], {
      signal: stop.signal,
      pollIntervalMs: 20,
      batchSize: 10,
      deferIndexesFrom: 1000,
      logger,
    });
    try {
      await eventually(async () => {
        const [status] = await projectionStatus(sys().pool, sys().store, [streamSummaryProjection]);
        return status?.lagEvents === 0;
      });
    } finally {
      stop.abort();
      await running;
    }
    expect(await indexesOf(sys().pool, 'stream_summary_v1')).toHaveLength(3);
    expect(logger.lines.map((l) => l.msg)).not.toContain('long catch-up: indexes set aside until caught up');
  });
});
