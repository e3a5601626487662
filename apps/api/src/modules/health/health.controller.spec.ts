import { randomUUID } from 'node:crypto';
import { PostgresEventStore, comparePositions, type RecordedEvent } from '@kb/event-store';
import { createPool, type Pool } from '@kb/platform';
import {
  allProjections,
  liveCheckpoint,
  replayProjection,
  runProjections,
  type Projection,
} from '@kb/read-models';
import { eventually, newEvent } from '@kb/testing';
import { Client, startTestApi, type TestApi } from '../../../test/harness.js';

describe('GET /api/health', () => {
  let api: TestApi;
  let pool: Pool;
  let store: PostgresEventStore;
  let client: Client;

  beforeAll(async () => {
    api = await startTestApi();
    pool = createPool(api.db.url, { max: 8, applicationName: 'health-test' });
    store = new PostgresEventStore(pool, { notify: false });
    client = new Client(api.baseUrl);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await api.stop();
  });

  /** Runs the projector's projections in this process until every one has reached the head of the log. */
  const project = async (projections: readonly Projection[] = allProjections) => {
    const head = await store.headPosition();
    const stop = new AbortController();
    const running = runProjections(pool, store, projections, { signal: stop.signal, pollIntervalMs: 20 });
    try {
      for (const p of projections)
        await eventually(
          () => liveCheckpoint(pool, p.name),
          (at) => !!at && comparePositions(at, head) >= 0,
          60_000,
          `projection ${p.name} at the head`,
        );
    } finally {
      stop.abort();
      await running;
    }
  };

  it('reports the read models ok while every projection applies every event', async () => {
    await project();
    const res = await client.get('/api/health');
    expect(res).toMatchObject({ http: 200, status: 200, desc: 'ok', data: { readModels: { ok: true } } });
    const recipes = res.data.readModels.projections.find((p: { name: string }) => p.name === 'recipes');
    expect(recipes).toMatchObject({ health: 'ok', parkedEvents: 0, parkedStreams: 0, failingSince: null });
  });

  it('shows the read side degraded, still 200, with the parked counts per projection, until they are replayed', async () => {
    // A recipe event of brand DEMO written by newer code: the recipes projection cannot read it.
    const recipeId = randomUUID();
    const submitted = newEvent('RecipeSubmitted', 'demo');
    await store.appendToStream(
      `recipe-${recipeId}`,
      [{ ...submitted, metadata: { ...submitted.metadata, schemaVersion: 9 } }],
      'no_stream',
    );
    await project();

    const degraded = await client.get('/api/health');
    expect(degraded).toMatchObject({
      http: 200,
      status: 200,
      desc: 'degraded',
      data: {
        postgres: { ok: true },
        redis: { ok: true },
        eventStore: { ok: true },
        readModels: { ok: false },
      },
    });
    const byName = Object.fromEntries(
      degraded.data.readModels.projections.map((p: { name: string }) => [p.name, p]),
    );
    expect(byName.recipes).toMatchObject({
      health: 'parked',
      parkedEvents: 1,
      parkedStreams: 1,
      parkedBrands: ['DEMO'],
    });
    expect(byName.stream_summary).toMatchObject({ health: 'ok', parkedEvents: 0 });

    // After the fix (code that reads schema version 9), the replay takes the event off the list.
    const knowsV9 = (e: RecordedEvent): RecordedEvent =>
      e.metadata.schemaVersion === 9 ? { ...e, metadata: { ...e.metadata, schemaVersion: 1 } } : e;
    const recipesProjection = allProjections.find((p) => p.name === 'recipes')!;
    const fixed: Projection = {
      ...recipesProjection,
      prepare: (events, db, ctx, previous) =>
        recipesProjection.prepare!(events.map(knowsV9), db, ctx, previous),
    };
    await replayProjection(pool, store, fixed, { signal: new AbortController().signal });
    const healed = await client.get('/api/health');
    expect(healed).toMatchObject({ http: 200, desc: 'ok', data: { readModels: { ok: true } } });
  });
});
