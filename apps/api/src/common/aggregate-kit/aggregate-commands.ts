import type { Type } from '@nestjs/common';
import type { z } from 'zod';
import type { Permission } from '@kb/contracts';
import type {
  Actor,
  Aggregate,
  BatchOutcome,
  Changed,
  AggregatePath,
  CommandsFor,
  RunOptions,
} from '@kb/aggregates';
import type { BodyOf, BodySchema } from '../validation.js';

/** A module's service, as a declaration's hook asks for it (references, number claims, job launcher). */
export type Use = <T>(token: Type<T> | string | symbol) => T;

/** What a declared command's `run` works with: the caller, the aggregate's command path and the module's services. */
export interface CommandContext<C, E, S extends { status: string }, A> {
  actor: Actor;
  /** The aggregate's command path (for what runs a command itself: a create shared with a worker). */
  path: AggregatePath<C, E, S, A>;
  /** Route → decider → append on one record: the decider commands built from its state. */
  run(id: string, commandsFor: CommandsFor<C, S>, options?: RunOptions<E, S>): Promise<A & Changed>;
  /** The same decider commands on each record, each on its own: the per-record outcomes. */
  runMany(ids: string[], commandsFor: CommandsFor<C, S>): Promise<BatchOutcome<A>>;
  /** One record through the batch path (ids lower-cased, one outcome): its change, or its refusal thrown. */
  runOneOfMany(id: string, commandsFor: CommandsFor<C, S>): Promise<A & Changed>;
  use: Use;
  /** Waits (bounded) until the read models show what the caller has seen (its `x-read-position`): for a command
   * that reads them, e.g. the names a copy must not take. */
  seen(): Promise<void>;
}

/**
 * How a command answers: `one` the record's change, `batch` the per-record report (its desc sums it up), both with
 * the read position in a header; `data` whatever `run` gives (a job started), without one.
 */
export type AnswerKind = 'one' | 'batch' | 'data';

type Answered<K extends AnswerKind, A> = K extends 'one'
  ? A & Changed
  : K extends 'batch'
    ? BatchOutcome<A>
    : unknown;

/** One command of an aggregate: its route, permission, input, answer, and the decider commands it runs. */
export interface CommandDeclaration<
  C,
  E,
  S extends { status: string },
  A,
  T extends BodySchema = BodySchema,
> {
  /** The route under the aggregate's (`batchRelease` → POST /api/recipe/batchRelease). */
  route: string;
  /** Its permission of the one matrix (libs/contracts permissions.ts). */
  permission: Permission;
  /** The OpenAPI operation's summary. */
  summary: string;
  input: T;
  answer: AnswerKind;
  /** The answer's desc (`one`, `data`: default `ok`; `batch`: the aggregate's done message when all succeeded). */
  message?: string;
  /** The answer's schema in the OpenAPI document, where `one`/`batch` do not say it. */
  output?: z.ZodType;
  /** Refusals beyond those its shape says (OpenAPI): e.g. 503 when the job queue it starts on is down. */
  refusals?: number[];
  run(input: BodyOf<T>, ctx: CommandContext<C, E, S, A>): Promise<unknown>;
}

/** An aggregate's commands over HTTP: declared once, served by `aggregateController`. */
export interface AggregateCommands<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
> {
  aggregate: Aggregate<C, E, S, A>;
  /** The routes' prefix (§7: `recipe`, `subApk`, `offlineRecipes`) and the OpenAPI tag. */
  route: string;
  tag: string;
  /** A batch's desc: all done, or some refused ({succeeded}, {failed}). */
  batchMessages: { done: string; partial: string };
  /** The schema of `one` answers (the record's change) in the OpenAPI document. */
  answerSchema: z.ZodType;
  commands: CommandDeclaration<C, E, S, A>[];
}

/**
 * The declaration helpers of one aggregate, typed by it: `command` for any command, `each` for the common batch
 * (the same decider commands on every id of the body, after an optional check of what the body names).
 */
export function commandsOf<C, E extends { type: string; data: unknown }, S extends { status: string }, A>(
  _aggregate: Aggregate<C, E, S, A>,
) {
  type Ctx = CommandContext<C, E, S, A>;
  return {
    command<T extends BodySchema, K extends AnswerKind>(
      declaration: Omit<CommandDeclaration<C, E, S, A, T>, 'answer' | 'run'> & {
        answer: K;
        run(input: BodyOf<T>, ctx: Ctx): Promise<Answered<K, A>>;
      },
    ): CommandDeclaration<C, E, S, A> {
      return declaration as unknown as CommandDeclaration<C, E, S, A>;
    },
    each<T extends z.ZodType<{ ids: string[] }>>(
      declaration: Omit<CommandDeclaration<C, E, S, A, T>, 'answer' | 'run'> & {
        /** Checks of what the body names, before any record is touched (e.g. a category of the brand). */
        prepare?(input: z.output<T>, ctx: Ctx): Promise<void>;
        commands(input: z.output<T>, actor: Actor): C[];
      },
    ): CommandDeclaration<C, E, S, A> {
      const { prepare, commands, ...rest } = declaration;
      return {
        ...rest,
        answer: 'batch',
        async run(input: z.output<T>, ctx: Ctx) {
          await prepare?.(input, ctx);
          return ctx.runMany(input.ids, () => commands(input, ctx.actor));
        },
      } as unknown as CommandDeclaration<C, E, S, A>;
    },
  };
}
