import {
  offlinePackContentSchema,
  type OfflinePackContent,
  type OfflinePackContentInput,
} from '@kb/contracts';
import { statesAfterEachEvent } from '../decider.js';
import { deciderTable, describeTransitionTable } from '../testing/decider-table.js';
import { OFFLINE_PACK_COMMAND_ACTIONS, offlinePackDecider, type OfflinePackCommand } from './decide.js';
import type { OfflinePackEvent } from './events.js';
import { OFFLINE_PACK_ACTIONS, type OfflinePackAction } from './refusals.js';
import { offlinePackStage, type OfflinePackStage } from './state.js';
import { OFFLINE_PACK_INPUT, nthUuid, SPEC_AT } from '@kb/testing';

const PACK_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const RECIPE = nthUuid;
const AT = SPEC_AT;

const content = (overrides: Partial<OfflinePackContentInput> = {}): OfflinePackContent =>
  offlinePackContentSchema.parse({
    ...OFFLINE_PACK_INPUT,
    ...overrides,
  });

const packTable = deciderTable(offlinePackDecider);
const { when, refusal, history, stateAfter } = packTable;

const create = (overrides: Partial<OfflinePackContentInput> = {}): OfflinePackCommand => ({
  type: 'CreateOfflinePack',
  packId: PACK_ID,
  content: content(overrides),
});
const publishTest: OfflinePackCommand = { type: 'PublishOfflinePackTest', at: AT };
const cancelTest: OfflinePackCommand = { type: 'CancelOfflinePackTest', at: AT };
/** Tested packs go online without a reason; the idle pack of the table (never tested) needs one. */
const publishOnline: OfflinePackCommand = { type: 'PublishOfflinePackOnline', at: AT };
const publishUntested: OfflinePackCommand = {
  type: 'PublishOfflinePackOnline',
  at: AT,
  by: 'ops',
  overrideReason: 'Hotfix for the spring menu',
};
const cancelOnline: OfflinePackCommand = { type: 'CancelOfflinePackOnline', at: AT };
const remove: OfflinePackCommand = { type: 'DeleteOfflinePack', at: AT };

const historyIn: Record<OfflinePackStage, OfflinePackEvent[]> = {
  absent: [],
  idle: history(create()),
  testing: history(create(), publishTest),
  online: history(create(), publishUntested),
  testing_online: history(create(), publishTest, publishOnline),
  deleted: history(create(), remove),
};

/** One command per action, each of which changes something where it is allowed to. */
const commandFor: Record<OfflinePackAction, OfflinePackCommand> = {
  create: create(),
  revise: { type: 'ReviseOfflinePack', content: content({ recipeIds: [RECIPE(3)] }) },
  publish_test: publishTest,
  cancel_test: cancelTest,
  publish_online: publishUntested,
  cancel_online: cancelOnline,
  delete: remove,
};

// ---- the README's transition table, read and enforced cell by cell

describeTransitionTable({
  dir: import.meta.dirname,
  table: packTable,
  place: 'stage',
  actions: OFFLINE_PACK_ACTIONS,
  places: ['absent', 'idle', 'testing', 'online', 'testing_online', 'deleted'],
  commandActions: OFFLINE_PACK_COMMAND_ACTIONS,
  commandFor,
  given: (stage: OfflinePackStage) => historyIn[stage],
  refusedCode: (action) => ({
    404: 'offline_pack_not_found',
    409: action === 'create' ? 'offline_pack_already_exists' : 'offline_pack_illegal_transition',
  }),
  placeOf: offlinePackStage,
});

describe('refusals name the pack, where it is and the action', () => {
  it('tells the user to take an online pack offline before editing it', () => {
    const error = refusal(historyIn.online, commandFor.revise);
    expect(error.params).toEqual({
      name: 'P-01',
      state: 'online',
      action: 'revise',
      hint: 'cancel_online_first',
    });
  });

  it('says what to cancel before a delete, by where the pack is', () => {
    expect(refusal(historyIn.testing, remove).params).toMatchObject({ hint: 'cancel_test_first' });
    expect(refusal(historyIn.testing_online, remove).params).toMatchObject({
      state: 'testing_online',
      hint: 'cancel_both_first',
    });
    // Editing stays refused after the test is cancelled: only going offline unlocks it.
    expect(refusal(historyIn.testing_online, commandFor.revise).params).toMatchObject({
      hint: 'cancel_online_first',
    });
  });
});

