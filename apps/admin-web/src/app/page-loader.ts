import type { ComponentType } from 'react';
import { page, type PageLoader } from '../lib/screen.js';
import { withChunkTimeout } from './chunk-timeout.js';
import { screenFor } from './screens.js';

const notBuilt: PageLoader = page(() => import('./pages/not-built-page.js'), 'NotBuiltPage');

/** Each path's page once its code has arrived: one component per path, whichever load brought it first. */
const loadedPages = new Map<string, ComponentType>();

/**
 * The page of a path whose code has already arrived (a route's loader waits for it), to draw at once: a page
 * drawn through `lazy` waits for its code one more time and shows its fallback first, even when the code is
 * there.
 */
export function loadedPage(path: string): ComponentType | undefined {
  return loadedPages.get(path);
}

/**
 * The page of a path (§9: code that has not arrived after 120 seconds counts as failed), behind the screen's
 * permission when it has one.
 */
export function pageLoader(path: string): PageLoader {
  const screen = screenFor(path);
  const load = withChunkTimeout(screen?.page ?? notBuilt);
  const permission = screen?.permission;
  const gated: PageLoader = permission
    ? () =>
        Promise.all([load(), import('./permission-gate.js')]).then(([m, gate]) => ({
          default: gate.withPermission(m.default, permission),
        }))
    : load;
  return () =>
    gated().then((m) => {
      if (!loadedPages.has(path)) loadedPages.set(path, m.default);
      return { default: loadedPages.get(path)! };
    });
}
