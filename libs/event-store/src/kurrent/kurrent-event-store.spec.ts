import { START } from '../port.js';
import { describeEventStoreContract } from '../contract/event-store.contract.js';
import {
  KurrentEventStore,
  fromKurrentPosition,
  isSystemEventType,
  toKurrentExpectedRevision,
  toKurrentReadPosition,
} from './kurrent-event-store.js';

// The contract suite needs a KurrentDB server, e.g. `docker compose -f infra/compose.yaml up -d kurrentdb` and
// KURRENTDB_URL=esdb://127.0.0.1:2113?tls=false. Without one, only the mapping checks below run.
const url = process.env.KURRENTDB_URL;

if (url) {
  describeEventStoreContract('KurrentDB', async () => {
    const store = KurrentEventStore.fromConnectionString(url);
    return { store, teardown: () => store.close() };
  });
} else {
  describe('KurrentDB contract suite', () => {
    it('runs only when KURRENTDB_URL is set', () => {
      console.log('KurrentDB contract suite needs KURRENTDB_URL');
      expect(process.env.KURRENTDB_URL).toBeUndefined();
    });
  });
}

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
