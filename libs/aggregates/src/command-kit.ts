import type { AggregateRoutes, AnswerKind, BodyOf, BodySchema, CommandRoute } from '@kb/contracts';
import type { Aggregate, AggregatePath } from './aggregate.js';
import {
  singleOutcome,
  type BatchOutcome,
  type Changed,
  type CommandsFor,
  type RunOptions,
} from './command-path.js';
import type { Actor } from './streams.js';

/**
 * What the process running a command brings: the caller, the aggregate's ports (reference checks, number
 * look-ups, job launchers: what a command needs beyond its stream), how it parses a body in its own words, and how
 * it waits for the read models to show what the caller has seen.
 */
export interface CommandEnvironment<P> {
  actor: Actor;
  ports: P;
  parse<T extends BodySchema>(schema: T, input: unknown): BodyOf<T>;
  /** Waits (bounded) until the read models show what the caller has seen; none: nothing to wait for. */
  seen?(): Promise<void>;
}

/** What a declared command's `run` works with: the caller, the aggregate's command path and the process's ports. */
export interface CommandContext<C, E, S extends { status: string }, A, P> {
  actor: Actor;
  /** The aggregate's command path (for what runs a command itself: a create shared with a worker). */
  path: AggregatePath<C, E, S, A>;
  /** Route → decider → append on one record: the decider commands built from its state. */
  run(id: string, commandsFor: CommandsFor<C, S>, options?: RunOptions<E, S>): Promise<A & Changed>;
  /** The same decider commands on each record, each on its own: the per-record outcomes. */
  runMany(ids: string[], commandsFor: CommandsFor<C, S>): Promise<BatchOutcome<A>>;
  /** One record through the batch path (ids lower-cased, one outcome): its change, or its refusal thrown. */
  runOneOfMany(id: string, commandsFor: CommandsFor<C, S>): Promise<A & Changed>;
  ports: P;
  /** Parses what the route's schema leaves open (e.g. a submit's content), in the process's words. */
  parse: CommandEnvironment<P>['parse'];
  /** Waits (bounded) until the read models show what the caller has seen: for a command that reads them, e.g.
   * the names a copy must not take. */
  seen(): Promise<void>;
}

type Answered<K extends AnswerKind, A> = K extends 'one'
  ? A & Changed
  : K extends 'batch'
    ? BatchOutcome<A>
    : unknown;

/** One command of an aggregate as the kit runs it: its route's declaration and how it runs. */
export interface CommandDeclaration<C, E, S extends { status: string }, A, P> extends CommandRoute {
  /** The route under the aggregate's (`batchRelease` → POST /api/recipe/batchRelease). */
  route: string;
  /** The answer's desc (`one`, `data`: default `ok`; `batch`: the aggregate's done message when all succeeded). */
  message?: string;
  run(input: unknown, ctx: CommandContext<C, E, S, A, P>): Promise<unknown>;
}

/** An aggregate's commands: served over HTTP by the API's controller, run as they are by any other process. */
export interface AggregateCommands<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
  P,
> {
  aggregate: Aggregate<C, E, S, A>;
  /** The routes' prefix (§7: `recipe`, `subApk`, `offlineRecipes`) and the API document's tag. */
  route: string;
  tag: string;
  /** A batch's desc: all done, or some refused ({succeeded}, {failed}). */
  batchMessages: { done: string; partial: string };
  /** The schema of `one` answers (the record's change) in the API document. */
  answerSchema: AggregateRoutes['change'];
  commands: CommandDeclaration<C, E, S, A, P>[];
}

/** How a route runs: what it gives the command path, and the answer's desc. */
type Runs<R extends CommandRoute, C, E, S extends { status: string }, A, P> = {
  message?: string;
  run(input: BodyOf<R['input']>, ctx: CommandContext<C, E, S, A, P>): Promise<Answered<R['answer'], A>>;
};
/**
 * The common batch: the same decider commands on every id of the body, after an optional check of what the body
 * names (e.g. a category of the brand) before any record is touched.
 */
type Each<R extends CommandRoute, C, E, S extends { status: string }, A, P> = {
  message?: string;
  prepare?(input: BodyOf<R['input']>, ctx: CommandContext<C, E, S, A, P>): Promise<void>;
  commands(input: BodyOf<R['input']>, actor: Actor): C[];
};
type Implementation<
  R extends CommandRoute,
  C,
  E,
  S extends { status: string },
  A,
  P,
