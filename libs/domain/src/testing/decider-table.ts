// Test kit for the deciders' transition-table specs (not part of the library: the build leaves src/testing out).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError, replay, type Decider } from '../decider.js';

/**
 * Given/when/then over one aggregate's decider:
 * - `when(history, command)`: the events the command causes given that history;
 * - `refusal(history, command)`: the DomainError it is refused with (fails the test when it is accepted, or
 *   when the refusal carries words rather than keys: see `wordedParams`);
 * - `history(...commands)`: the events of running the commands in turn from an empty stream;
 * - `stateAfter(events)`: the state they lead to (fails when the aggregate does not exist).
 * How a refusal reads in zh and en is the API's (its domain message catalogs and their spec).
 */
export function deciderTable<C extends { type: string }, E, S extends { status: string }>(
  decider: Decider<C, E, S>,
) {
  const when = (history: readonly E[], command: C): E[] => decider.decide(command, replay(decider, history));
  return {
    when,
    refusal(history: readonly E[], command: C): DomainError {
      try {
        when(history, command);
      } catch (error) {
        if (error instanceof DomainError) {
          const worded = wordedParams(error);
          if (worded.length > 0)
            throw new Error(`${error.code} carries words, not keys: ${worded.join(', ')}`);
          return error;
        }
        throw error;
      }
      throw new Error(`${command.type} was accepted`);
    },
    history(...commands: C[]): E[] {
      const events: E[] = [];
      for (const command of commands) events.push(...when(events, command));
      return events;
    },
    stateAfter(events: readonly E[]): Exclude<S, { status: 'absent' }> {
      const state = replay(decider, events);
      if (state.status === 'absent') throw new Error('the aggregate does not exist after these events');
      return state as Exclude<S, { status: 'absent' }>;
    },
  };
}

/** Han, kana, hangul and full-width forms: no text of the domain library may hold them. */
export const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/;

/**
 * The params of a refusal that are ready-made words (`stateZh`, `actionEn`, any value in Chinese): a refusal names
 * enumerated things by key and numbers, and the API words them per language.
 */
export function wordedParams(error: DomainError): string[] {
  return Object.entries(error.params)
    .filter(([key, value]) => /(Zh|En)$/.test(key) || CJK.test(String(value)))
    .map(([key]) => key);
}

/** The markdown table of an aggregate's README whose header starts with `| first |`: header cells and body rows. */
export function readmeTable(dir: string, first: string): { header: string[]; rows: string[][] } {
  const lines = readFileSync(path.join(dir, 'README.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(line));
  if (start < 0) throw new Error(`README has no table "${first}"`);
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
  const body: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    body.push(cells(line));
  }
  return { header: cells(lines[start]!), rows: body };
}

/** A column of a README table names a state; `no stream` is the aggregate before its first event. */
export const stateColumn = <S extends string>(name: string) => (name === 'no stream' ? 'absent' : name) as S;

/** What a cell says: the states an allowed action may lead to, `=` for no change, `404` or `✗` (409) for a refusal. */
export type Expectation =
  { kind: 'legal'; to: string[] } | { kind: 'unchanged' } | { kind: 'refused'; status: 404 | 409 };

export const expectation = (cell: string): Expectation =>
  cell === '404'
    ? { kind: 'refused', status: 404 }
    : cell === '✗'
      ? { kind: 'refused', status: 409 }
      : cell === '='
        ? { kind: 'unchanged' }
        : { kind: 'legal', to: [...cell.matchAll(/`(\w+)`/g)].map((m) => m[1]!) };

/**
 * Checks one cell of a transition table against the decider: an allowed command causes events and leads to one of
 * the named states (as `placeOf` reads the state), an unchanged one causes none, a refused one is refused with the
 * status and the code given for it.
 */
export function expectCell<C extends { type: string }, E, S extends { status: string }>(
  table: ReturnType<typeof deciderTable<C, E, S>>,
  events: E[],
  command: C,
  expected: Expectation,
  refusedCode: { 404: string; 409: string },
  placeOf: (state: Exclude<S, { status: 'absent' }>) => string = (state) => state.status,
) {
  if (expected.kind === 'refused') {
    const error = table.refusal(events, command);
    expect({ status: error.status, code: error.code }).toEqual({
      status: expected.status,
      code: refusedCode[expected.status],
    });
  } else if (expected.kind === 'unchanged') {
    expect(table.when(events, command)).toEqual([]);
  } else {
    const caused = table.when(events, command);
    expect(caused.length).toBeGreaterThan(0);
    expect(expected.to).toContain(placeOf(table.stateAfter([...events, ...caused])));
  }
}

/**
 * The transition table of an aggregate's README (`| action | command | <states…> |`), enforced cell by cell: it has a
 * row for every action, naming the command that carries it, and a column for every state (a `place`: state or stage);
 * each cell holds for the command `commandFor` the action, run on the history `given` that state.
 */
export function describeTransitionTable<
  C extends { type: string },
  E,
  S extends { status: string },
  A extends string,
  P extends string,
>(spec: {
  dir: string;
  table: ReturnType<typeof deciderTable<C, E, S>>;
  place: 'state' | 'stage';
  actions: readonly A[];
  places: readonly P[];
  commandActions: Record<string, A>;
  commandFor: Record<A, C>;
  given: (place: P, action: A) => E[];
  refusedCode: (action: A) => { 404: string; 409: string };
  placeOf?: (state: Exclude<S, { status: 'absent' }>) => string;
  /** More cases of the same table (read from the same README). */
  more?: () => void;
}) {
  const transitions = readmeTable(spec.dir, 'action');
  const places = transitions.header.slice(2).map((name) => stateColumn<P>(name));
  describe('the transition table of README.md', () => {
    it(`has a row for every action and a column for every ${spec.place}`, () => {
      expect(transitions.rows.map((row) => row[0])).toEqual([...spec.actions]);
      expect(places).toEqual([...spec.places]);
      for (const [action, command] of transitions.rows) {
        const type = command!.replaceAll('`', '');
        expect(spec.commandActions[type]).toBe(action);
        expect(spec.commandFor[action as A].type).toBe(type);
      }
    });

    for (const [action, , ...cells] of transitions.rows) {
      cells.forEach((cell, i) => {
        const place = places[i]!;
        it(`${action} when ${place}: ${cell}`, () => {
          expectCell(
            spec.table,
            spec.given(place, action as A),
            spec.commandFor[action as A],
            expectation(cell),
            spec.refusedCode(action as A),
            spec.placeOf,
          );
        });
      });
    }

    spec.more?.();
  });
}
