/**
 * Starts the downloads of the signed-in screen the address names (the layout's code, the console's texts, the
 * screen's code and the module of its first query) beside the entry's, instead of after the entry has run and the
 * router has asked for them. The build lists each screen's files in `#route-chunks` (vite.config.ts). Without a
 * stored login the address leads to the login page, which needs none of them.
 *
 * Its own entry, importing nothing: it runs as soon as it arrives, not after the entry's libraries.
 */
interface RouteChunks {
  /** What every signed-in screen needs. */
  console: string[];
  screens: Record<string, string[]>;
}

/** The stored login's key (lib/session.ts), read here without that module and its imports. */
const LOGIN_KEY = 'kb.login';

function signedIn(): boolean {
  try {
    return globalThis.localStorage.getItem(LOGIN_KEY) !== null;
  } catch {
    return false;
  }
}

const listed = document.getElementById('route-chunks')?.textContent;
if (listed && signedIn()) {
  const chunks = JSON.parse(listed) as RouteChunks;
  const screen = chunks.screens[location.pathname.replace(/(.)\/+$/, '$1')];
  for (const href of screen ? [...chunks.console, ...screen] : []) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // As the entry's own scripts and Vite's preloads are fetched, so that the later import finds this download.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
