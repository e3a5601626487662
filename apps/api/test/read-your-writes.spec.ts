import { randomUUID } from 'node:crypto';
import type { EventStore } from '@kb/event-store';
import { createPool } from '@kb/platform';
import { allProjections, runProjections, waitForProjection } from '@kb/read-models';
import { formatPosition } from '../src/infra/read-your-writes.js';
import { EVENT_STORE } from '../src/infra/tokens.js';
import { loggedIn, startTestApi, type Client, type TestApi } from './harness.js';

describe('read-your-writes', () => {
  let api: TestApi;
  let demo: Client;
  let store: EventStore;
  beforeAll(async () => {
    api = await startTestApi({ READ_WAIT_MS: '600' });
    demo = await loggedIn(api.baseUrl);
    store = api.app.get(EVENT_STORE);
  });
  afterAll(async () => {
    await api.stop();
  });

  async function appendOne() {
    const id = randomUUID();
    const result = await store.appendToStream(
      `recipe-${id}`,
      [
        {
          eventId: randomUUID(),
          type: 'RecipeCreated',
          data: { number: 'R-1' },
          metadata: {
            actor: 'demo',
            brandOwnerCode: 'DEMO',
            correlationId: id,
            causationId: id,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    return result.position;
  }

  it('waits, bounded, when the read models have not reached the position, and says so', async () => {
    const position = formatPosition(await appendOne());
    const started = Date.now();
    const res = await demo.request('GET', '/api/auth/me', { headers: { 'x-read-position': position } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-read-position-reached')).toBe('false');
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('answers as soon as the projector has applied the position', async () => {
    // Each projection holds one connection for its run lock; the rest do the work.
    const pool = createPool(api.db.url, { max: 4 + allProjections.length });
    const stop = new AbortController();
    const running = runProjections(pool, store, allProjections, { signal: stop.signal, pollIntervalMs: 20 });
    try {
      // Let the projections first catch up with the seed (slow on a busy machine), so that what is measured
      // below is the wait for one new event, not the catch-up.
      const seeded = await appendOne();
      for (const projection of allProjections)
        expect(await waitForProjection(pool, projection.name, seeded, { timeoutMs: 60_000 })).toBe(true);
      const position = formatPosition(await appendOne());
      const res = await demo.request('GET', '/api/auth/me', { headers: { 'x-read-position': position } });
      expect(res.headers.get('x-read-position-reached')).toBe('true');
      const summary = await pool.query(
        `SELECT count(*)::int AS n FROM stream_summary WHERE brand_owner_code = 'DEMO'`,
      );
      // Every DEMO stream: the two appended here and the demo recipes the seed made.
      const streams = await pool.query(
        `SELECT count(DISTINCT stream_id)::int AS n FROM events WHERE brand_owner_code = 'DEMO'`,
      );
      expect(streams.rows[0].n).toBeGreaterThanOrEqual(2);
      expect(summary.rows[0].n).toBe(streams.rows[0].n);
    } finally {
      stop.abort();
      await running;
      await pool.end();
    }
  });

  it('ignores a malformed position instead of failing the query', async () => {
    const res = await demo.request('GET', '/api/auth/me', { headers: { 'x-read-position': 'nonsense' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-read-position-reached')).toBeNull();
  });
});
