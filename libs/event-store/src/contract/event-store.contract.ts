// The behaviour every EventStore adapter must show. Each adapter's spec calls `describeEventStoreContract` with
// a factory for a ready store. The suite never assumes an empty store: it writes to streams of its own run and
// reads positions from its own appends, so it also runs against a shared KurrentDB.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  comparePositions,
  jsonTextOf,
  WrongExpectedVersionError,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../port.js';

export interface EventStoreHarness {
  store: EventStore;
  teardown(): Promise<void>;
}

export function newEvent(type: string, data: unknown = {}, brandOwnerCode = 'DEMO'): NewEvent {
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      actor: 'demo',
      brandOwnerCode,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** Polls `probe` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Condition not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface WrittenEvent {
  eventId: string;
  streamId: string;
  streamPosition: bigint;
}

/**
 * `writers` concurrent writers, each on its own stream `<prefix>-<n>`, append batches of 1–5 events at the
 * expected version for `durationMs`. Returns every event whose append was acknowledged.
 */
export async function runConcurrentWriters(
  store: EventStore,
  { prefix, writers, durationMs }: { prefix: string; writers: number; durationMs: number },
): Promise<WrittenEvent[]> {
  const written: WrittenEvent[] = [];
  const until = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async (_, n) => {
      const streamId = `${prefix}-${n}`;
      let version = -1n;
      while (Date.now() < until) {
        const events = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () =>
          newEvent('LoadTested', { n }),
        );
        const result = await store.appendToStream(streamId, events, version === -1n ? 'no_stream' : version);
        events.forEach((e, i) =>
          written.push({ eventId: e.eventId, streamId, streamPosition: version + 1n + BigInt(i) }),
        );
        version = result.nextExpectedVersion;
      }
    }),
  );
  return written;
}

/** Asserts that `seen` (in delivery order) holds every written event exactly once, in a gap-free global order. */
export function expectGapFreeDelivery(seen: RecordedEvent[], written: WrittenEvent[]): void {
  for (let i = 1; i < seen.length; i++) {
    if (comparePositions(seen[i - 1]!.position, seen[i]!.position) >= 0) {
      throw new Error(`Position order broken at delivery ${i}: ${String(seen[i]!.position.globalPosition)}`);
    }
  }
  const writtenIds = new Set(written.map((w) => w.eventId));
  const ours = seen.filter((e) => writtenIds.has(e.eventId));
  const seenIds = new Set(ours.map((e) => e.eventId));
  const missing = written.filter((w) => !seenIds.has(w.eventId)).length;
  expect({ delivered: ours.length, distinct: seenIds.size, missing }).toEqual({
    delivered: written.length,
    distinct: written.length,
    missing: 0,
  });
  const lastByStream = new Map<string, bigint>();
  for (const event of ours) {
    const previous = lastByStream.get(event.streamId) ?? -1n;
    expect(event.streamPosition).toBe(previous + 1n);
    lastByStream.set(event.streamId, event.streamPosition);
  }
}

