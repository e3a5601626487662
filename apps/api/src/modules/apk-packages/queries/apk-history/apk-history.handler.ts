import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ApkFieldChange, ApkHistory } from '@kb/contracts';
import type { ApkEvent, ApkState, ExistingApk } from '@kb/domain';
import { APK_EVENT_TITLES, APK_FAULT_PAUSE_TITLE } from '../../apk-api.messages.js';
import { apkAggregate, type AggregateStreams } from '@kb/aggregates';
import { aggregateHistory } from '../../../../common/aggregate-kit/aggregate-history.js';
import { streamsOf } from '../../../../common/aggregate-kit/aggregate-providers.js';
import { whileReturned } from '../apk-rows.js';
import { ApkHistoryQuery } from './apk-history.query.js';

const LIFECYCLE = ['status', 'testStatus', 'releaseStatus', 'returnReason'] as const;

/** The fields that differ between two states: lifecycle facts first (status as `reviewStatus`), then content. */
export function apkStateChanges(before: ApkState, after: ApkState): ApkFieldChange[] {
  if (after.status === 'absent') return [];
  if (before.status === 'absent') return [{ field: 'reviewStatus', before: null, after: after.status }];
  const changes: ApkFieldChange[] = [];
  // The reason as a user saw it at each point: only while the package was returned.
  const shown = (state: ExistingApk, field: (typeof LIFECYCLE)[number]) =>
    field === 'returnReason' ? whileReturned(state.status, state.returnReason) : state[field];
  for (const field of LIFECYCLE)
    if (shown(before, field) !== shown(after, field))
      changes.push({
        field: field === 'status' ? 'reviewStatus' : field,
        before: shown(before, field),
        after: shown(after, field),
      });
  for (const field of Object.keys(after.content) as (keyof typeof after.content)[])
    if (before.content[field] !== after.content[field])
      changes.push({ field, before: before.content[field] ?? null, after: after.content[field] ?? null });
  return changes;
}

/** The values an event's title names: its data, a stage counted from 1, a fault finding's type and rates. */
function titleValues(event: ApkEvent): Record<string, unknown> {
  const data = event.data as Record<string, unknown>;
  if (event.type === 'ApkRolloutStageStarted') return { ...data, stageNumber: event.data.stage + 1 };
  if (event.type === 'ApkRolloutPaused' && event.data.finding) {
    const { faultType, newRate, oldRate } = event.data.finding;
    const shown = (rate: number | null) => (rate === null ? '—' : String(Math.round(rate * 100) / 100));
    return { ...data, faultType, newRate: shown(newRate), oldRate: shown(oldRate) };
  }
  return data;
}

@QueryHandler(ApkHistoryQuery)
export class ApkHistoryHandler implements IQueryHandler<ApkHistoryQuery> {
  constructor(
    @Inject(streamsOf(apkAggregate)) private readonly streams: AggregateStreams<ApkEvent, ApkState>,
  ) {}

  async execute({ brand, lang, id }: ApkHistoryQuery): Promise<ApkHistory> {
    const loaded = await this.streams.load(brand, id);
    const { state, entries } = aggregateHistory(apkAggregate, loaded, ({ event, before, after }) => {
      const data = titleValues(event);
      const template =
        event.type === 'ApkRolloutPaused' && event.data.kind === 'faults'
          ? APK_FAULT_PAUSE_TITLE[lang]
          : (APK_EVENT_TITLES[event.type]?.[lang] ?? event.type);
      // A title whose last value is empty (a pause without a note) ends without its colon.
      const title = template
        .replace(/\{(\w+)\}/g, (_, k: string) => String(data[k] ?? ''))
        .replace(/\s*[：:]\s*$/, '');
      return {
        title,
        changes: apkStateChanges(before, after),
        state: {
          reviewStatus: after.status,
          testStatus: after.testStatus,
          releaseStatus: after.releaseStatus,
          returnReason: whileReturned(after.status, after.returnReason),
          content: after.content,
        },
      };
    });
    return { id, versionNumber: state.content.versionNumber, reviewStatus: state.status, entries };
  }
}
