import { randomUUID } from 'node:crypto';
import { closedPort } from '@kb/testing';
import pg from 'pg';
import { START } from '../port.js';
import { describeEventStoreContract, newEvent } from '../contract/event-store.contract.js';
import {
  EventStoreConfigError,
  OUR_STREAM_PREFIXES,
  eventStoreSettings,
  openEventStore,
} from '../open-event-store.js';
import {
  KurrentEventStore,
  KurrentUnavailableError,
  fromKurrentPosition,
  isSystemEventType,
  redactConnectionString,
  toKurrentExpectedRevision,
  toKurrentReadPosition,
} from './kurrent-event-store.js';

// The contract suite needs a KurrentDB server, e.g. `docker compose -f infra/compose.yaml up -d kurrentdb` and
// KURRENTDB_URL=kurrentdb://127.0.0.1:2113?tls=false (infra/README.md).
const url = process.env.KURRENTDB_URL;

if (url) {
  describeEventStoreContract('KurrentDB', async () => {
    const store = await KurrentEventStore.connect(url);
    return { store, teardown: () => store.close() };
  });

  describeEventStoreContract('KurrentDB in a namespace', async () => {
    const store = await KurrentEventStore.connect(url, { namespace: `contract_${randomUUID().slice(0, 8)}` });
    return { store, teardown: () => store.close() };
  });

  describe('KurrentDB store as the apps open it', () => {
    it('reads the global order of our streams only', async () => {
      const store = await KurrentEventStore.connect(url, { streamPrefixes: OUR_STREAM_PREFIXES });
      try {
        const run = randomUUID();
        const before = await store.headPosition();
        await store.appendToStream(`someone-else-${run}`, [newEvent('Theirs')], 'no_stream');
        const ours = await store.appendToStream(`recipe-${run}`, [newEvent('RecipeCreated')], 'no_stream');
        await store.appendToStream(`$kb-${run}`, [newEvent('Theirs')], 'no_stream');
        const page = await store.readAllPage({ from: before, maxCount: 1000 });
        expect(page.events.map((e) => e.streamId)).toContain(`recipe-${run}`);
        expect(page.events.map((e) => e.streamId).filter((id) => id.endsWith(run))).toEqual([
          `recipe-${run}`,
        ]);
        expect(await store.headPosition()).toEqual(ours.position);
      } finally {
        await store.close();
      }
    });

    it('keeps each namespace to its own streams', async () => {
      const run = randomUUID();
      const [a, b] = await Promise.all(
        ['a', 'b'].map((n) =>
          KurrentEventStore.connect(url, {
            streamPrefixes: OUR_STREAM_PREFIXES,
            namespace: `${n}_${run.slice(0, 8)}`,
          }),
        ),
      );
      try {
        await a!.appendToStream(`recipe-${run}`, [newEvent('RecipeCreated')], 'no_stream');
        expect(await b!.readStream(`recipe-${run}`)).toEqual([]);
        await b!.appendToStream(
          `recipe-${run}`,
          [newEvent('RecipeCreated'), newEvent('RecipeRenamed')],
          'no_stream',
        );
        expect((await a!.readAll()).map((e) => [e.streamId, e.type])).toEqual([
          [`recipe-${run}`, 'RecipeCreated'],
        ]);
        expect((await b!.readAll()).map((e) => e.type)).toEqual(['RecipeCreated', 'RecipeRenamed']);
      } finally {
        await Promise.all([a!.close(), b!.close()]);
      }
    });
  });
}

