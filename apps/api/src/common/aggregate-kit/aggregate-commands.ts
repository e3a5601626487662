import type { Type } from '@nestjs/common';
import type { z } from 'zod';
import type {
  AggregateRoutes,
  AnswerKind,
  BodyOf,
  BodySchema,
  CommandRoute,
  Permission,
} from '@kb/contracts';
import type {
  Actor,
  Aggregate,
  BatchOutcome,
  Changed,
  AggregatePath,
  CommandsFor,
  RunOptions,
} from '@kb/aggregates';

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

type Answered<K extends AnswerKind, A> = K extends 'one'
  ? A & Changed
  : K extends 'batch'
    ? BatchOutcome<A>
    : unknown;

/** One command of an aggregate as the kit's controller serves it: its route's declaration and how it runs. */
export interface CommandDeclaration<C, E, S extends { status: string }, A> {
  /** The route under the aggregate's (`batchRelease` → POST /api/recipe/batchRelease). */
  route: string;
  permission: Permission;
  summary: string;
  input: BodySchema;
  answer: AnswerKind;
  /** The answer's desc (`one`, `data`: default `ok`; `batch`: the aggregate's done message when all succeeded). */
  message?: string;
  /** What a `data` command answers, in the API document. */
  output?: z.ZodType;
  refusals?: readonly number[];
  run(input: unknown, ctx: CommandContext<C, E, S, A>): Promise<unknown>;
}

/** An aggregate's commands over HTTP, served by `aggregateController`. */
export interface AggregateCommands<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
> {
  aggregate: Aggregate<C, E, S, A>;
  /** The routes' prefix (§7: `recipe`, `subApk`, `offlineRecipes`) and the API document's tag. */
  route: string;
  tag: string;
  /** A batch's desc: all done, or some refused ({succeeded}, {failed}). */
  batchMessages: { done: string; partial: string };
  /** The schema of `one` answers (the record's change) in the API document. */
  answerSchema: z.ZodType;
  commands: CommandDeclaration<C, E, S, A>[];
}

/** How a route runs: what it gives the command path, and the answer's desc. */
type Runs<R extends CommandRoute, C, E, S extends { status: string }, A> = {
  message?: string;
  run(input: BodyOf<R['input']>, ctx: CommandContext<C, E, S, A>): Promise<Answered<R['answer'], A>>;
};
/**
 * The common batch: the same decider commands on every id of the body, after an optional check of what the body
 * names (e.g. a category of the brand) before any record is touched.
 */
type Each<R extends CommandRoute, C, E, S extends { status: string }, A> = {
  message?: string;
  prepare?(input: BodyOf<R['input']>, ctx: CommandContext<C, E, S, A>): Promise<void>;
  commands(input: BodyOf<R['input']>, actor: Actor): C[];
};
type Implementation<
  R extends CommandRoute,
  C,
  E,
  S extends { status: string },
  A,
> = R['answer'] extends 'batch'
  ? BodyOf<R['input']> extends { ids: string[] }
    ? Runs<R, C, E, S, A> | Each<R, C, E, S, A>
    : Runs<R, C, E, S, A>
  : Runs<R, C, E, S, A>;

/**
 * An aggregate's commands: each route of its table in @kb/contracts (route, permission, input, answer) with what
 * it runs on the aggregate's command path — a route of the table without its implementation fails the build.
 */
export function aggregateCommands<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
  T extends AggregateRoutes,
>(
  aggregate: Aggregate<C, E, S, A>,
  routes: T,
  declared: {
    batchMessages: { done: string; partial: string };
    commands: { [K in keyof T['commands']]: Implementation<T['commands'][K], C, E, S, A> };
  },
): AggregateCommands<C, E, S, A> {
  if (routes.labelKey !== aggregate.labelKey)
    throw new Error(
      `${aggregate.name}: the routes name records by ${routes.labelKey}, the aggregate by ${aggregate.labelKey}`,
    );
  const implementations = declared.commands as Record<
    string,
    Runs<CommandRoute, C, E, S, A> | Each<CommandRoute, C, E, S, A>
  >;
  return {
    aggregate,
    route: routes.route,
    tag: routes.tag,
    batchMessages: declared.batchMessages,
    answerSchema: routes.change,
    commands: Object.entries(routes.commands).map(([route, wire]) => {
      const implementation = implementations[route]!;
      const run =
        'run' in implementation
          ? implementation.run
          : async (input: { ids: string[] }, ctx: CommandContext<C, E, S, A>) => {
              await implementation.prepare?.(input as never, ctx);
              return ctx.runMany(input.ids, () => implementation.commands(input as never, ctx.actor));
            };
      return {
        ...wire,
        route,
        message: implementation.message,
        run: run as CommandDeclaration<C, E, S, A>['run'],
      };
    }),
  };
}
