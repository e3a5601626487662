import { isPublicPath } from '../lib/redirect.js';
import { savedLanguage } from '../lib/language.js';
import { getStoredUser } from '../lib/session.js';
import { loadConsoleCatalog } from './i18n/i18n.js';
import { pageLoader } from './page-loader.js';
import { loadQueryClient } from './query-cache.js';
import { screenFor } from './screens.js';

/**
 * Asks for the code of the page being opened (a screen behind the login, with a stored login) before anything else
 * of the entry runs: the layout with the query cache, the console's strings in the saved language and the screen
 * (with its permission check), through the same loaders the router's routes use. Each import brings the list of
 * chunks it needs, which the bundler wrote beside it, so the browser asks for them all at once instead of after the
 * entry has set up the texts, the router and its loaders. A load that fails here is asked again by its route.
 */
export function askFirstCode(pathname: string): void {
  const screen = screenFor(pathname);
  if (getStoredUser() && !isPublicPath(pathname))
    Promise.all([
      loadQueryClient(),
      loadConsoleCatalog(savedLanguage()),
      screen && pageLoader(screen.path)(),
    ]).catch(() => undefined);
}