describe('opening the KurrentDB store', () => {
  it('refuses, naming the address, when no server answers', async () => {
    const port = await closedPort();
    const started = Date.now();
    const refused = KurrentEventStore.connect(`kurrentdb://127.0.0.1:${port}?tls=false`, { timeoutMs: 5000 });
    await expect(refused).rejects.toBeInstanceOf(KurrentUnavailableError);
    await expect(refused).rejects.toThrow(
      `KurrentDB at kurrentdb://127.0.0.1:${port}?tls=false did not answer`,
    );
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('says what to do when EVENT_STORE=kurrentdb and the server is not there', async () => {
    const port = await closedPort();
    const pool = new pg.Pool({ max: 1 });
    try {
      const settings = eventStoreSettings({
        EVENT_STORE: 'kurrentdb',
        KURRENTDB_URL: `kurrentdb://admin:secret@127.0.0.1:${port}?tls=false`,
      });
      const opening = openEventStore(settings, pool);
      await expect(opening).rejects.toBeInstanceOf(EventStoreConfigError);
      const message = await opening.catch((e: Error) => e.message);
      expect(message).toContain(
        `EVENT_STORE=kurrentdb, but KurrentDB at kurrentdb://admin:***@127.0.0.1:${port}`,
      );
      expect(message).toContain('set EVENT_STORE=postgres');
      expect(message).not.toContain('secret');
    } finally {
      await pool.end();
    }
  });

  it('reads EVENT_STORE: postgres unless set, kurrentdb only with KURRENTDB_URL, nothing else', () => {
    expect(eventStoreSettings({}).kind).toBe('postgres');
    expect(eventStoreSettings({ EVENT_STORE: 'postgres', KURRENTDB_URL: 'kurrentdb://x:2113' }).kind).toBe(
      'postgres',
    );
    expect(
      eventStoreSettings({ EVENT_STORE: 'kurrentdb', KURRENTDB_URL: 'kurrentdb://127.0.0.1:2113?tls=false' }),
    ).toEqual({ kind: 'kurrentdb', kurrentdbUrl: 'kurrentdb://127.0.0.1:2113?tls=false' });
    expect(
      eventStoreSettings({
        EVENT_STORE: 'kurrentdb',
        KURRENTDB_URL: 'kurrentdb://db:2113',
        KURRENTDB_NAMESPACE: 'qa',
      }).kurrentdbNamespace,
    ).toBe('qa');
    expect(() => eventStoreSettings({ EVENT_STORE: 'kurrentdb' })).toThrow(
      'EVENT_STORE=kurrentdb needs KURRENTDB_URL',
    );
    expect(() => eventStoreSettings({ EVENT_STORE: 'eventstore' })).toThrow(
      'EVENT_STORE must be one of postgres, kurrentdb, got "eventstore"',
    );
  });

  it('keeps passwords out of the address it shows', () => {
    expect(redactConnectionString('kurrentdb://admin:changeit@db:2113?tls=true')).toBe(
      'kurrentdb://admin:***@db:2113?tls=true',
    );
    expect(redactConnectionString('kurrentdb://db:2113?tls=false')).toBe('kurrentdb://db:2113?tls=false');
  });
});

describe('KurrentEventStore mappings', () => {
  it('maps a $all position to (commit, prepare) and back, keeping the order', () => {
    const position = fromKurrentPosition({ commit: 1200n, prepare: 1180n });
    expect(position).toEqual({ transactionId: 1200n, globalPosition: 1180n });
    expect(toKurrentReadPosition(position)).toEqual({ commit: 1200n, prepare: 1180n });
    expect(toKurrentReadPosition(START)).toBe('start');
    expect(toKurrentReadPosition(undefined)).toBe('start');
  });

  it('maps expected versions to KurrentDB expected revisions', () => {
    expect(toKurrentExpectedRevision('any')).toBe('any');
    expect(toKurrentExpectedRevision('no_stream')).toBe('no_stream');
    expect(toKurrentExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toKurrentExpectedRevision(4)).toBe(4n);
    expect(toKurrentExpectedRevision(7n)).toBe(7n);
    expect(() => toKurrentExpectedRevision(-1)).toThrow(RangeError);
  });

  it('treats $-prefixed event types as system events', () => {
    expect(isSystemEventType('$metadata')).toBe(true);
    expect(isSystemEventType('RecipeCreated')).toBe(false);
  });
});
