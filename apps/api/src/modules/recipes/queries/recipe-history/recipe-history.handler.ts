import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { recipeAggregate, type AggregateStreams } from '@kb/aggregates';
import type { RecipeContent, RecipeFieldChange, RecipeHistory, UiLang } from '@kb/contracts';
import type { RecipeEvent, RecipeEventType, RecipeState } from '@kb/domain';
import { translate } from '../../../../common/messages.js';
import { RECIPE_EVENT_TITLES } from '../../recipe-api.messages.js';
import { aggregateHistory } from '../../../../common/aggregate-kit/aggregate-history.js';
import { streamsOf } from '../../../../common/aggregate-kit/aggregate-providers.js';
import { RecipeHistoryQuery } from './recipe-history.query.js';

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const LIFECYCLE = ['status', 'version', 'recycledFrom', 'deletedAt'] as const;

/** The fields that differ between two states: lifecycle facts first, then content fields. */
export function stateChanges(before: RecipeState, after: RecipeState): RecipeFieldChange[] {
  if (after.status === 'absent') return [];
  if (before.status === 'absent')
    return [
      { field: 'status', before: null, after: after.status },
      { field: 'number', before: null, after: after.content.number },
    ];
  const changes: RecipeFieldChange[] = [];
  for (const field of LIFECYCLE)
    if (!same(before[field], after[field]))
      changes.push({ field, before: before[field], after: after[field] });
  const keys = new Set([...Object.keys(before.content), ...Object.keys(after.content)]) as Set<
    keyof RecipeContent
  >;
  for (const field of keys)
    if (!same(before.content[field], after.content[field]))
      changes.push({ field, before: before.content[field] ?? null, after: after.content[field] ?? null });
  return changes;
}

/** What the timeline says of an event: where an import came from, what a translation did, else its type's title. */
function titleOf(event: RecipeEvent, lang: UiLang): string {
  if (event.type === 'RecipeCreated' && event.data.importedFrom)
    return translate('recipe_imported_from', lang, { file: event.data.importedFrom.fileName }) ?? event.type;
  if (event.type === 'RecipeTranslated')
    return (
      translate('recipe_translated_history', lang, {
        source: event.data.sourceLang,
        targets: event.data.targetLangs.join(', '),
        provider: event.data.provider,
      }) ?? event.type
    );
  return RECIPE_EVENT_TITLES[event.type as RecipeEventType]?.[lang] ?? event.type;
}

@QueryHandler(RecipeHistoryQuery)
export class RecipeHistoryHandler implements IQueryHandler<RecipeHistoryQuery> {
  constructor(
    @Inject(streamsOf(recipeAggregate)) private readonly streams: AggregateStreams<RecipeEvent, RecipeState>,
  ) {}

  async execute({ brand, lang, id }: RecipeHistoryQuery): Promise<RecipeHistory> {
    const loaded = await this.streams.load(brand, id);
    const { state, entries } = aggregateHistory(
      recipeAggregate,
      loaded,
      ({ recorded, event, before, after }) => ({
        title: titleOf(event, lang),
        correlationId: recorded.metadata.correlationId,
        schemaVersion: recorded.metadata.schemaVersion,
        changes: stateChanges(before, after),
        state: {
          status: after.status,
          version: after.version,
          recycledFrom: after.recycledFrom,
          deletedAt: after.deletedAt,
          content: after.content,
        },
      }),
    );
    return { id, number: state.content.number, status: state.status, entries };
  }
}
