// Test kit for the deciders' transition-table specs (not part of the library: the build leaves src/testing out).
import { DomainError, replay, type Decider } from '../decider.js';

/**
 * Given/when/then over one aggregate's decider:
 * - `when(history, command)`: the events the command causes given that history;
 * - `refusal(history, command)`: the DomainError it is refused with (fails the test when it is accepted);
 * - `history(...commands)`: the events of running the commands in turn from an empty stream;
 * - `stateAfter(events)`: the state they lead to (fails when the aggregate does not exist);
 * - `shown(error, lang)`: the message the API shows for a refusal, its params filled in (as apps/api does).
 */
export function deciderTable<C extends { type: string }, E, S extends { status: string }>(
  decider: Decider<C, E, S>,
  messages: Record<string, { zh: string; en: string }>,
) {
  const when = (history: readonly E[], command: C): E[] => decider.decide(command, replay(decider, history));
  return {
    when,
    refusal(history: readonly E[], command: C): DomainError {
      try {
        when(history, command);
      } catch (error) {
        if (error instanceof DomainError) return error;
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
    shown(error: DomainError, lang: 'zh' | 'en'): string {
      const entry = messages[error.code];
      if (!entry) throw new Error(`no message for ${error.code}`);
      return entry[lang].replace(/\{(\w+)\}/g, (_, key: string) => String(error.params[key] ?? `{${key}}`));
    },
  };
}
