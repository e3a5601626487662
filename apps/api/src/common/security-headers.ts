import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * What the built web app needs and no more: its own scripts, styles (Mantine sets inline `style` attributes),
 * images and media from the API (plus `blob:`/`data:` previews of a chosen file), calls to its own origin.
 * No page may frame it (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every answer, API and web app alike. HSTS only when the cookie is marked Secure (served on HTTPS). */
export function securityHeaders(options: { https: boolean }): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    // `same-origin`, not `no-referrer`: with no-referrer browsers send `Origin: null` on the app's own changes.
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
