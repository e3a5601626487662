import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { PAGE_CAPTCHA_URL } from '@kb/contracts';

/** Vite names every file under `assets/` by its content hash: a changed file is a new URL. */
const HASHED_ASSETS = '/assets/';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * gzip or brotli by the caller's Accept-Encoding for every compressible answer (HTML, JS, CSS, JSON, CSV); the
 * middleware skips types that are compressed already (images, zips, APKs) and bodies under 1 KB.
 */
export function compressAnswers(): RequestHandler {
  return compression();
}

/**
 * API answers are per session and may carry another brand's data: no browser or shared cache keeps them. A
 * handler that knows better (a file's own caching) sets its header after this one.
 */
export function apiAnswersNotStored(): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * The login page's largest element is its captcha image, which its form would ask for only once the page's scripts
 * ran: the page's answer tells the browser to fetch it beside them (the form shows this one first).
 */
const LOGIN_PAGE_PRELOADS = `<${PAGE_CAPTCHA_URL}>; rel=preload; as=image; fetchpriority=high`;

/**
 * The built web app on the API's origin: hashed assets cached for a year, everything else (index.html, the
 * favicon) revalidated on every use so a deploy is seen at once. Client-side routes all get index.html; a missing
 * asset is a 404, not the SPA, so a stale tab asking for a removed chunk fails plainly instead of parsing HTML as JS.
 */
export function serveWebApp(app: NestExpressApplication, webDist: string): void {
  app.use(
    express.static(webDist, {
      index: false,
      setHeaders(res, filePath) {
        const relative = '/' + path.relative(webDist, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', relative.startsWith(HASHED_ASSETS) ? IMMUTABLE_CACHE : 'no-cache');
      },
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    if (req.path.startsWith(HASHED_ASSETS)) return res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'no-cache');
    if (req.path === '/login') res.setHeader('Link', LOGIN_PAGE_PRELOADS);
    res.sendFile(path.join(webDist, 'index.html'));
  });
}
