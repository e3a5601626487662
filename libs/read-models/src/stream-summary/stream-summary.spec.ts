import { randomUUID } from 'node:crypto';
import { waitForProjection } from '../framework/status.js';
import { liveCheckpoint } from '../framework/versions.js';
import { eventually, newEvent } from '../test/support.js';
import { aggregateTypeOf, streamSummaryProjection } from './stream-summary.projection.js';
import { projectingSystem } from '../test/projecting.js';

describe('aggregateTypeOf', () => {
  it('names the aggregate from the stream prefix', () => {
    const id = randomUUID();
    expect(aggregateTypeOf(`recipe-${id}`)).toBe('recipe');
    expect(aggregateTypeOf(`apk-${id}`)).toBe('apk');
    expect(aggregateTypeOf(`offline-pack-${id}`)).toBe('offline-pack');
    expect(aggregateTypeOf('offline-pack-42')).toBe('offline-pack');
    expect(aggregateTypeOf('recipe-abc123')).toBe('recipe');
    expect(aggregateTypeOf('standalone')).toBe('standalone');
  });
});

describe('stream_summary projection', () => {
  const sys = projectingSystem([streamSummaryProjection]);
  it('keeps one row per stream with its brand, type, count and latest change, readable through the view', async () => {
    const recipe = `recipe-${randomUUID()}`;
    const pack = `offline-pack-${randomUUID()}`;
    await sys().store.appendToStream(recipe, [newEvent('RecipeCreated', 'alice', 'DEMO')], 'no_stream');
    await sys().store.appendToStream(pack, [newEvent('OfflinePackCreated', 'olga', 'OTHER')], 'no_stream');
    const last = await sys().store.appendToStream(
      recipe,
      [newEvent('RecipeRenamed', 'bob', 'DEMO'), newEvent('RecipeSubmittedForRelease', 'carol', 'DEMO')],
      0,
    );

    expect(await waitForProjection(sys().pool, 'stream_summary', last.position, { timeoutMs: 10_000 })).toBe(
      true,
    );
    const { rows } = await sys().pool.query(
      `SELECT stream_id, aggregate_type, brand_owner_code, event_count::int AS event_count, last_event_type, last_actor,
              last_stream_position::int AS last_stream_position, created_at <= updated_at AS ordered
         FROM stream_summary ORDER BY aggregate_type`,
    );
    expect(rows).toEqual([
      {
        stream_id: pack,
        aggregate_type: 'offline-pack',
        brand_owner_code: 'OTHER',
        event_count: 1,
        last_event_type: 'OfflinePackCreated',
        last_actor: 'olga',
        last_stream_position: 0,
        ordered: true,
      },
      {
        stream_id: recipe,
        aggregate_type: 'recipe',
        brand_owner_code: 'DEMO',
        event_count: 3,
        last_event_type: 'RecipeSubmittedForRelease',
        last_actor: 'carol',
        last_stream_position: 2,
        ordered: true,
      },
    ]);
  });

  it('lets a reader wait for its own write, and reports a timeout when the projection is not there yet', async () => {
    const appended = await sys().store.appendToStream(
      `apk-${randomUUID()}`,
      [newEvent('ApkCreated')],
      'no_stream',
    );
    expect(
      await waitForProjection(sys().pool, 'stream_summary', appended.position, { timeoutMs: 10_000 }),
    ).toBe(true);
    const checkpoint = await eventually(() =>
      liveCheckpoint(sys().pool, 'stream_summary').then((c) => c ?? undefined),
    );
    const beyond = { transactionId: checkpoint.transactionId + 1_000_000n, globalPosition: 0n };
    expect(await waitForProjection(sys().pool, 'stream_summary', beyond, { timeoutMs: 200 })).toBe(false);
  });
});
