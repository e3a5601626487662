/**
 * Where the read models stand for this tab (read-your-writes) and which commands they do not show yet: shared by
 * every call (lib/api-client) and by the wait after a command (lib/command-effect).
 */
export const READ_POSITION = 'x-read-position';
export const READ_POSITION_REACHED = 'x-read-position-reached';

/**
 * Read-your-writes for every screen: a command answers `x-read-position` (`<transactionId>.<globalPosition>`,
 * where its events landed); every later call sends the newest position back, and the API lets a GET wait until
 * the read models show it, so a change made on one screen is seen by every other (list, detail, pickers).
 * Once a GET answers that the read models reached the newest position, it is no longer sent.
 */
export class ReadPosition {
  private last: { text: string; at: readonly [bigint, bigint] } | null = null;

  /** The header to send: the newest position not yet known to be reached. */
  headers(): Record<string, string> {
    return this.last ? { [READ_POSITION]: this.last.text } : {};
  }

  /** Reads an answer: keeps a newer position, forgets the one the read models reached. */
  observe(sent: string | undefined, answer: Headers): void {
    const position = answer.get(READ_POSITION);
    const at = position ? parsePosition(position) : null;
    if (position && at && (!this.last || isAfter(at, this.last.at))) {
      this.last = { text: position, at };
      return;
    }
    if (sent && answer.get(READ_POSITION_REACHED) === 'true' && this.last?.text === sent) this.last = null;
  }

  forget(): void {
    this.last = null;
  }
}

function parsePosition(text: string): readonly [bigint, bigint] | null {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(text);
  return m ? [BigInt(m[1]!), BigInt(m[2]!)] : null;
}

const isAfter = (a: readonly [bigint, bigint], b: readonly [bigint, bigint]) =>
  a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** The position this tab's calls send (one per page load, shared by every feature). */
export const readPosition = new ReadPosition();

/**
 * Commands whose effect the screens do not show yet. While there is one, a record's action buttons are disabled:
 * they are those of the state before it, and the API would refuse them.
 */
export const commandsApplying = (() => {
  let count = 0;
  const listeners = new Set<() => void>();
  const change = (by: number) => {
    count += by;
    for (const listener of listeners) listener();
  };
  return {
    start: () => change(1),
    end: () => change(-1),
    any: () => count > 0,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();
