import { START } from '@kb/event-store';
import { allEvents, eventually, newEvent, probeProjection, startTestSystem } from '../test/support.js';
import { projectBatch } from './batch.js';
import { StaleCheckpointError } from './errors.js';
import { runProjections } from './runner.js';
import { readSideHealth } from './status.js';
import { ensureLiveVersions, readVersion } from './versions.js';
import { holding } from '@kb/testing';

describe('a batch and its checkpoint', () => {
  const sys = holding('each', startTestSystem, (s) => s.close());

  const rows = async (table = 'probe_rows') =>
    (await sys().pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

  it('are written together: a batch that fails on something no event caused is retried whole, never half of it', async () => {
    const appended = await sys().store.appendToStream(
      'recipe-1',
      Array.from({ length: 25 }, (_, i) => newEvent(`Step${i}`)),
      'no_stream',
    );
    const events = await allEvents(sys().store, appended.position);
    let refusing = true;
    let refusals = 0;
    // Batches of 10: the second batch writes its rows for events 10..19, then throws on event 14 what the database
    // says when it shuts down: nothing to park, the batch is rolled back and retried.
    const probe = probeProjection({
      failOn: (e) => {
        if (!refusing || e.type !== 'Step14') return false;
        refusals += 1;
        return true;
      },
      failWith: () =>
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    });
    const stop = new AbortController();
    const running = runProjections(sys().pool, sys().store, [probe], {
      signal: stop.signal,
      batchSize: 10,
      pollIntervalMs: 20,
      maxRetryDelayMs: 50,
    });
    try {
      const failed = await eventually(async () => {
        const v = await readVersion(sys().pool, 'probe', 1);
        return v?.lastError ? v : undefined;
      });
      expect(failed.lastError).toBe('terminating connection due to administrator command');
      const [failing] = (await readSideHealth(sys().pool)).projections;
      expect(failing).toMatchObject({ health: 'failing', parkedEvents: 0, failingSince: failed.lastErrorAt });
      expect(failed.checkpoint).toEqual(events[9]?.position);
      expect(await rows()).toBe(10);

      // It keeps retrying the same batch, never half of it: two more attempts were refused since (so the first of
      // them is rolled back), and their rows are not there.
      const seen = refusals;
      await eventually(async () => refusals >= seen + 2);
      expect(await rows()).toBe(10);
      expect((await readVersion(sys().pool, 'probe', 1))?.checkpoint).toEqual(events[9]?.position);

      refusing = false;
      const done = await eventually(async () => {
        const v = await readVersion(sys().pool, 'probe', 1);
        return v && v.checkpoint.globalPosition === events[24]?.position.globalPosition ? v : undefined;
      });
      expect(done.lastError).toBeNull();
      expect(await rows()).toBe(25);
      expect(
        (await sys().pool.query('SELECT count(*)::int AS n FROM projection_parked_events')).rows[0].n,
      ).toBe(0);
    } finally {
      stop.abort();
      await running;
    }
  });

  it('moves the checkpoint by compare-and-set: a stale instance is rejected and its rows rolled back', async () => {
    const appended = await sys().store.appendToStream(
      'recipe-2',
      [newEvent('A'), newEvent('B'), newEvent('C')],
      'no_stream',
    );
    const events = await allEvents(sys().store, appended.position);
    const a = probeProjection({ instance: 'a' });
    const b = probeProjection({ instance: 'b', name: 'probe' });
    await ensureLiveVersions(sys().pool, [a]);
    await sys().pool.query('ALTER TABLE probe_rows_v1 DROP CONSTRAINT probe_rows_v1_pkey');

    // Both instances read the checkpoint at the start; A commits first.
    expect(await projectBatch(sys().pool, a, 1, START, events.slice(0, 2))).toEqual(events[1]?.position);
    await expect(projectBatch(sys().pool, b, 1, START, events)).rejects.toBeInstanceOf(StaleCheckpointError);

    const { rows: written } = await sys().pool.query(
      'SELECT instance, type FROM probe_rows ORDER BY global_position',
    );
    expect(written).toEqual([
      { instance: 'a', type: 'A' },
      { instance: 'a', type: 'B' },
    ]);
    expect((await readVersion(sys().pool, 'probe', 1))?.checkpoint).toEqual(events[1]?.position);
  });

  it('moves past events the projection does not handle', async () => {
    const appended = await sys().store.appendToStream(
      'recipe-3',
      [newEvent('Wanted'), newEvent('Ignored'), newEvent('Ignored')],
      'no_stream',
    );
    const events = await allEvents(sys().store, appended.position);
    const probe = probeProjection({ handles: ['Wanted'] });
    await ensureLiveVersions(sys().pool, [probe]);
    expect(await projectBatch(sys().pool, probe, 1, START, events)).toEqual(events[2]?.position);
    expect((await sys().pool.query('SELECT type FROM probe_rows')).rows).toEqual([{ type: 'Wanted' }]);
    expect((await readVersion(sys().pool, 'probe', 1))?.checkpoint).toEqual(events[2]?.position);
  });
});
