/** Pages reachable without a stored login (§2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/set-password', '/h5/index.html'];
export const HOME_PATH = '/home';

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(path);
}

/** Only a path of this app may be a redirect target: no other origin, no protocol-relative URL, no login loop. */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return null;
  if (target.startsWith('/\\') || /^\/[^/?#]*:/.test(target)) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  if (isPublicPath(path)) return null;
  return target;
}

/** Where to go after a successful login. */
export function afterLogin(redirect: unknown): string {
  return safeRedirect(redirect) ?? HOME_PATH;
}
