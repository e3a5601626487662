import { replay } from '../decider.js';
import { UpcastError } from '../recipe/upcasters.js';
import { offlinePackDecider } from './decide.js';
import { OFFLINE_PACK_EVENT_SCHEMA_VERSIONS, OFFLINE_PACK_EVENT_TYPES } from './events.js';
import { upcastOfflinePackEvent } from './upcasters.js';

const RECIPE = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const PACK_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const CREATED = {
  number: 'P-01',
  type: 'initial',
  productCode: 'TM-6',
  subBrandCode: 'DEMO-CHEF',
  recipeIds: [RECIPE(1)],
};

/**
 * Payloads as the event store holds them at schema version 1, written by hand (not by today's code), so a change
 * of an event's shape that forgets its upcaster breaks this test instead of old streams.
 */
const STORED_V1: { type: string; data: unknown }[] = [
  {
    type: 'OfflinePackCreated',
    data: { packId: PACK_ID, content: CREATED },
  },
  { type: 'OfflinePackRevised', data: { changes: { recipeIds: [RECIPE(1), RECIPE(2)] } } },
  { type: 'OfflinePackTestPublished', data: { at: '2026-05-02T11:00:00.000Z' } },
  { type: 'OfflinePackPublishedOnline', data: { at: '2026-05-03T08:00:00.000Z' } },
  { type: 'OfflinePackTestCancelled', data: { at: '2026-05-03T09:00:00.000Z' } },
];

describe('upcasting stored offline-pack events', () => {
  it('reads every offline-pack event type at its current version unchanged', () => {
    expect(OFFLINE_PACK_EVENT_TYPES).toHaveLength(8);
    for (const type of OFFLINE_PACK_EVENT_TYPES) {
      const data = { at: 'x' };
      expect(upcastOfflinePackEvent(type, OFFLINE_PACK_EVENT_SCHEMA_VERSIONS[type], data)).toEqual({
        type,
        data,
      });
    }
  });

  it('folds a stored v1 history into the pack it describes', () => {
    const events = STORED_V1.map((e) => upcastOfflinePackEvent(e.type, 1, e.data));
    expect(replay(offlinePackDecider, events)).toEqual({
      status: 'active',
      packId: PACK_ID,
      // The revision replaced the recipes only.
      content: { ...CREATED, recipeIds: [RECIPE(1), RECIPE(2)] },
      testStatus: 'not_tested',
      releaseStatus: 'online',
      releasedAt: '2026-05-03T08:00:00.000Z',
      testedAt: '2026-05-02T11:00:00.000Z',
    });
  });

  it('refuses payloads it cannot read rather than guessing', () => {
    expect(() => upcastOfflinePackEvent('OfflinePackDeleted', 2, {})).toThrow(UpcastError);
    expect(() => upcastOfflinePackEvent('OfflinePackApproved', 1, {})).toThrow('unknown event type');
  });
});
