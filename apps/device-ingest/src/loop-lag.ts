/** How often the event loop's lag is sampled. */
const TICK_MS = 20;

let lagMs = 0;
let timer: NodeJS.Timeout | undefined;

/**
 * How late this process's event loop runs now, in milliseconds: the recent worst delay of a 20 ms timer, decaying
 * by half every tick once the loop keeps time again. A loop running late means the process takes more than it
 * can answer: every request already read waits that long more, and the ones still in the socket buffers longer.
 * Sampling starts at the first call (timer unref'd: it keeps no process alive).
 */
export function loopLagMs(): number {
  if (!timer) {
    let last = performance.now();
    timer = setInterval(() => {
      const now = performance.now();
      lagMs = Math.max(now - last - TICK_MS, lagMs / 2);
      last = now;
    }, TICK_MS);
    timer.unref();
  }
  return lagMs;
}
