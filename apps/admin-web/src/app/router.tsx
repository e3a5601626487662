import { SET_PASSWORD_FLAGS } from '@kb/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import * as z from 'zod/mini';
import { getStoredUser } from '../lib/session.js';
import { parseSearch, stringifySearch } from '../lib/search-params.js';
import { HOME_PATH } from '../lib/redirect.js';
import { guard, LOGIN_PATH } from './guard.js';
import { withChunkTimeout } from './chunk-timeout.js';
import { queryClient } from './query-client.js';
import { RouteErrorPanel } from './pages/route-error-panel.js';
import { pageLoader } from './page-loader.js';
import { SCREENS } from './screens.js';

/** Loaders get the query cache, so that a screen's loader can `ensureQueryData` before it renders. */
export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ location }) => {
    const decision = guard(location.pathname, location.href, getStoredUser() !== null);
    if (decision.kind === 'login')
      throw redirect({ to: LOGIN_PATH, search: { redirect: decision.redirect } });
  },
  component: Outlet,
});

// zod/mini here: the route tree is part of the login route's code, and zod's classic API is large.
const loginSearch = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  reason: z.catch(z.optional(z.enum(['expired', 'loggedOut', 'passwordChanged'])), undefined),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: LOGIN_PATH,
  validateSearch: loginSearch,
  component: lazyRouteComponent(
    withChunkTimeout(() => import('../features/auth/routes/login-page.js')),
    'LoginPage',
  ),
});

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  // An invitation mail links here with the invitee's email filled in.
  validateSearch: z.object({
    flag: z.catch(z.enum(SET_PASSWORD_FLAGS), 'forget'),
    email: z.catch(z.optional(z.string()), undefined),
  }),
  component: lazyRouteComponent(
    withChunkTimeout(() => import('../features/auth/routes/set-password-page.js')),
    'SetPasswordPage',
  ),
});

/** Public by the §2 guard: the mobile page a banner or a share opens in the app's webview, outside the layout. */
const h5Route = createRoute({
  getParentRoute: () => rootRoute,
  path: '/h5/index.html',
  component: lazyRouteComponent(
    withChunkTimeout(() => import('../features/content/routes/h5-page.js')),
    'H5Page',
  ),
});

const layoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyRouteComponent(
    withChunkTimeout(() => import('./layout/app-layout.js')),
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
const recordSearch = z.object({
  id: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))), undefined),
});

/** Kept-alive screens are drawn by the layout (inside React's <Activity>), not in the router's outlet. */
function KeptAliveSlot() {
  return null;
}

const screenRoutes = SCREENS.map((screen) =>
  createRoute({
    getParentRoute: () => layoutRoute,
    path: screen.path,
    validateSearch: screen.record ? recordSearch : undefined,
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
  context: { queryClient },
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
