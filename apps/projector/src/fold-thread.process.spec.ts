import { comparePositions, type GlobalPosition } from '@kb/event-store';
import { liveCheckpoint } from '@kb/read-models';
import {
  answered,
  appendRecipes,
  openEventDatabase,
  requireBuiltProjector,
  runMain,
  startProjector,
  type EventDatabase,
} from './test/support.js';

describe('the recipes fold thread in the projector process', () => {
  let ev: EventDatabase;

  beforeAll(async () => {
    requireBuiltProjector();
    ev = await openEventDatabase();
  });
  afterAll(async () => {
    await ev?.close();
  });

  /** Every row of both recipe tables, in key order. */
  const recipeRows = async () => ({
    detail: (await ev.pool.query('SELECT * FROM recipe_detail ORDER BY recipe_id')).rows,
    list: (await ev.pool.query('SELECT * FROM recipe_list ORDER BY recipe_id')).rows,
  });
  const recipesCheckpoint = () => liveCheckpoint(ev.pool, 'recipes').catch(() => null);

  it('killed mid catch-up and restarted, builds exactly what a rebuild folding on the main thread builds', async () => {
    const env = {
      DATABASE_URL: ev.db.url,
      PROJECTOR_BATCH_SIZE: '20',
      PROJECTOR_POLL_MS: '20',
      PROJECTOR_FOLD_THREAD: 'true',
    };
    const reached = (at: Awaited<ReturnType<typeof recipesCheckpoint>>, head: GlobalPosition) =>
      at !== null && comparePositions(at, head) >= 0;

    // The first half folded and committed; the second half's batches are folded but cannot commit while the test
    // holds the recipe tables: the projector is SIGKILLed with a batch in flight, wherever the machine's load put it.
    const half = await appendRecipes(ev.store, 200);
    const first = startProjector(['run'], env);
    await answered(async () => reached(await recipesCheckpoint(), half));
    const holder = await ev.pool.connect();
    let head: GlobalPosition;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE recipe_detail IN SHARE MODE');
      head = await appendRecipes(ev.store, 200, 200);
      await answered(async () => {
        const { rows } = await ev.pool.query<{ waiting: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                           WHERE datname = current_database() AND wait_event_type = 'Lock') AS waiting`,
        );
        return rows[0]!.waiting;
      });
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(comparePositions((await recipesCheckpoint())!, head)).toBeLessThan(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }

    const second = startProjector(['run'], env);
    await answered(async () => reached(await recipesCheckpoint(), head)).catch((error: Error) => {
      throw new Error(`${error.message}\nrestarted projector said:\n${second.output()}`);
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    const folded = await recipeRows();
    expect(folded.detail).toHaveLength(400);
    expect(folded.list.filter((r) => r.status === 'released')).toHaveLength(100);

    // The rebuild runs in this process, from the sources: its fold runs on the main thread.
    const rebuild = await runMain(['rebuild', 'recipes'], env);
    expect(rebuild.code).toBe(0);
    expect(await recipeRows()).toEqual(folded);
  });
});
