import type { ReadPageOptions } from '@kb/event-store';
import { appendMany, probeProjection, projected, startTestSystem, type TestSystem } from '../test/support.js';
import { runProjections } from './runner.js';

const BATCH = 50;

async function rowsOf(sys: TestSystem, name: string) {
  const { rows } = await sys.pool.query<{ global_position: string; type: string }>(
    `SELECT global_position::text, type FROM ${name}_rows ORDER BY global_position`,
  );
  return rows;
}

/** The events of the log as (position, type), oldest first, keeping only `types` ('*': all). */
async function eventsOf(sys: TestSystem, types: string[] | '*') {
  const { rows } = await sys.pool.query<{ global_position: string; type: string }>(
    `SELECT global_position::text, type FROM events ORDER BY global_position`,
  );
  return rows.filter((r) => types === '*' || types.includes(r.type));
}

describe('shared reads of the log', () => {
  let sys: TestSystem;
  /** Full pages of the projections' batch size read from the store. */
  let fullPageReads: number;
  beforeEach(async () => {
    sys = await startTestSystem();
    fullPageReads = 0;
    const read = sys.store.readAllPage.bind(sys.store);
    sys.store.readAllPage = async (options: ReadPageOptions) => {
      const page = await read(options);
      if (options.maxCount === BATCH && page.scanned === BATCH) fullPageReads += 1;
      return page;
    };
  });
  afterEach(async () => {
    await sys.close();
  });

  it('reads each page once for projections catching up together, each applying only its own event types', async () => {
    const newest = await appendMany(sys.store, { streams: 20, perStream: 20 });
    const all = probeProjection({ name: 'every', handles: '*' });
    const created = probeProjection({ name: 'created', handles: ['RecipeCreated'] });
    const edited = probeProjection({ name: 'edited', handles: ['RecipeEdited'] });
    const stop = new AbortController();
    const running = runProjections(sys.pool, sys.store, [all, created, edited], {
      signal: stop.signal,
      batchSize: BATCH,
      pollIntervalMs: 20,
    });
    try {
      for (const name of ['every', 'created', 'edited']) await projected(sys.pool, name, newest);
    } finally {
      stop.abort();
      await running;
    }
    expect(await rowsOf(sys, 'every')).toEqual(await eventsOf(sys, '*'));
    expect(await rowsOf(sys, 'created')).toEqual(await eventsOf(sys, ['RecipeCreated']));
    expect(await rowsOf(sys, 'edited')).toEqual(await eventsOf(sys, ['RecipeEdited']));
    // 400 events: 8 full pages. Read apart, the three projections would read 24; a runner that starts reading
    // after the first pages were read (its setup took longer on a loaded machine) reads those itself.
    expect(fullPageReads).toBeGreaterThanOrEqual(8);
    expect(fullPageReads).toBeLessThanOrEqual(16);
  });

  /**
   * A runner `ahead` catches up alone over `streamsAhead` streams of ten events; then `streamsMore` streams are
   * appended and `ahead` and a `fresh` runner (from zero) run together in one process, each awaited within
   * `timeoutMs`. Both end with every event.
   */
  async function catchUpApart(streamsAhead: number, streamsMore: number, timeoutMs?: number) {
    const first = await appendMany(sys.store, { streams: streamsAhead, perStream: 10 });
    const ahead = probeProjection({ name: 'ahead', handles: '*' });
    const alone = new AbortController();
    const runAlone = runProjections(sys.pool, sys.store, [ahead], {
      signal: alone.signal,
      batchSize: BATCH,
      pollIntervalMs: 20,
    });
    try {
      await projected(sys.pool, 'ahead', first);
    } finally {
      alone.abort();
      await runAlone;
    }
    const newest = await appendMany(sys.store, { streams: streamsMore, perStream: 10 });
    const fresh = probeProjection({ name: 'fresh', handles: '*' });
    const stop = new AbortController();
    const running = runProjections(sys.pool, sys.store, [ahead, fresh], {
      signal: stop.signal,
      batchSize: BATCH,
      pollIntervalMs: 20,
    });
    try {
      await projected(sys.pool, 'ahead', newest, timeoutMs);
      await projected(sys.pool, 'fresh', newest, timeoutMs);
    } finally {
      stop.abort();
      await running;
    }
    expect(await rowsOf(sys, 'ahead')).toEqual(await eventsOf(sys, '*'));
    expect(await rowsOf(sys, 'fresh')).toEqual(await eventsOf(sys, '*'));
  }

  it('lets runners at different checkpoints of the same process each catch up on its own pages', async () => {
    await catchUpApart(10, 30);
  });

  it('never holds a runner far behind and one far ahead up waiting for each other (as after a kill mid catch-up)', async () => {
    // `ahead` is ten pages ahead of `fresh`: more than the pages a runner keeps for slower ones. Had either's pages
    // waited for the other, each would stall for SharedReads.WAIT_MS (10 s) every few pages. Seven hundred events
    // each are well under a second of work: within 9 s only without a stall.
    await catchUpApart(50, 20, 9_000);
  });
});