export function describeEventStoreContract(name: string, setup: () => Promise<EventStoreHarness>): void {
  describe(`EventStore contract: ${name}`, () => {
    let harness: EventStoreHarness;
    let store: EventStore;
    const run = randomUUID().slice(0, 8);
    let streamCount = 0;
    const newStream = (kind = 'recipe') => `${kind}-${run}-${++streamCount}`;

    beforeAll(async () => {
      harness = await setup();
      store = harness.store;
    });
    afterAll(async () => {
      await harness?.teardown();
    });

    async function readAllOf(streams: string[], from: GlobalPosition): Promise<RecordedEvent[]> {
      const all = await store.readAll({ from });
      return all.filter((e) => streams.includes(e.streamId));
    }

    it('appends events and reads them back with type, data and metadata intact', async () => {
      const streamId = newStream();
      const created = newEvent('RecipeCreated', {
        name: '宫保鸡丁',
        steps: [{ seconds: 90, power: 3 }],
        note: null,
      });
      const renamed = newEvent('RecipeRenamed', { name: 'Kung Pao "chicken" \\ 2' }, 'OTHER');
      const result = await store.appendToStream(streamId, [created, renamed], 'no_stream');
      expect(result.nextExpectedVersion).toBe(1n);

      const events = await store.readStream(streamId);
      expect(
        events.map(({ eventId, type, data, metadata, streamId: s, streamPosition }) => ({
          eventId,
          type,
          data,
          metadata,
          streamId: s,
          streamPosition,
        })),
      ).toEqual([
        { ...created, streamId, streamPosition: 0n },
        { ...renamed, streamId, streamPosition: 1n },
      ]);
      expect(events[0]!.recordedAt).toBeInstanceOf(Date);
      expect(comparePositions(events[0]!.position, events[1]!.position)).toBe(-1);
      expect(events[1]!.position).toEqual(result.position);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(newStream())).toEqual([]);
    });

    it('no_stream creates a stream and refuses one that exists', async () => {
      const streamId = newStream();
      await store.appendToStream(streamId, [newEvent('RecipeCreated')], 'no_stream');
      const refused = store.appendToStream(streamId, [newEvent('RecipeCreated')], 'no_stream');
      await expect(refused).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(refused).rejects.toMatchObject({ streamId, expected: 'no_stream', actual: 0n });
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it('a version number appends at the current version and refuses a stale or future one', async () => {
      const streamId = newStream();
      await store.appendToStream(streamId, [newEvent('A'), newEvent('B')], 'no_stream');
      const result = await store.appendToStream(streamId, [newEvent('C')], 1n);
      expect(result.nextExpectedVersion).toBe(2n);
      expect((await store.appendToStream(streamId, [newEvent('D')], 2)).nextExpectedVersion).toBe(3n);

      await expect(store.appendToStream(streamId, [newEvent('E')], 1n)).rejects.toMatchObject({
        name: 'WrongExpectedVersionError',
        expected: 1n,
        actual: 3n,
      });
      await expect(store.appendToStream(streamId, [newEvent('E')], 7n)).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(store.appendToStream(newStream(), [newEvent('E')], 0n)).rejects.toMatchObject({
        actual: null,
      });
      expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('stream_exists refuses a missing stream and appends to an existing one', async () => {
      const streamId = newStream();
      await expect(store.appendToStream(streamId, [newEvent('A')], 'stream_exists')).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await store.appendToStream(streamId, [newEvent('A')], 'no_stream');
      const result = await store.appendToStream(streamId, [newEvent('B')], 'stream_exists');
      expect(result.nextExpectedVersion).toBe(1n);
    });

    it('any appends to a missing and to an existing stream', async () => {
      const streamId = newStream();
      expect((await store.appendToStream(streamId, [newEvent('A')], 'any')).nextExpectedVersion).toBe(0n);
      expect(
        (await store.appendToStream(streamId, [newEvent('B'), newEvent('C')], 'any')).nextExpectedVersion,
      ).toBe(2n);
      expect((await store.readStream(streamId)).map((e) => e.streamPosition)).toEqual([0n, 1n, 2n]);
    });

    it('of two concurrent appends at the same expected version exactly one wins', async () => {
      const streamId = newStream();
      let version = (await store.appendToStream(streamId, [newEvent('Created')], 'no_stream'))
        .nextExpectedVersion;
      const winners: string[] = [];
      for (let round = 0; round < 20; round++) {
        const left = [newEvent('Left'), newEvent('Left')];
        const right = [newEvent('Right')];
        const outcomes = await Promise.allSettled([
          store.appendToStream(streamId, left, version),
          store.appendToStream(streamId, right, version),
        ]);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]!.reason).toBeInstanceOf(WrongExpectedVersionError);
        const winner = outcomes[0]!.status === 'fulfilled' ? left : right;
        winners.push(...winner.map((e) => e.eventId));
        version = (won[0] as PromiseFulfilledResult<{ nextExpectedVersion: bigint }>).value
          .nextExpectedVersion;
      }
      const events = await store.readStream(streamId);
      expect(events.slice(1).map((e) => e.eventId)).toEqual(winners);
      expect(events.at(-1)!.streamPosition).toBe(version);
    });

    it('an append repeated with the same event ids returns the original result and writes nothing', async () => {
      const streamId = newStream();
      const marker = await store.appendToStream(newStream('marker'), [newEvent('Marker')], 'no_stream');
      const events = [newEvent('RecipeCreated'), newEvent('RecipeRenamed')];
      const first = await store.appendToStream(streamId, events, 'no_stream');
      expect(await store.appendToStream(streamId, events, 'no_stream')).toEqual(first);
      expect(await store.appendToStream(streamId, events, 'any')).toEqual(first);

      expect((await store.readStream(streamId)).map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
      const all = await eventually(async () => {
        const found = await readAllOf([streamId], marker.position);
        return found.length >= 2 ? found : undefined;
      });
      expect(all.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
      // The stream goes on from the original version.
      expect(
        (await store.appendToStream(streamId, [newEvent('RecipeSubmitted')], first.nextExpectedVersion))
          .nextExpectedVersion,
      ).toBe(2n);
    });

    it('readStream starts at fromVersion and stops after maxCount', async () => {
      const streamId = newStream();
      await store.appendToStream(
        streamId,
        ['A', 'B', 'C', 'D', 'E'].map((t) => newEvent(t)),
        'no_stream',
      );
      expect((await store.readStream(streamId, { fromVersion: 2n })).map((e) => e.type)).toEqual([
        'C',
        'D',
        'E',
      ]);
      expect((await store.readStream(streamId, { fromVersion: 1n, maxCount: 2 })).map((e) => e.type)).toEqual(
        ['B', 'C'],
      );
      expect(await store.readStream(streamId, { fromVersion: 5n })).toEqual([]);
    });

    it('readAll returns the events after a checkpoint in global order, up to maxCount', async () => {
      const first = newStream();
      const second = newStream();
      const marker = await store.appendToStream(newStream('marker'), [newEvent('Marker')], 'no_stream');
      const a = await store.appendToStream(first, [newEvent('A1'), newEvent('A2')], 'no_stream');
      await store.appendToStream(second, [newEvent('B1'), newEvent('B2'), newEvent('B3')], 'no_stream');

      const afterA = await eventually(async () => {
        const found = await readAllOf([first, second], a.position);
        return found.length >= 3 ? found : undefined;
      });
      expect(afterA.map((e) => e.type)).toEqual(['B1', 'B2', 'B3']);
      const firstTwo = await store.readAll({ from: marker.position, maxCount: 2 });
      expect(firstTwo.map((e) => e.type)).toEqual(['A1', 'A2']);
      expect(firstTwo[1]!.position).toEqual(a.position);
    });

    it('readAllPage returns the wanted types of a page, scans past the others, and can leave payloads out', async () => {
      const marker = await store.appendToStream(newStream('marker'), [newEvent('Marker')], 'no_stream');
      const streamId = newStream();
      const events = [
        newEvent('Wanted', { n: 1 }),
        newEvent('Other'),
        newEvent('Wanted', { n: 2 }),
        newEvent('Other'),
      ];
      const written = await store.appendToStream(streamId, events, 'no_stream');
      const page = await eventually(async () => {
        const found = await store.readAllPage({ from: marker.position, maxCount: 4, types: ['Wanted'] });
        return found.scanned === 4 ? found : undefined;
      });
      expect(page.events.map((e) => [e.type, e.data])).toEqual([
        ['Wanted', { n: 1 }],
        ['Wanted', { n: 2 }],
      ]);
      expect(page.events[0]!.metadata).toEqual(events[0]!.metadata);
      // The checkpoint of a reader that handled the page: past the last event scanned, wanted or not.
      expect(page.scannedTo).toEqual(written.position);

      const lean = await store.readAllPage({ from: marker.position, maxCount: 2, withData: false });
      expect(lean.events.map((e) => [e.type, e.data, e.streamId])).toEqual([
        ['Wanted', null, streamId],
        ['Other', null, streamId],
      ]);
      expect(lean.events[1]!.metadata).toEqual(events[1]!.metadata);

      // Payloads of some types only: every event comes back, the others without their payload.
      const some = await store.readAllPage({ from: marker.position, maxCount: 3, withData: ['Other'] });
      expect(some.events.map((e) => [e.type, e.data])).toEqual([
        ['Wanted', null],
        ['Other', events[1]!.data],
        ['Wanted', null],
      ]);

      // Read lazily: the same events; where the store keeps the JSON text, that text parses to them.
      const lazy = await store.readAllPage({
        from: marker.position,
        maxCount: 3,
        withData: ['Wanted'],
        lazyJson: true,
      });
      expect(lazy.events.map((e) => [e.type, e.data, e.metadata, e.streamPosition, e.position])).toEqual(
        some.events.map((e, i) => [
          e.type,
          i === 1 ? null : events[i]!.data,
          e.metadata,
          e.streamPosition,
          e.position,
        ]),
      );
      for (const e of lazy.events) {
        const text = jsonTextOf(e);
        if (!text) continue;
        expect([JSON.parse(text.data ?? 'null'), JSON.parse(text.metadata)]).toEqual([e.data, e.metadata]);
      }

      const none = await store.readAllPage({ from: marker.position, maxCount: 2, types: ['Nothing'] });
      expect(none).toMatchObject({ events: [], scanned: 2, scannedTo: lean.events[1]!.position });
      const head = await store.headPosition();
      expect(await store.readAllPage({ from: head, maxCount: 10 })).toEqual({
        events: [],
        scanned: 0,
        scannedTo: head,
      });
    });

    it('headPosition reaches the position of the latest append', async () => {
      const result = await store.appendToStream(newStream(), [newEvent('A')], 'no_stream');
      const head = await eventually(async () => {
        const position = await store.headPosition();
        return comparePositions(position, result.position) >= 0 ? position : undefined;
      });
      expect(comparePositions(head, result.position)).toBeGreaterThanOrEqual(0);
    });

    it('a subscription catches up from a checkpoint, follows live appends in order, and stop() ends it', async () => {
      const streamId = newStream();
      const marker = await store.appendToStream(newStream('marker'), [newEvent('Marker')], 'no_stream');
      await store.appendToStream(
        streamId,
        [newEvent('Past1'), newEvent('Past2'), newEvent('Past3')],
        'no_stream',
      );

      const seen: RecordedEvent[] = [];
      const batches: number[] = [];
      const subscription = store.subscribeToAll({
        from: marker.position,
        batchSize: 2,
        onEvents: (events) => {
          batches.push(events.length);
          seen.push(...events);
        },
      });
      const ofStream = () => seen.filter((e) => e.streamId === streamId).map((e) => e.type);
      await eventually(async () => (ofStream().length >= 3 ? true : undefined));
      expect(ofStream()).toEqual(['Past1', 'Past2', 'Past3']);
      expect(Math.max(...batches)).toBeLessThanOrEqual(2);

      await store.appendToStream(streamId, [newEvent('Live1')], 2n);
      await store.appendToStream(streamId, [newEvent('Live2')], 3n);
      await eventually(async () => (ofStream().length >= 5 ? true : undefined));
      expect(ofStream()).toEqual(['Past1', 'Past2', 'Past3', 'Live1', 'Live2']);
      for (let i = 1; i < seen.length; i++)
        expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);

      await subscription.stop();
      await expect(subscription.done).resolves.toBeUndefined();
      const countAtStop = seen.length;
      await store.appendToStream(streamId, [newEvent('AfterStop')], 4n);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(seen).toHaveLength(countAtStop);
    });

    it('a subscription whose handler throws ends with that error', async () => {
      const marker = await store.appendToStream(newStream('marker'), [newEvent('Marker')], 'no_stream');
      await store.appendToStream(newStream(), [newEvent('Poison')], 'no_stream');
      const subscription = store.subscribeToAll({
        from: marker.position,
        onEvents: (events) => {
          if (events.some((e) => e.type === 'Poison')) throw new Error('projection failed');
        },
      });
      await expect(subscription.done).rejects.toThrow('projection failed');
      await expect(subscription.stop()).resolves.toBeUndefined();
    });

    it('16 concurrent writers: a subscriber sees every committed event once, gap-free, in order', async () => {
      const prefix = `load-${run}`;
      const marker = await store.appendToStream(newStream('marker'), [newEvent('Marker')], 'no_stream');
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({
        from: marker.position,
        batchSize: 100,
        onEvents: (events) => {
          seen.push(...events);
        },
      });
      const written = await runConcurrentWriters(store, { prefix, writers: 16, durationMs: 4000 });
      const writtenIds = new Set(written.map((w) => w.eventId));
      await eventually(
        async () =>
          seen.filter((e) => writtenIds.has(e.eventId)).length >= written.length ? true : undefined,
        30_000,
      ).catch(
        () => undefined, // the assertion below names what is missing
      );
      // Give a duplicate delivery the chance to show up before stopping.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await subscription.stop();
      expect(written.length).toBeGreaterThan(1000);
      expectGapFreeDelivery(seen, written);
    }, 90_000);
  });
}
