import { Query } from '@nestjs/cqrs';
import type { RecipeHistory, UiLang } from '@kb/contracts';

/**
 * The auditor's timeline of one recipe: every event of its stream with who, when, what changed and the state as
 * of that event. Read from the event store itself (the history is the stream), so it stays readable after clear.
 */
export class RecipeHistoryQuery extends Query<RecipeHistory> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly id: string,
  ) {
    super();
  }
}
