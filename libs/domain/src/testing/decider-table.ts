// Test kit for the deciders' transition-table specs (not part of the library: the build leaves src/testing out).
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