> = R['answer'] extends 'batch'
  ? BodyOf<R['input']> extends { ids: string[] }
    ? Runs<R, C, E, S, A, P> | Each<R, C, E, S, A, P>
    : Runs<R, C, E, S, A, P>
  : Runs<R, C, E, S, A, P>;

/**
 * An aggregate's commands needing ports `P`: each route of its table in @kb/contracts (route, permission, input,
 * answer) with what it runs on the aggregate's command path — a route of the table without its implementation
 * fails the build.
 */
export const aggregateCommands =
  <P>() =>
  <C, E extends { type: string; data: unknown }, S extends { status: string }, A, T extends AggregateRoutes>(
    aggregate: Aggregate<C, E, S, A>,
    routes: T,
    declared: {
      batchMessages: { done: string; partial: string };
      commands: { [K in keyof T['commands']]: Implementation<T['commands'][K], C, E, S, A, P> };
    },
  ): AggregateCommands<C, E, S, A, P> => {
    if (routes.labelKey !== aggregate.labelKey)
      throw new Error(
        `${aggregate.name}: the routes name records by ${routes.labelKey}, the aggregate by ${aggregate.labelKey}`,
      );
    const implementations = declared.commands as Record<
      string,
      Runs<CommandRoute, C, E, S, A, P> | Each<CommandRoute, C, E, S, A, P>
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
            : async (input: { ids: string[] }, ctx: CommandContext<C, E, S, A, P>) => {
                await implementation.prepare?.(input as never, ctx);
                return ctx.runMany(input.ids, () => implementation.commands(input as never, ctx.actor));
              };
        return {
          ...wire,
          route,
          message: implementation.message,
          run: run as CommandDeclaration<C, E, S, A, P>['run'],
        };
      }),
    };
  };

/** A command's context: the environment's caller and ports, on the aggregate's command path. */
export function commandContext<C, E, S extends { status: string }, A, P>(
  path: AggregatePath<C, E, S, A>,
  notFound: string,
  env: CommandEnvironment<P>,
): CommandContext<C, E, S, A, P> {
  const { actor } = env;
  return {
    actor,
    path,
    ports: env.ports,
    parse: env.parse,
    seen: async () => env.seen?.(),
    run: (id, commandsFor, options) => path.run(actor, id, commandsFor, options),
    runMany: (ids, commandsFor) => path.runMany(actor, ids, commandsFor),
    runOneOfMany: async (id, commandsFor) =>
      singleOutcome(await path.runMany(actor, [id], commandsFor), notFound),
  };
}

/** What a declared command answered, as its route's answer kind says. */
export type Ran<A> =
  | { answer: 'data'; data: unknown; message: string }
  | { answer: 'one'; change: A & Changed; message: string }
  | { answer: 'batch'; outcome: BatchOutcome<A>; message: string };

/**
 * Runs one declared command in any process: the body parsed with its schema, the command run on the aggregate's
 * path, the answer as its kind says (with the desc's message code: a batch's done or partial).
 */
export async function runDeclared<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
  P,
>(
  declared: AggregateCommands<C, E, S, A, P>,
  command: CommandDeclaration<C, E, S, A, P>,
  body: unknown,
  path: AggregatePath<C, E, S, A>,
  env: CommandEnvironment<P>,
): Promise<Ran<A>> {
  const input = env.parse(command.input, body);
  const answered = await command.run(input, commandContext(path, declared.aggregate.notFound, env));
  if (command.answer === 'data') return { answer: 'data', data: answered, message: command.message ?? 'ok' };
  if (command.answer === 'one')
    return { answer: 'one', change: answered as A & Changed, message: command.message ?? 'ok' };
  const outcome = answered as BatchOutcome<A>;
  const allDone = outcome.outcomes.every((o) => !o.error);
  const { done, partial } = declared.batchMessages;
  return { answer: 'batch', outcome, message: allDone ? (command.message ?? done) : partial };
}

/** One declared command by its route (`add`, `batchRelease`, `translate/confirm`). */
export function declaredCommand<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
  P,
>(declared: AggregateCommands<C, E, S, A, P>, route: string): CommandDeclaration<C, E, S, A, P> {
  const command = declared.commands.find((c) => c.route === route);
  if (!command) throw new Error(`${declared.aggregate.name}: no command ${route}`);
  return command;
}
