import type { UiLang } from '@kb/contracts';
import { DomainError } from '@kb/domain';
import type { AppError } from '@kb/platform';
import type { AppendResult } from '@kb/event-store';
import {
  runCommand,
  runCommands,
  type BatchOutcome,
  type Changed,
  type CommandPath,
  type CommandsFor,
  type Existing,
  type Refusal,
  type RunOptions,
} from './command-path.js';
import type { Actor, AggregateStorage, AggregateStreams } from './streams.js';

/**
 * An event-sourced aggregate as the command path needs it: how it is stored (its decider among it), how a
 * refusal and an answer name the record. Declared once, beside nothing but the decider; every process that runs
 * a command (API, seed, worker) builds its path from this with `commandPath`.
 */
export interface Aggregate<C, E extends { type: string; data: unknown }, S extends { status: string }, A> {
  /** The aggregate's name (`recipe`, `apk`, `offline-pack`): its streams are `<name>-<id>`. */
  name: string;
  storage: AggregateStorage<E, S>;
  /** The decider's decision; the aggregate may explain a refusal further (e.g. per field). */
  decide(command: C, state: S): E[];
  /** The refusal code of a record that does not exist (for the caller's brand). */
  notFound: string;
  /** The 409 of a record changed by someone else: `loaded` is the state read, `decided` (after a lost race) ours. */
  changed(id: string, loaded: S, decided?: S): AppError;
  answer(id: string, state: Existing<S>): A;
  /** The field of the batch report that names a record (`number`, `versionNumber`): the answer's field of that name. */
  labelKey: keyof A & string;
  /** The param of the aggregate's refusals that names the record (`number`, `name`): the label of a refused one. */
  labelParam: string;
  validates: CommandPath<C, E, S, A>['validates'];
  /** The number a record holds in a state, unique per brand and claimed around the append (none: no claims). */
  heldNumber?(state: S): string | null;
}

/** How a batch report names a record: by its answer's label field, or by the refusal's param that names it. */
function labelOf<A>(
  aggregate: Pick<Aggregate<never, never, never, A>, 'labelKey' | 'labelParam'>,
  answer: A | undefined,
  error: Refusal | undefined,
): string | null {
  const named = answer?.[aggregate.labelKey] ?? error?.params[aggregate.labelParam];
  return typeof named === 'string' ? named : null;
}

/** Claims a record's number around its append (NumberClaims). */
export interface NumberClaimer {
  withNumber<T>(
    brand: string,
    id: string,
    change: { from: string | null; to: string | null },
    lang: UiLang,
    append: () => Promise<T>,
  ): Promise<T>;
}

export interface PathOptions<C, E = unknown> {
  /** Turns a decider refusal into one the form shows under its field (needs the caller's language). */
  explain?(error: DomainError, command: C, actor: Actor): Error;
  /** Where the aggregate has `heldNumber`: the claims its appends run inside. */
  numbers?: NumberClaimer;
  /** Told of each append that wrote events, once it is stored (e.g. to announce the change); never delays the command. */
  appended?(actor: Actor, id: string, events: readonly E[], result: AppendResult): void;
}

/** A command path that runs commands: route → decider → append, for one record or each of several. */
export interface AggregatePath<C, E, S extends { status: string }, A> extends CommandPath<C, E, S, A> {
  run(
    actor: Actor,
    id: string,
    commandsFor: CommandsFor<C, S>,
    options?: RunOptions<E, S>,
  ): Promise<A & Changed>;
  runMany(actor: Actor, ids: string[], commandsFor: CommandsFor<C, S>): Promise<BatchOutcome<A>>;
}

/** The command path of an aggregate on its streams: decide (explained), append (inside the number claim). */
export function commandPath<C, E extends { type: string; data: unknown }, S extends { status: string }, A>(
  aggregate: Aggregate<C, E, S, A>,
  streams: AggregateStreams<E, S>,
  options: PathOptions<C, E> = {},
): AggregatePath<C, E, S, A> {
  const { heldNumber } = aggregate;
  const { explain, numbers, appended } = options;
  const path: CommandPath<C, E, S, A> = {
    load: (brand, id) => streams.load(brand, id),
    decide: (command, state, actor) => {
      try {
        return aggregate.decide(command, state);
      } catch (error) {
        if (explain && error instanceof DomainError) throw explain(error, command, actor);
        throw error;
      }
    },
    evolve: aggregate.storage.decider.evolve,
    notFound: aggregate.notFound,
    changed: aggregate.changed,
    answer: aggregate.answer,
    label: (answer, error) => labelOf(aggregate, answer, error),
    validates: aggregate.validates,
    append: async (actor, id, events, loaded, decided): Promise<AppendResult> => {
      const append = () => streams.append(actor, id, events, loaded.revision);
      let result: AppendResult;
      if (!heldNumber) result = await append();
      else {
        if (!numbers) throw new Error(`${aggregate.name}: appends need the number claims`);
        const change = { from: heldNumber(loaded.state), to: heldNumber(decided) };
        result = await numbers.withNumber(actor.brand, id, change, actor.lang, append);
      }
      if (appended && events.length > 0) appended(actor, id, events, result);
      return result;
    },
  };
  return {
    ...path,
    run: (actor, id, commandsFor, runOptions) => runCommand(path, actor, id, commandsFor, runOptions),
    runMany: (actor, ids, commandsFor) => runCommands(path, actor, ids, commandsFor),
  };
}
