import type { OfflinePackCommandAnswer } from '@kb/contracts';
import {
  decideOfflinePack,
  OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
  offlinePackDecider,
  offlinePackStreamId,
  upcastOfflinePackEvent,
  type OfflinePackCommand,
  type OfflinePackEvent,
  type OfflinePackState,
} from '@kb/domain';
import { AppError } from '@kb/platform';
import type { Aggregate } from './aggregate.js';

export type OfflinePackAnswer = Omit<OfflinePackCommandAnswer, 'revision' | 'changed'>;

const numberOf = (state: OfflinePackState) => (state.status === 'absent' ? null : state.content.number);

/**
 * Offline recipe packs (`offline-pack-<id>`): the brand's data is checked on every attempt that changes something,
 * and an active pack's number is claimed around the append (a deleted one frees it), so two saves with one number
 * cannot both land.
 */
export const offlinePackAggregate: Aggregate<
  OfflinePackCommand,
  OfflinePackEvent,
  OfflinePackState,
  OfflinePackAnswer
> = {
  name: 'offline-pack',
  storage: {
    decider: offlinePackDecider,
    streamId: offlinePackStreamId,
    schemaVersions: OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
    upcast: upcastOfflinePackEvent,
  },
  decide: decideOfflinePack,
  notFound: 'offline_pack_not_found',
  changed: (id, loaded, decided) =>
    new AppError(409, 'offline_pack_changed', { name: numberOf(decided ?? loaded) ?? id.slice(0, 8) }),
  answer: (id, state) => ({
    id,
    number: state.content.number,
    status: state.status,
    testStatus: state.testStatus,
    releaseStatus: state.releaseStatus,
  }),
  labelKey: 'number',
  labelParam: 'name',
  validates: 'each-change',
  heldNumber: (state) => (state.status === 'active' ? state.content.number : null),
};
