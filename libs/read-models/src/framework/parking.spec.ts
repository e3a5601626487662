import { comparePositions, type GlobalPosition, type RecordedEvent } from '@kb/event-store';
import { eventually, newEvent, probeProjection } from '../test/support.js';
import { listParked } from './parking.js';
import { replayProjection } from './runner.js';
import { projectionStatus, readSideHealth } from './status.js';
import { readVersion } from './versions.js';
import { projectingSystem } from '../test/projecting.js';

/** An event that the probe refuses while `poisoned` says so. */
const poison = (actor = 'alice', brand = 'A') => newEvent('Poison', actor, brand, { poison: true });

describe('a projection that cannot apply an event', () => {
  let refusing = true;
  const probe = probeProjection({
    failOn: (e: RecordedEvent) => refusing && (e.data as { poison?: boolean } | null)?.poison === true,
  });
  let head: GlobalPosition;
  const sys = projectingSystem([probe], { batchSize: 5, maxRetryDelayMs: 50 });

  const append = async (stream: string, events: ReturnType<typeof newEvent>[]) => {
    const result = await sys().store.appendToStream(stream, events, 'any');
    if (!head || comparePositions(result.position, head) > 0) head = result.position;
    return result.position;
  };
  const rows = async () =>
    (
      await sys().pool.query<{ stream_id: string; type: string }>(
        'SELECT stream_id, type FROM probe_rows ORDER BY global_position',
      )
    ).rows.map((r) => `${r.stream_id}:${r.type}`);
  const caughtUp = () =>
    eventually(async () => {
      const v = await readVersion(sys().pool, 'probe', 1);
      return v && comparePositions(v.checkpoint, head) >= 0 ? v : undefined;
    });

  it('parks it with the rest of its stream, while the other streams and brands go on', async () => {
    await append('thing-a', [newEvent('Made', 'alice', 'A'), poison(), newEvent('Changed', 'alice', 'A')]);
    for (let i = 0; i < 9; i++) await append(`thing-b${i % 3}`, [newEvent(`Step${i}`, 'bob', 'B')]);
    const at = await caughtUp();

    expect(at.lastError).toBeNull();
    expect(await rows()).toEqual([
      'thing-a:Made',
      ...Array.from({ length: 9 }, (_, i) => `thing-b${i % 3}:Step${i}`),
    ]);
    const parked = await listParked(sys().pool, 'probe');
    expect(
      parked.map((p) => [p.streamId, p.eventType, p.brandOwnerCode, p.error, p.behind === null]),
    ).toEqual([
      ['thing-a', 'Poison', 'A', 'probe refuses Poison', true],
      ['thing-a', 'Changed', 'A', 'probe refuses Poison', false],
    ]);
    expect(parked[1]?.behind).toBe(parked[0]?.position.globalPosition);

    // A later event of the parked stream waits behind it too; the others are applied as they come.
    await append('thing-a', [newEvent('Renamed', 'alice', 'A')]);
    await append('thing-b0', [newEvent('Later', 'bob', 'B')]);
    await caughtUp();
    expect((await rows()).slice(-1)).toEqual(['thing-b0:Later']);
    expect((await listParked(sys().pool, 'probe')).map((p) => p.eventType)).toEqual([
      'Poison',
      'Changed',
      'Renamed',
    ]);

    const [status] = await projectionStatus(sys().pool, sys().store, [probe]);
    expect(status).toMatchObject({
      health: 'parked',
      lagEvents: 0,
      parked: { events: 3, streams: 1, brands: ['A'] },
    });
    expect(await readSideHealth(sys().pool)).toEqual({
      ok: false,
      projections: [
        {
          name: 'probe',
          version: 1,
          health: 'parked',
          parkedEvents: 3,
          parkedStreams: 1,
          parkedBrands: ['A'],
          failingSince: null,
        },
      ],
    });
  });

  it('replays the parked events in order through the running process once the cause is gone', async () => {
    refusing = false;
    const [result] = await replayProjection(sys().pool, sys().store, probe, { signal: sys().signal });
    expect(result).toEqual({ version: 1, by: 'runner', replayed: 3, stillParked: 0 });
    expect((await rows()).filter((r) => r.startsWith('thing-a'))).toEqual([
      'thing-a:Made',
      'thing-a:Poison',
      'thing-a:Changed',
      'thing-a:Renamed',
    ]);
    expect(await listParked(sys().pool, 'probe')).toEqual([]);
    expect((await readSideHealth(sys().pool)).ok).toBe(true);

    // The stream is free again: its next event is applied, not parked.
    await append('thing-a', [newEvent('Again', 'alice', 'A')]);
    await caughtUp();
    expect((await rows()).at(-1)).toBe('thing-a:Again');
  });

  it('keeps an event that still fails parked, with the rest of its stream behind it', async () => {
    refusing = true;
    await append('thing-c', [
      newEvent('Made', 'carol', 'C'),
      poison('carol', 'C'),
      newEvent('Changed', 'carol', 'C'),
    ]);
    await append('thing-d', [poison('dan', 'D')]);
    await append('thing-b1', [newEvent('Last', 'bob', 'B')]);
    await caughtUp();
    expect((await rows()).slice(-2)).toEqual(['thing-c:Made', 'thing-b1:Last']);
    expect((await listParked(sys().pool, 'probe')).map((p) => `${p.streamId}:${p.eventType}`)).toEqual([
      'thing-c:Poison',
      'thing-c:Changed',
      'thing-d:Poison',
    ]);

    // Still refused: nothing is applied, and nothing moves out of order.
    const [again] = await replayProjection(sys().pool, sys().store, probe, { signal: sys().signal });
    expect(again).toMatchObject({ replayed: 0, stillParked: 3 });
    expect((await listParked(sys().pool, 'probe')).map((p) => `${p.streamId}:${p.eventType}`)).toEqual([
      'thing-c:Poison',
      'thing-c:Changed',
      'thing-d:Poison',
    ]);
    expect((await rows()).at(-1)).toBe('thing-b1:Last');
  });
});
