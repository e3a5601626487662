import pg from 'pg';
import { eventually, createTestDatabase } from '@kb/testing';
import type { EventStore } from '@kb/event-store';
import { createPool, type Pool } from '@kb/platform';
import { allProjections, runProjections, waitForProjection } from '@kb/read-models';
import { EVENT_STORE } from '../src/infra/tokens.js';
import { type Client, command, read, startTestApi, type TestApi, signedIn } from './harness.js';

/** Polls `probe` until it returns something other than undefined, or fails after `timeoutMs`. */
async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  return (await eventually(probe, (value) => value !== undefined, timeoutMs)) as T;
}

describe('the API under a blocked event store and foreign transactions', () => {
  let api: TestApi;
  let demo: Client;
  let demoEn: Client;
  let pool: Pool;
  let store: EventStore;
  let stop: AbortController;
  let projecting: Promise<void>;
  let sourceId: string;

  beforeAll(async () => {
    // The request timeouts stay at their defaults (DB_LOCK_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS: 5 s).
    api = await startTestApi({ READ_WAIT_MS: '3000', HEALTH_PROJECTION_LAG_MS: '1500' });
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn } = await signedIn(api.baseUrl, 'en', 'demo'));
    pool = createPool(api.db.url, { max: 4 + allProjections.length });
    store = api.app.get(EVENT_STORE);
    stop = new AbortController();
    projecting = runProjections(pool, store, allProjections, { signal: stop.signal, pollIntervalMs: 20 });
    // The seed's recipes are in the read models before anything is measured.
    const head = await store.headPosition();
    for (const projection of allProjections)
      expect(await waitForProjection(pool, projection.name, head, { timeoutMs: 60_000 })).toBe(true);
    const list = await demo.get('/api/recipe/list?number=R-1001');
    sourceId = list.data.list[0].id;
  });
  afterAll(async () => {
    stop.abort();
    await projecting;
    await pool.end();
    await api.stop();
  });

  const eventCount = async () =>
    (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;

  it('a copy is readable at once while another database holds a transaction with an id open', async () => {
    const other = await createTestDatabase('kbapi_foreign');
    const foreign = new pg.Client({ connectionString: other.url });
    foreign.on('error', () => undefined);
    await foreign.connect();
    try {
      await foreign.query('BEGIN');
      await foreign.query('SELECT pg_current_xact_id()');
      const started = Date.now();
      const copy = await command(demo, '/api/recipe/copy', { id: sourceId });
      expect(copy).toMatchObject({ http: 200, desc: '复制成功' });
      const res = await demo.request('GET', `/api/recipe/detail?id=${copy.data.id}`, {
        headers: { 'x-read-position': copy.position! },
      });
      expect(res.headers.get('x-read-position-reached')).toBe('true');
      expect(((await res.json()) as { data: unknown }).data).toMatchObject({
        number: copy.data.number,
        copiedFrom: sourceId,
      });
      // Well within the 3 s read wait, which a server-wide horizon would have run out (the transaction stays open).
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await foreign.query('COMMIT').catch(() => undefined);
      await foreign.end();
      await other.drop();
    }
  });

  it('a list whose read model is locked past the statement timeout answers 503 saying to try again, in zh and en', async () => {
    const holder = new pg.Client({ connectionString: api.db.url });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE recipe_list IN ACCESS EXCLUSIVE MODE');
      const [zh, en] = await Promise.all([
        demo.get('/api/recipe/list?number=R-1001'),
        demoEn.get('/api/recipe/list?number=R-1001'),
      ]);
      expect([zh.status, zh.desc]).toEqual([503, '数据库繁忙，请稍后重试']);
      expect([en.status, en.desc]).toEqual([503, 'The database is busy; try again shortly']);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    expect((await demoEn.get('/api/recipe/list?number=R-1001')).status).toBe(200);
  });

  it('while events are locked against writes for 14 s: commands answer 503 and write nothing, health is degraded, the API lives on and works after', async () => {
    const draft = await command(demo, '/api/recipe/copy', { id: sourceId });
    expect(draft.http).toBe(200);
    const holder = new pg.Client({ connectionString: api.db.url });
    holder.on('error', () => undefined);
    await holder.connect();
    const before = await eventCount();
    const claimsBefore = (await pool.query('SELECT count(*)::int AS n FROM recipe_numbers')).rows[0].n;
    const locking = holder.query('BEGIN; LOCK TABLE events IN EXCLUSIVE MODE; SELECT pg_sleep(14); COMMIT;');
    let released = false;
    const unlocked = locking.finally(() => (released = true));
    try {
      await until(async () => {
        const { rows } = await pool.query(
          `SELECT 1 FROM pg_locks WHERE relation = 'events'::regclass AND mode = 'ExclusiveLock' AND granted`,
        );
        return rows.length ? true : undefined;
      });

      // Blocked past the lock timeout, each command answers 503 in the caller's language: a copy (number claim
      // and append), an add in English, and a batch, which reports the record as not saved.
      const started = Date.now();
      const timed = async <T>(work: Promise<T>) => {
        const answer = await work;
        return { answer, ms: Date.now() - started };
      };
      const [copy, added, batch] = await Promise.all([
        timed(command(demo, '/api/recipe/copy', { id: sourceId })),
        timed(
          command(demoEn, '/api/recipe/add', {
            type: 'SOUP',
            number: 'BLOCKED-1',
            mainLang: 'en',
            langs: ['en'],
            texts: { en: { name: 'Blocked soup' } },
            servingVersions: [
              {
                servings: 2,
                ingredients: [],
                steps: [{ number: 1, workMode: 'MANUAL', descriptions: { en: 'Stir' } }],
              },
            ],
            productCodes: ['TM-6'],
          }),
        ),
        timed(command(demoEn, '/api/recipe/batchDelete', { ids: [draft.data.id] })),
      ]);
      expect(copy.answer).toMatchObject({
        http: 503,
        status: 503,
        desc: '数据库繁忙，本次更改未保存，请稍后重试',
        code: 'database_busy',
      });
      expect(added.answer).toMatchObject({
        http: 503,
        desc: 'The database is busy; the change was not saved. Please try again shortly',
      });
      expect(batch.answer).toMatchObject({ http: 200 });
      expect(batch.answer.data.results).toEqual([
        expect.objectContaining({
          ok: false,
          status: 503,
          message: 'The database is busy; the change was not saved. Please try again shortly',
        }),
      ]);
      // Within the 5 s lock timeout (and some slack for a busy machine), not at the end of the 14 s lock.
      for (const { ms } of [copy, added, batch]) expect(ms).toBeLessThan(5000 + 3000);

      // Health says why, still answering 200 (the API serves what it can).
      const health = await demo.get('/api/health');
      expect(health).toMatchObject({
        http: 200,
        desc: 'degraded',
        data: { eventStore: { ok: true, appends: { ok: false } } },
      });
      expect(health.data.reasons).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^appends are blocked: a lock on events \(ExclusiveLock\)/),
        ]),
      );
      expect(released).toBe(false);

      // Nothing half-written: no event, no number claimed.
      expect(await eventCount()).toBe(before);
      expect((await pool.query('SELECT count(*)::int AS n FROM recipe_numbers')).rows[0].n).toBe(
        claimsBefore,
      );
    } finally {
      await unlocked.catch(() => undefined);
      await holder.end();
    }

    // The same process answers again: the copy goes through and is readable, and health is ok.
    const copy = await command(demo, '/api/recipe/copy', { id: sourceId });
    expect(copy).toMatchObject({ http: 200 });
    const detail = await read(demo, `/api/recipe/detail?id=${copy.data.id}`, copy);
    expect(detail.data).toMatchObject({ number: copy.data.number, copiedFrom: sourceId });
    const healthy = await until(async () => {
      const h = await demo.get('/api/health');
      return h.desc === 'ok' ? h : undefined;
    });
    expect(healthy.data.reasons).toEqual([]);
  }, 90_000);

  it('health is degraded, naming the projection, while the projector is behind by more than the bound', async () => {
    stop.abort();
    await projecting;
    try {
      const copy = await command(demo, '/api/recipe/copy', { id: sourceId });
      expect(copy.http).toBe(200);
      const behind = await until(async () => {
        const h = await demo.get('/api/health');
        return h.desc === 'degraded' ? h : undefined;
      });
      expect(behind).toMatchObject({ http: 200, data: { eventStore: { appends: { ok: true } } } });
      expect(behind.data.reasons).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^projection recipes is \d+ s behind \(\d+ events; the bound is 2 s\)$/),
        ]),
      );
    } finally {
      stop = new AbortController();
      projecting = runProjections(pool, store, allProjections, { signal: stop.signal, pollIntervalMs: 20 });
    }
    const caughtUp = await until(async () => {
      const h = await demo.get('/api/health');
      return h.desc === 'ok' ? h : undefined;
    });
    expect(caughtUp.data.reasons).toEqual([]);
  });
});
