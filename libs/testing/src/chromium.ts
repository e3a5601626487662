/**
 * The headless Chromium that the browser tests and the web benches drive: its executable (CHROMIUM_PATH, by
 * default the system's) and its switches, one list for both, so that the benches measure the browser the tests
 * pass in: no sandbox, no GPU, no shared-memory files, and none of the browser's own background traffic
 * (component updates, sync, first-run pages) beside the page's requests.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
