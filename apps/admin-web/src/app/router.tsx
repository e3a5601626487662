import { SET_PASSWORD_FLAGS, type SetPasswordFlag } from '@kb/contracts';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { getStoredUser } from '../lib/session.js';
import { parseSearch, stringifySearch } from '../lib/search-params.js';
import { HOME_PATH } from '../lib/redirect.js';
import { sessionCheckQuery } from '../features/auth/api/session-check.js';
import { guard, LOGIN_PATH } from './guard.js';
import { withChunkTimeout } from './chunk-timeout.js';
import { startFirstQuery } from './first-queries.js';
import { LoginPage } from '../features/auth/routes/login-page.js';
import { h5Language, type H5Lang } from '../features/content/rules/h5-language.js';
import { withConsoleTexts } from './i18n/i18n.js';
import { loadQueryClient } from './query-cache.js';
import { RouteErrorPanel } from './pages/route-error-panel.js';
import { pageLoader } from './page-loader.js';
import { SCREENS } from './screens.js';

const noop = () => undefined;

const rootRoute = createRootRoute({
  beforeLoad: ({ location }) => {
    const decision = guard(location.pathname, location.href, getStoredUser() !== null);
    if (decision.kind === 'login')
      throw redirect({ to: LOGIN_PATH, search: { redirect: decision.redirect } });
  },
  component: Outlet,
});

// The route tree is part of the login route's code: its search checks are plain functions rather than zod schemas,
// which would put zod on the login route.
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === value);
const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

const LOGIN_REASONS = ['expired', 'loggedOut', 'passwordChanged'] as const;
const loginSearch = (
  search: Record<string, unknown>,
): { redirect?: string; reason?: (typeof LOGIN_REASONS)[number] } => ({
  redirect: optionalString(search.redirect),
  reason: oneOf(LOGIN_REASONS, search.reason),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: LOGIN_PATH,
  validateSearch: loginSearch,
  // Part of the entry: the first page of every visit without a session, shown without a further download.
  component: LoginPage,
});

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  // An invitation mail links here with the invitee's email filled in.
  validateSearch: (search: Record<string, unknown>): { flag: SetPasswordFlag; email?: string } => ({
    flag: oneOf(SET_PASSWORD_FLAGS, search.flag) ?? 'forget',
    email: optionalString(search.email),
  }),
  component: lazyRouteComponent(
    withChunkTimeout(() => import('../features/auth/routes/set-password-page.js')),
    'SetPasswordPage',
  ),
});

/**
 * The H5 page's language (`?lang=`, else the phone's), read from the location being loaded when the page's code and
 * strings are asked for: its links to itself are whole-page loads, so one document shows one language.
 */
const h5PageLanguage = (): H5Lang =>
  h5Language((router.latestLocation.search as { lang?: unknown }).lang, navigator.language);

/**
 * Public by the §2 guard: the mobile page a banner or a share opens in the app's webview, outside the layout. Its
 * strings load in its own language beside its code; when either fails, its error panel (in that language) offers a
 * retry.
 */
const h5Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/h5/index.html',
  component: lazyRouteComponent(
    withChunkTimeout(withConsoleTexts(() => import('../features/content/routes/h5-page.js'), h5PageLanguage)),
    'H5Page',
  ),
  errorComponent: (props) => <RouteErrorPanel {...props} lang={h5PageLanguage()} />,
});

/**
 * The signed-in console. Its loader asks the server who is signed in while the layout's code, the screens' texts
 * and the screen's own code and first data load beside it (the router runs the matched routes' loaders and
 * component loads in parallel); the layout reads the answer from the query cache.
 */
const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  loader: () => void loadQueryClient().then((client) => client.prefetchQuery(sessionCheckQuery), noop),
  component: lazyRouteComponent(
    withChunkTimeout(withConsoleTexts(() => import('./layout/app-layout.js'))),
    'AppLayout',
  ),
});

const indexRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: HOME_PATH });
  },
});

/** A record screen's id travels in the query (§2); anything else there is dropped. */
const recordSearch = (search: Record<string, unknown>): { id?: string } => {
  const id = optionalString(search.id)?.trim();
  return { id: id && id.length <= 100 ? id : undefined };
};

/** Kept-alive screens are drawn by the layout (inside React's <Activity>), not in the router's outlet. */
function KeptAliveSlot() {
  return null;
}

const screenRoutes = SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => layoutRoute,
    path: screen.path,
    validateSearch: screen.record ? recordSearch : undefined,
    // The screen is drawn once its first query has answered (see startFirstQuery), with its rows.
    loader: () =>
      Promise.all([
        startFirstQuery(screen.path),
        // A kept-alive page is drawn by the layout, not by the router: its code is fetched here so that it loads
        // beside the layout's rather than after it (a failure shows in its tab, where the layout loads it again).
        screen.keepAlive && pageLoader(screen.path)().catch(noop),
      ]).then(noop),
    component: screen.keepAlive ? KeptAliveSlot : lazyRouteComponent(pageLoader(screen.path)),
  }),
);

const notFoundRoute = createRoute({
  getParentRoute: () => layoutRoute,
  path: '$',
  component: lazyRouteComponent(
    withChunkTimeout(() => import('./pages/not-found-page.js')),
    'NotFoundPage',
  ),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  setPasswordRoute,
  h5Route,
  layoutRoute.addChildren([indexRoute, ...screenRoutes, notFoundRoute]),
]);

export const router = createRouter({
  routeTree,
  parseSearch,
  stringifySearch,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  defaultErrorComponent: RouteErrorPanel,
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
