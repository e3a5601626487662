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
