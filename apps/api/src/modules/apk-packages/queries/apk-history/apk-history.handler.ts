import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ApkFieldChange, ApkHistoryEntry } from '@kb/contracts';
import {
  DomainError,
  apkDecider,
  statesAfterEachEvent,
  type ApkEvent,
  type ApkState,
  type ExistingApk,
} from '@kb/domain';
import { APK_EVENT_TITLES, APK_FAULT_PAUSE_TITLE } from '../../apk-api.messages.js';
import { apkAggregate, type AggregateStreams } from '@kb/aggregates';
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

  async execute({ brand, lang, id }: ApkHistoryQuery) {
    const loaded = await this.streams.load(brand, id);
    if (loaded.state.status === 'absent') throw new DomainError(404, 'apk_not_found');
    const states = statesAfterEachEvent(apkDecider, loaded.events);
    const entries: ApkHistoryEntry[] = loaded.recorded.map((recorded, i) => {
      const before = i === 0 ? apkDecider.initialState : states[i - 1]!;
      const after = states[i]!;
      const event = loaded.events[i]!;
      if (after.status === 'absent') throw new DomainError(404, 'apk_not_found');
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
        revision: Number(recorded.streamPosition),
        eventId: recorded.eventId,
        type: event.type,
        title,
        actor: recorded.metadata.actor,
        occurredAt: recorded.metadata.occurredAt ?? recorded.recordedAt.toISOString(),
        data: event.data,
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
    const state = loaded.state;
    return { id, versionNumber: state.content.versionNumber, reviewStatus: state.status, entries };
  }
}
