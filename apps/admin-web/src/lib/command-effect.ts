import { LANG_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@kb/contracts';
import { commandsApplying, READ_POSITION, READ_POSITION_REACHED, readPosition } from './read-position.js';

/** What the wait needs of lib/api-client's handlers, which it passes in (it loads this file lazily; nothing is imported back). */
interface EffectHandlers {
  lang(): string;
  onSuccess(desc: string): void;
  onApplying(): { applied(desc: string | null): void };
  refreshScreens(): Promise<void>;
}

/**
 * The wait that follows a command whose events the read models apply later (lib/api-client's read-your-writes),
 * until the screens can show it: fetched with the first such command, not with every page.
 */

/** The cheapest GET that waits for a read position (what lib/api-client's buildUrl makes of `/auth/me`). */
const PROBE = '/api/auth/me';

/** How long a command's caller waits for the read models to show its effect before it goes on regardless. */
export const APPLY_WAIT_MS = 15_000;
/** How long the "applying…" notice of a command not shown by then keeps waiting for it. */
const APPLY_GIVE_UP_MS = 5 * 60_000;
/** A command shown quicker than this needs no "applying…" notice (it would only flicker). */
const APPLYING_NOTICE_AFTER_MS = 400;

/**
 * Asks (a GET the API holds up to its read wait) until the read models reached `position`, or `deadline`. An
 * answer that does not say (an ended session, a network failure past the deadline) ends the wait.
 */
async function readModelsReach(h: EffectHandlers, position: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    let res: Response;
    try {
      res = await fetch(PROBE, {
        headers: {
          [READ_POSITION]: position,
          [LANG_HEADER]: h.lang(),
          [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
          Accept: 'application/json',
        },
        credentials: 'same-origin',
      });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    await res.arrayBuffer().catch(() => undefined);
    readPosition.observe(position, res.headers);
    if (res.headers.get(READ_POSITION_REACHED) !== 'false') return true;
  }
  return false;
}

/**
 * The end of a command whose events the read models apply later: the caller goes on (its refetch, its toast)
 * once the screens can show the command's effect, so a success is never shown beside the state before it. A
 * projector running behind gets an "applying…" notice that turns into the success by itself; past APPLY_WAIT_MS
 * the caller goes on and the notice stays until the screens show it.
 */
export async function untilShown(h: EffectHandlers, position: string, success: string | null): Promise<void> {
  commandsApplying.start();
  let notice: ReturnType<EffectHandlers['onApplying']> | null = null;
  const timer = setTimeout(() => (notice = h.onApplying()), APPLYING_NOTICE_AFTER_MS);
  const shown = async () => {
    clearTimeout(timer);
    try {
      await h.refreshScreens();
    } catch {
      // a failed refetch shows its own error
    }
    // The refetched data reaches the screens' observers on the next task: the success follows it there.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (notice) notice.applied(success);
    else if (success) h.onSuccess(success);
    commandsApplying.end();
  };
  const started = Date.now();
  if (await readModelsReach(h, position, started + APPLY_WAIT_MS)) return shown();
  clearTimeout(timer);
  notice ??= h.onApplying();
  void readModelsReach(h, position, started + APPLY_GIVE_UP_MS).then(shown);
}
