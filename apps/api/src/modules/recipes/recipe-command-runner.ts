import { Injectable } from '@nestjs/common';
import type { RecipeBatchAnswer, RecipeCommandAnswer, RecipeContentDraft } from '@kb/contracts';
import {
  DomainError,
  decideRecipe,
  evolveRecipe,
  type RecipeCommand,
  type RecipeEvent,
  type RecipeState,
} from '@kb/domain';
import type { GlobalPosition } from '@kb/event-store';
import { AppError } from '../../common/app-error.js';
import {
  batchReport,
  CommandRunner,
  singleOutcome,
  type BatchOutcome,
  type CommandsFor as CommandsForOf,
  type RunOptions as RunOptionsOf,
} from '../../common/event-sourcing/command-path.js';
import { translate } from '../../common/messages.js';
import { RecipeNumbers } from './recipe-numbers.js';
import { RecipeStreams, type RecipeActor } from './recipe-streams.js';

/** What a command did to one recipe, and where in the log (for read-your-writes). */
export interface RecipeChange extends RecipeCommandAnswer {
  position: GlobalPosition | null;
}

type RecipeAnswer = Omit<RecipeCommandAnswer, 'revision' | 'changed'>;

/** Per recipe of a batch: its change or its refusal; `label` is its number. */
export type RecipeBatchOutcome = BatchOutcome<RecipeAnswer>;

/** Builds the decider commands from the recipe's current state (re-run on a retry after a concurrent change). */
export type CommandsFor = CommandsForOf<RecipeCommand, RecipeState>;

/**
 * `expectedRevision`: the revision the editor loaded; `validate`: checks against the brand's data (references),
 * run once the decider accepted the action (a missing recipe or an illegal transition is reported before what the
 * content names).
 */
export type RunOptions = RunOptionsOf<RecipeEvent, RecipeState>;

function numberOf(state: RecipeState): string | null {
  return state.status === 'absent' || state.status === 'cleared' ? null : state.content.number;
}

/** Step refusals whose params name no field: the field they are about. */
const FIELD_OF_STEP_ERROR: Record<string, string> = {
  recipe_step_below_countdown_temperature: 'temperature',
  recipe_step_time_not_whole_cycles: 'time',
};

/**
 * Maps a step refusal of the decider (params `servings`, `step`) to the field the editor shows it under, e.g.
 * `servingVersions.1.steps.0.temperature`.
 */
function withFieldError(error: DomainError, content: RecipeContentDraft | null, actor: RecipeActor): Error {
  if (!content || typeof error.params.servings !== 'number' || typeof error.params.step !== 'number')
    return error;
  const v = content.servingVersions.findIndex((version) => version.servings === error.params.servings);
  const s =
    v < 0 ? -1 : content.servingVersions[v]!.steps.findIndex((step) => step.number === error.params.step);
  if (s < 0) return error;
  const field =
    typeof error.params.field === 'string'
      ? error.params.field
      : (FIELD_OF_STEP_ERROR[error.code] ?? 'workMode');
  const key = `servingVersions.${v}.steps.${s}.${field === 'time' ? 'minutes' : field}`;
  const message = translate(error.code, actor.lang, error.params) ?? error.code;
  return new AppError(error.status, error.code, error.params, { fieldErrors: { [key]: message } });
}

/**
 * Every recipe command goes through `runCommand` (common/event-sourcing/command-path.ts) on this path: a step
 * refusal is shown under its field, and the append happens inside the number claim when the number changes.
 */
@Injectable()
export class RecipeCommandRunner extends CommandRunner<
  RecipeCommand,
  RecipeEvent,
  RecipeState,
  RecipeAnswer
> {
  constructor(streams: RecipeStreams, numbers: RecipeNumbers) {
    super({
      load: (brand, id) => streams.load(brand, id),
      decide: (command, state, actor) => {
        try {
          return decideRecipe(command, state);
        } catch (error) {
          if (error instanceof DomainError)
            throw withFieldError(error, 'content' in command ? command.content : null, actor);
          throw error;
        }
      },
      evolve: evolveRecipe,
      notFound: 'recipe_not_found',
      // 409 naming the recipe: the editor offers to reload it.
      changed: (id, loaded, decided) =>
        new AppError(409, 'recipe_changed', {
          number: numberOf(loaded) ?? (decided ? numberOf(decided) : null) ?? id,
        }),
      answer: (id, state) => ({
        id,
        number: state.content.number,
        status: state.status,
        version: state.version,
      }),
      label: (answer, error) =>
        answer?.number ?? (typeof error?.params.number === 'string' ? error.params.number : null),
      validates: 'first-attempt',
      append: (actor, id, events, loaded, decided) =>
        numbers.withNumber(
          actor.brand,
          id,
          { from: numberOf(loaded.state), to: numberOf(decided) },
          actor.lang,
          () => streams.append(actor, id, events, loaded.revision),
        ),
    });
  }
}

/** The batch report the screens show: per recipe, done or why not, in the caller's language. */
export function batchAnswer(outcome: RecipeBatchOutcome, actor: RecipeActor): RecipeBatchAnswer {
  return batchReport(outcome, actor, 'number');
}

/** A single-recipe endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleChange(outcome: RecipeBatchOutcome): RecipeChange {
  return singleOutcome(outcome, 'recipe_not_found');
}
