/**
 * The shape every aggregate's decider takes (ARCHITECTURE.md): pure functions, no I/O, time comes in with
 * the command. Command handlers load a stream, fold it with `evolve`, call `decide`, and append the result
 * with the stream's version as the expected version.
 */
export interface Decider<Command, Event, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Returns the events the command causes, or throws a DomainError naming why it is refused. */
  decide(command: Command, state: State): Event[];
}

/** A refused command. `code` is a message key (translated by the API); `status` 400/404/409. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

/** Deep equality of content values as JSON holds them (arrays in order, objects by their keys). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

/**
 * The top-level fields of `next` whose value differs from `current`: what a revise event records, so that saving
 * the form unchanged records nothing.
 */
export function changedFields<T extends object>(current: T, next: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[])
    if (!sameValue(current[key], next[key])) changes[key] = next[key];
  return changes;
}

/** The state after a sequence of events. */
export function replay<C, E, S>(decider: Decider<C, E, S>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState);
}

/** Every state an aggregate went through, one per event: the auditor's "state as of any event". */
export function statesAfterEachEvent<C, E, S>(decider: Decider<C, E, S>, events: readonly E[]): S[] {
  const states: S[] = [];
  let state = decider.initialState;
  for (const event of events) {
    state = decider.evolve(state, event);
    states.push(state);
  }
  return states;
}

/**
 * The decide of an aggregate whose transition table names, per action, where the aggregate must be for it: on no
 * stream `create` answers (creating, or refusing as not found); on an existing aggregate an action the table does not
 * allow where it is (`placeOf`: its state or stage) is refused by `illegal`, and the rest is `onExisting`'s. Actions
 * without a row in `allowedIn` (creation) go to `onExisting` as they are.
 */
export function decideByTable<
  C extends { type: string },
  E,
  S extends { status: string },
  A extends string,
  P extends string,
>(table: {
  actionOf: Record<C['type'], A>;
  allowedIn: Partial<Record<A, readonly P[]>>;
  placeOf: (state: Exclude<S, { status: 'absent' }>) => P;
  create: (command: C) => E[];
  illegal: (state: Exclude<S, { status: 'absent' }>, action: A) => DomainError;
  onExisting: (command: C, state: Exclude<S, { status: 'absent' }>) => E[];
}): (command: C, state: S) => E[] {
  return (command, state) => {
    if (state.status === 'absent') return table.create(command);
    const existing = state as Exclude<S, { status: 'absent' }>;
    const action = table.actionOf[command.type as C['type']];
    const allowed = table.allowedIn[action];
    if (allowed && !allowed.includes(table.placeOf(existing))) throw table.illegal(existing, action);
    return table.onExisting(command, existing);
  };
}
