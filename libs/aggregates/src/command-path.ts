import { DomainError } from '@kb/domain';
import {
  comparePositions,
  WrongExpectedVersionError,
  type AppendResult,
  type GlobalPosition,
} from '@kb/event-store';
import { AppError, databaseUnavailable } from '@kb/platform';
import type { Actor, LoadedAggregate } from './streams.js';

/** What a command did to one record, and where in the log (for read-your-writes). */
export interface Changed {
  /** The stream revision after the command (the editor saves against it). */
  revision: number;
  changed: boolean;
  position: GlobalPosition | null;
}

/** A refusal the caller can act on: the decider's, or a check's against the brand's data. */
export type Refusal = DomainError | AppError;

/** One record's outcome in a batch: its change, or the refusal (kept as the error, for single endpoints). */
export interface Outcome<A> {
  id: string;
  /** How the screens name the record (its number, its version), when it could be read. */
  label: string | null;
  change?: A & Changed;
  error?: Refusal;
}

export interface BatchOutcome<A> {
  outcomes: Outcome<A>[];
  /** The newest position appended by the batch, if any. */
  position: GlobalPosition | null;
}

/** Builds the decider commands from the record's current state (run again on a retry after a concurrent change). */
export type CommandsFor<C, S> = (state: S) => C[];

/** A record that exists: any state but the decider's `absent`. */
export type Existing<S> = Exclude<S, { status: 'absent' }>;

export interface RunOptions<E, S> {
  /** The revision the form loaded: another change since then is a 409, not a silent overwrite. */
  expectedRevision?: number;
  /** Checks against the brand's data, run once the decider accepted the action (see CommandPath.validates). */
  validate?: (state: Existing<S>, events: E[]) => Promise<void>;
}

/** How one aggregate's commands run through `runCommand`: its streams, its decider, its answer and its refusals. */
export interface CommandPath<C, E, S extends { status: string }, A> {
  load(brand: string, id: string): Promise<LoadedAggregate<E, S>>;
  /** The decider's decision; a path may turn a refusal into one a form shows under each field. */
  decide(command: C, state: S, actor: Actor): E[];
  evolve(state: S, event: E): S;
  /** The refusal code of a record that does not exist (for the caller's brand). */
  notFound: string;
  /** The 409 of a record changed by someone else: `loaded` is the state read, `decided` (after a lost race) ours. */
  changed(id: string, loaded: S, decided?: S): AppError;
  /** The answer's fields for the record as the events leave it. */
  answer(id: string, state: Existing<S>): A;
  /** How the screens name the record in a batch report, from its answer or from its refusal's params. */
  label(answer: A | undefined, error: Refusal | undefined): string | null;
  /**
   * When `validate` runs: once, on the first attempt, whatever the events ('first-attempt'); or on every
   * attempt that changes something, on the state the events lead to ('each-change').
   */
  validates: 'first-attempt' | 'each-change';
  /** Appends the events at the loaded revision (a path may claim a number around it). */
  append(
    actor: Actor,
    id: string,
    events: E[],
    loaded: LoadedAggregate<E, S>,
    decided: S,
  ): Promise<AppendResult>;
}

const ATTEMPTS = 3;
const BATCH_CONCURRENCY = 8;

/**
 * The one path of every command on an event-sourced record: load the stream (upcast, replay), decide, validate,
 * append at the loaded revision, and decide again on a concurrent append — unless the form named the revision it
 * saw, which makes a concurrent change a 409.
 */
export async function runCommand<C, E, S extends { status: string }, A>(
  path: CommandPath<C, E, S, A>,
  actor: Actor,
  id: string,
  commandsFor: CommandsFor<C, S>,
  options: RunOptions<E, S> = {},
): Promise<A & Changed> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await path.load(actor.brand, id);
    if (
      options.expectedRevision !== undefined &&
      loaded.state.status !== 'absent' &&
      loaded.revision !== options.expectedRevision
    )
      throw path.changed(id, loaded.state);
    let state = loaded.state;
    const events: E[] = [];
    for (const command of commandsFor(loaded.state)) {
      const decided = path.decide(command, state, actor);
      events.push(...decided);
      state = decided.reduce(path.evolve, state);
    }
    if (state.status === 'absent') throw new DomainError(404, path.notFound);
    const existing = state as Existing<S>;
    if (path.validates === 'first-attempt' ? attempt === 1 : events.length > 0)
      await options.validate?.(existing, events);
    const answer = path.answer(id, existing);
    if (events.length === 0)
      return { ...answer, revision: loaded.revision, changed: false, position: loaded.lastPosition };
    try {
      const appended = await path.append(actor, id, events, loaded, state);
      return {
        ...answer,
        revision: Number(appended.nextExpectedVersion),
        changed: true,
        position: appended.position,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // Someone appended between our read and our write. A form's save must not win blindly; an action is
      // decided again on the new state.
      if (options.expectedRevision !== undefined || attempt >= ATTEMPTS)
        throw path.changed(id, loaded.state, state);
    }
  }
}

export const isRefusal = (error: unknown): error is Refusal =>
  error instanceof DomainError || error instanceof AppError;

/** The newest of the positions appended, if any. */
export function newestPosition(outcomes: readonly { change?: Changed }[]): GlobalPosition | null {
  let position: GlobalPosition | null = null;
  for (const o of outcomes) {
    const p = o.change?.position;
    if (p && (!position || comparePositions(p, position) > 0)) position = p;
  }
  return position;
}

/**
 * Runs the same action on each distinct record (ids lower-cased), at most 8 at a time; each succeeds or is refused
 * on its own (one stream, one append each), and so does a record the database could not serve (a lock or
 * statement timeout), so the report says which were saved; anything else fails the whole batch. Answers the outcomes in the ids' order and the newest position appended.
 */
export async function runCommands<C, E, S extends { status: string }, A>(
  path: CommandPath<C, E, S, A>,
  actor: Actor,
  ids: string[],
  commandsFor: CommandsFor<C, S>,
): Promise<BatchOutcome<A>> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const outcomes: Outcome<A>[] = new Array(unique.length);
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const i = next++;
      const id = unique[i]!;
      try {
        const change = await runCommand(path, actor, id, commandsFor);
        outcomes[i] = { id, label: path.label(change, undefined), change };
      } catch (error) {
        // A record the database could not serve in time is reported as such; the others keep their outcome.
        const refusal = isRefusal(error) ? error : databaseUnavailable(error);
        if (!refusal) throw error;
        outcomes[i] = { id, label: path.label(undefined, refusal), error: refusal };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, unique.length) }, worker));
  return { outcomes, position: newestPosition(outcomes) };
}

/** A single-record endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleOutcome<A>(outcome: BatchOutcome<A>, notFound: string): A & Changed {
  const [only] = outcome.outcomes;
  if (!only) throw new DomainError(404, notFound);
  if (only.error) throw only.error;
  return only.change!;
}
