import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from '@kb/contracts';
import { translate } from '../../common/messages.js';
import { requestContext } from '../../common/request-context.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none`: the user typed the address or used a bookmark; anything else came from another page's origin. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Refuses state changes that may have been forged by another origin's page (a form auto-submitted from
 * another port of the same host is "same site", so SameSite cookies let it through). A change must carry the
 * header a plain form cannot send, and when the browser says where the request comes from (`Origin`,
 * `Sec-Fetch-Site`) it must be the app's own origin: `origins`, or when none are configured, the request's
 * own scheme and host. Runs before any body is parsed, for every body type, login included.
 */
export function sameOriginChanges(origins: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const allowed = origins.length ? origins : [`${req.protocol}://${req.get('host') ?? ''}`.toLowerCase()];
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    const fromOwnOrigin =
      (origin === undefined || allowed.includes(origin.toLowerCase())) &&
      (fetchSite === undefined || OWN_FETCH_SITES.has(String(fetchSite))) &&
      req.headers[REQUESTED_WITH_HEADER] === REQUESTED_WITH_VALUE;
    if (fromOwnOrigin) return next();
    res.status(403).json({
      status: 403,
      desc: translate('cross_origin_refused', requestContext.lang()),
      data: null,
      code: 'cross_origin_refused',
    });
  };
}
