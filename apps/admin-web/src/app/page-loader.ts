import { page, type PageLoader } from '../lib/screen.js';
import { withChunkTimeout } from './chunk-timeout.js';
import { screenFor } from './screens.js';

const notBuilt: PageLoader = page(() => import('./pages/not-built-page.js'), 'NotBuiltPage');

/**
 * The page of a path (§9: code that has not arrived after 120 seconds counts as failed), behind the screen's
 * permission when it has one.
 */
export function pageLoader(path: string): PageLoader {
  const screen = screenFor(path);
  const load = withChunkTimeout(screen?.page ?? notBuilt);
  const permission = screen?.permission;
  if (!permission) return load;
  return () =>
    Promise.all([load(), import('./permission-gate.js')]).then(([m, gate]) => ({
      default: gate.withPermission(m.default, permission),
    }));
}
