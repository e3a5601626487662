import { HOME_PATH, isPublicPath, safeRedirect } from '../lib/redirect.js';

/**
 * The route guard of §2: without a stored login every route goes to /login, except /login, /set-password and
 * /h5/index.html. Pure, so that the rule is tested without a router.
 */
export const LOGIN_PATH = '/login';

export type GuardDecision = { kind: 'allow' } | { kind: 'login'; redirect: string | undefined };

/**
 * `href` is the page asked for (path + query); it travels to the login page so that the user lands there
 * afterwards. The bare root and Home are not worth remembering.
 */
export function guard(pathname: string, href: string, loggedIn: boolean): GuardDecision {
  if (loggedIn || isPublicPath(pathname)) return { kind: 'allow' };
  const worthReturning = pathname !== '/' && pathname !== HOME_PATH;
  return { kind: 'login', redirect: worthReturning ? (safeRedirect(href) ?? undefined) : undefined };
}