describe('a pack needs the §5 fields on create and on every save', () => {
  it('names everything an empty pack is missing', () => {
    const error = refusal([], {
      type: 'CreateOfflinePack',
      packId: PACK_ID,
      content: offlinePackContentSchema.parse({ number: 'P-09' }),
    });
    expect({ status: error.status, code: error.code }).toEqual({
      status: 400,
      code: 'offline_pack_incomplete',
    });
    expect(error.params.missing).toBe('productCode,subBrandCode,type,recipeIds');
    expect(error.params).toEqual({ name: 'P-09', missing: 'productCode,subBrandCode,type,recipeIds' });
  });

  it.each([
    ['productCode', { productCode: '' }],
    ['subBrandCode', { subBrandCode: '' }],
    ['type', { type: null }],
    ['recipeIds', { recipeIds: [] }],
  ] as [string, Partial<OfflinePackContentInput>][])('refuses a save without %s', (field, overrides) => {
    const error = refusal(historyIn.idle, { type: 'ReviseOfflinePack', content: content(overrides) });
    expect(error.params.missing).toBe(field);
  });
});

describe('saving the content', () => {
  it('records only what changed, the selection as a whole, and keeps the test status', () => {
    const events = history(create(), publishTest, {
      type: 'ReviseOfflinePack',
      content: content({ recipeIds: [RECIPE(2), RECIPE(1)], type: 'incremental' }),
    });
    expect(events.at(-1)).toEqual({
      type: 'OfflinePackRevised',
      data: { changes: { type: 'incremental', recipeIds: [RECIPE(2), RECIPE(1)] } },
    });
    expect(stateAfter(events)).toMatchObject({ testStatus: 'testing', content: { type: 'incremental' } });
  });

  it('records nothing for a save that changes nothing', () => {
    expect(when(historyIn.idle, { type: 'ReviseOfflinePack', content: content() })).toEqual([]);
  });

  it('drops repeated recipes from the selection', () => {
    expect(content({ recipeIds: [RECIPE(1), RECIPE(1).toUpperCase(), RECIPE(2)] }).recipeIds).toEqual([
      RECIPE(1),
      RECIPE(2),
    ]);
  });
});

describe('test and release', () => {
  it('goes to test, online with the release date, off both, then can be edited and deleted', () => {
    const events = history(
      create(),
      publishTest,
      publishOnline,
      cancelTest,
      cancelOnline,
      commandFor.revise,
      remove,
    );
    const stagesSeen = statesAfterEachEvent(offlinePackDecider, events).map(offlinePackStage);
    expect(stagesSeen).toEqual(['idle', 'testing', 'testing_online', 'online', 'idle', 'idle', 'deleted']);
    expect(stateAfter(events.slice(0, 3)).releasedAt).toBe(AT);
  });
});

describe('an online release without a test round', () => {
  const created = history(create());

  it('is refused without a reason, naming the pack', () => {
    for (const reason of [undefined, '', '   ']) {
      const error = refusal(created, { ...publishOnline, overrideReason: reason });
      expect({ status: error.status, code: error.code, params: error.params }).toEqual({
        status: 409,
        code: 'offline_pack_untested_release',
        params: { name: 'P-01' },
      });
    }
  });

  it('records who allowed it and why before the release', () => {
    expect(when(created, { ...publishUntested, overrideReason: ' Hotfix ' })).toEqual([
      { type: 'OfflinePackUntestedReleaseApproved', data: { by: 'ops', reason: 'Hotfix', at: AT } },
      { type: 'OfflinePackPublishedOnline', data: { at: AT } },
    ]);
  });

  it('needs no reason once the pack has been on the test devices, even after the test was cancelled', () => {
    const tested = history(create(), publishTest, cancelTest);
    expect(when(tested, publishOnline)).toEqual([{ type: 'OfflinePackPublishedOnline', data: { at: AT } }]);
    expect(stateAfter(tested)).toMatchObject({ testStatus: 'not_tested', testedAt: AT });
  });
});
