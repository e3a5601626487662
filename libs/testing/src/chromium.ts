import { existsSync } from 'node:fs';

/**
 * The headless Chromium that the browser tests and the web benches drive, and its switches: no sandbox, no GPU, no
 * shared-memory files, and none of the browser's own background traffic (component updates, sync, first-run
 * pages) beside the page's requests.
 *
 * The benches drive the full browser a user runs (CHROMIUM_PATH, by default the system's `/usr/bin/chromium`), so
 * their figures are a user's. The tests drive Debian's `chromium-headless-shell` when it is installed: the same
 * Chromium release and engine without the browser's window layer, measured here at half the CPU for a fresh signed-in
 * profile (3.0 against 6.1 s) and a quarter less over the list-layout file (94 against 122 s), which is most of what
 * the browser suite costs on a two-core machine. CHROMIUM_PATH overrides both.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser of the tests: CHROMIUM_PATH when set, else the headless shell when installed, else the full one. */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
