import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { OfflinePackFieldChange, OfflinePackHistory } from '@kb/contracts';
import type { OfflinePackEvent, OfflinePackState } from '@kb/domain';
import { OFFLINE_PACK_EVENT_TITLES } from '../../offline-pack-api.messages.js';
import { offlinePackAggregate, type AggregateStreams } from '@kb/aggregates';
import { aggregateHistory } from '../../../../common/aggregate-kit/aggregate-history.js';
import { streamsOf } from '../../../../common/aggregate-kit/aggregate-providers.js';
import { OfflinePackHistoryQuery } from './offline-pack-history.query.js';

const LIFECYCLE = ['status', 'testStatus', 'releaseStatus'] as const;

/** The fields that differ between two states: lifecycle facts first, then content (the selection as a whole). */
export function offlinePackStateChanges(
  before: OfflinePackState,
  after: OfflinePackState,
): OfflinePackFieldChange[] {
  if (after.status === 'absent') return [];
  if (before.status === 'absent') return [{ field: 'status', before: null, after: after.status }];
  const changes: OfflinePackFieldChange[] = [];
  for (const field of LIFECYCLE)
    if (before[field] !== after[field]) changes.push({ field, before: before[field], after: after[field] });
  for (const field of Object.keys(after.content) as (keyof typeof after.content)[])
    if (JSON.stringify(before.content[field]) !== JSON.stringify(after.content[field]))
      changes.push({ field, before: before.content[field] ?? null, after: after.content[field] ?? null });
  return changes;
}

@QueryHandler(OfflinePackHistoryQuery)
export class OfflinePackHistoryHandler implements IQueryHandler<OfflinePackHistoryQuery> {
  constructor(
    @Inject(streamsOf(offlinePackAggregate))
    private readonly streams: AggregateStreams<OfflinePackEvent, OfflinePackState>,
  ) {}

  async execute({ brand, lang, id }: OfflinePackHistoryQuery): Promise<OfflinePackHistory> {
    const loaded = await this.streams.load(brand, id);
    const { state, entries } = aggregateHistory(offlinePackAggregate, loaded, ({ event, before, after }) => ({
      title: (OFFLINE_PACK_EVENT_TITLES[event.type]?.[lang] ?? event.type).replace(
        /\{(\w+)\}/g,
        (_, k: string) => String((event.data as Record<string, unknown>)[k] ?? ''),
      ),
      changes: offlinePackStateChanges(before, after),
      state: {
        status: after.status,
        testStatus: after.testStatus,
        releaseStatus: after.releaseStatus,
        content: after.content,
      },
    }));
    return { id, number: state.content.number, status: state.status, entries };
  }
}
