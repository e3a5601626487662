// Shared by the web benches: when a console page first shows its data, told by the page itself without a script
// of the bench's polling in it.
/* global document, MutationObserver, requestAnimationFrame, window */

/**
 * Marks `kb-first-row` (user timing) in the first frame whose table shows a row with text. The watcher looks only in
 * frames after the page changed, and asks for the row's box (which forces a layout) only once a row has text: a
 * check in every frame was a fifth of the main thread's time before the first row, and the figure is the app's.
 */
export function watchFirstRow(selector) {
  let shown;
  window.kbFirstRowShown = new Promise((resolve) => (shown = resolve));
  let asked = false;
  let observer = null;
  const check = () => {
    asked = false;
    const el = document.querySelector(selector);
    if (!el || el.textContent.trim() === '') return;
    // A row with text but no box yet (its table hidden, its styles on the way) is looked at again next frame.
    if (el.getBoundingClientRect().height === 0) {
      asked = true;
      requestAnimationFrame(check);
      return;
    }
    observer.disconnect();
    performance.mark('kb-first-row');
    window.kbFirstRow = performance.now();
    shown(window.kbFirstRow);
  };
  observer = new MutationObserver(() => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(check);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * The time (ms since navigation) at which the page of `cdp` (a DevTools session, with `watchFirstRow` in its init
 * scripts) showed its first row. Awaited over the DevTools protocol: Playwright's waitForFunction would first load
 * its own script into the page, a tenth of the main thread's time before the first row.
 */
export async function firstRowShown(cdp, pathname) {
  const shown = cdp.send('Runtime.evaluate', {
    expression: 'window.kbFirstRowShown',
    awaitPromise: true,
    returnByValue: true,
  });
  let timer;
  return Promise.race([
    shown.then((answer) => answer.result.value),
    new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error(`no first row on ${pathname} in 60 s`)), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
}
