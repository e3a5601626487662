import { Injectable } from '@nestjs/common';
import type { RecipeContentDraft } from '@kb/contracts';
import {
  DomainError,
  decideRecipe,
  evolveRecipe,
  type RecipeCommand,
  type RecipeEvent,
  type RecipeState,
} from '@kb/domain';
import { WrongExpectedVersionError, type GlobalPosition } from '@kb/event-store';
import { AppError } from '../../common/app-error.js';
import { runEach } from '../../common/event-sourcing/run-each.js';
import { translate } from '../../common/messages.js';
import type { RecipeBatchAnswer, RecipeCommandAnswer } from './recipe.api.js';
import { RecipeNumbers } from './recipe-numbers.js';
import { RecipeStreams, type RecipeActor } from './recipe-streams.js';

/** What a command did to one recipe, and where in the log (for read-your-writes). */
export interface RecipeChange extends RecipeCommandAnswer {
  position: GlobalPosition | null;
}

/** One recipe's outcome in a batch: its change, or the refusal (kept as the error, for single endpoints). */
export interface RecipeOutcome {
  id: string;
  number: string | null;
  change?: RecipeChange;
  error?: DomainError | AppError;
}

export interface RecipeBatchOutcome {
  outcomes: RecipeOutcome[];
  /** The newest position appended by the batch, if any. */
  position: GlobalPosition | null;
}

/** Builds the decider commands from the recipe's current state (re-run on a retry after a concurrent change). */
export type CommandsFor = (state: RecipeState) => RecipeCommand[];

export interface RunOptions {
  /** The revision the editor loaded: another change since then is a 409, not a silent overwrite. */
  expectedRevision?: number;
  /**
   * Checks against the brand's data (references), run once the decider accepted the action: a missing recipe or
   * an illegal transition is reported before what the content names.
   */
  validate?: () => Promise<void>;
}

const ATTEMPTS = 3;
const BATCH_CONCURRENCY = 8;

function numberOf(state: RecipeState): string | null {
  return state.status === 'absent' || state.status === 'cleared' ? null : state.content.number;
}

/** 409 naming the recipe: the editor offers to reload it. */
function changed(number: string): AppError {
  return new AppError(409, 'recipe_changed', { number });
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
 * The one path of every recipe command: load the stream (upcast, replay), decide, append at the loaded revision —
 * inside the number claim when the number changes — and retry on a concurrent append unless the editor named the
 * revision it saw.
 */
@Injectable()
export class RecipeCommandRunner {
  constructor(
    private readonly streams: RecipeStreams,
    private readonly numbers: RecipeNumbers,
  ) {}

  async run(
    actor: RecipeActor,
    recipeId: string,
    commandsFor: CommandsFor,
    options: RunOptions = {},
  ): Promise<RecipeChange> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.streams.load(actor.brand, recipeId);
      if (
        options.expectedRevision !== undefined &&
        loaded.state.status !== 'absent' &&
        loaded.revision !== options.expectedRevision
      )
        throw changed(loaded.state.content.number);
      let state = loaded.state;
      const events: RecipeEvent[] = [];
      for (const command of commandsFor(loaded.state)) {
        let decided: RecipeEvent[];
        try {
          decided = decideRecipe(command, state);
        } catch (error) {
          if (error instanceof DomainError)
            throw withFieldError(error, 'content' in command ? command.content : null, actor);
          throw error;
        }
        events.push(...decided);
        state = decided.reduce(evolveRecipe, state);
      }
      if (state.status === 'absent') throw new DomainError(404, 'recipe_not_found');
      if (attempt === 1) await options.validate?.();
      const answer = {
        id: recipeId,
        number: state.content.number,
        status: state.status,
        version: state.version,
      };
      if (events.length === 0)
        return { ...answer, revision: loaded.revision, changed: false, position: loaded.lastPosition };
      try {
        const appended = await this.numbers.withNumber(
          actor.brand,
          recipeId,
          { from: numberOf(loaded.state), to: numberOf(state) },
          actor.lang,
          () => this.streams.append(actor, recipeId, events, loaded.revision),
        );
        return {
          ...answer,
          revision: Number(appended.nextExpectedVersion),
          changed: true,
          position: appended.position,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        // Someone appended between our read and our write. The editor's save must not win blindly; a lifecycle
        // action is decided again on the new state.
        if (options.expectedRevision !== undefined || attempt >= ATTEMPTS)
          throw changed(numberOf(loaded.state) ?? numberOf(state) ?? recipeId);
      }
    }
  }

  /** Runs the same action on each recipe; each succeeds or fails on its own (one stream, one append each). */
  async runMany(actor: RecipeActor, ids: string[], commandsFor: CommandsFor): Promise<RecipeBatchOutcome> {
    const { outcomes, position } = await runEach(
      ids,
      (id) => this.run(actor, id, commandsFor),
      BATCH_CONCURRENCY,
    );
    return {
      outcomes: outcomes.map((o) => ({
        ...o,
        number:
          o.change?.number ?? (typeof o.error?.params.number === 'string' ? o.error.params.number : null),
      })),
      position,
    };
  }
}

/** The batch report the screens show: per recipe, done or why not, in the caller's language. */
export function batchAnswer(outcome: RecipeBatchOutcome, actor: RecipeActor): RecipeBatchAnswer {
  const results = outcome.outcomes.map((o) =>
    o.error
      ? {
          id: o.id,
          number: o.number,
          ok: false,
          status: o.error.status,
          code: o.error.code,
          message: translate(o.error.code, actor.lang, o.error.params) ?? o.error.code,
        }
      : { id: o.id, number: o.number, ok: true },
  );
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** A single-recipe endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleChange(outcome: RecipeBatchOutcome): RecipeChange {
  const [only] = outcome.outcomes;
  if (!only) throw new DomainError(404, 'recipe_not_found');
  if (only.error) throw only.error;
  return only.change!;
}
