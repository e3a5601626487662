import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pino, type DestinationStream } from 'pino';
import { LANG_COOKIE, LANG_HEADER, type UiLang } from '@kb/contracts';
import {
  endSpan,
  extractTrace,
  injectTrace,
  inSpan,
  SpanKind,
  startSpan,
  tracingOn,
  UNMATCHED_ROUTE,
} from '@kb/platform';
import { AppModule } from './app.module.js';
import { answerClientErrorsInEnvelope } from './common/client-errors.js';
import { finishOpenApiDocument } from './common/openapi-document.js';
import { requestContext } from './common/request-context.js';
import { securityHeaders } from './common/security-headers.js';
import { apiAnswersNotStored, compressAnswers, serveWebApp } from './common/web-serving.js';
import { appOrigins, trustProxySetting, type AppConfig } from './config.js';
import { PinoNestLogger } from './infra/logger.js';
import { Metrics } from './infra/observability.js';
import { sameOriginChanges } from './modules/auth/same-origin.middleware.js';
import { mountQueueBoard } from './modules/queue-board/queue-board.js';

function langOf(req: Request): UiLang {
  const raw = String(
    req.headers[LANG_HEADER] ?? req.cookies?.[LANG_COOKIE] ?? req.headers['accept-language'] ?? 'zh',
  );
  return raw.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** The caller's id when it is a sane token (a proxy's or a client's), else a new one: it goes into every log line. */
function requestIdOf(req: Request): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** The matched route's pattern (`/api/recipes/:id`), so a series counts a route, not each record's URL. */
function routePattern(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : UNMATCHED_ROUTE;
}

/** Builds the HTTP application (used by main.ts and by the tests, which boot the real thing). */
export async function createApp(
  config: AppConfig,
  options: { logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const logOptions = {
    level: config.LOG_LEVEL,
    base: { service: 'api' },
    // Every line written while a request is served names it, errors included (support quotes the id).
    mixin: () => {
      const requestId = requestContext.get()?.requestId;
      return requestId ? { requestId } : {};
    },
  };
  const log = options.logDestination ? pino(logOptions, options.logDestination) : pino(logOptions);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new PinoNestLogger(log),
    bodyParser: false,
  });
  answerClientErrorsInEnvelope(app.getHttpServer());
  app.set('trust proxy', trustProxySetting(config));
  app.disable('x-powered-by');
  app.use(securityHeaders({ https: config.SESSION_COOKIE_SECURE === 'true' }));
  app.use(compressAnswers());
  app.use(cookieParser());
  const metrics = app.get(Metrics);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req);
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    res.on('finish', () => {
      metrics.httpDuration.observe(
        { method: req.method, route: routePattern(req), status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
      if (!req.originalUrl.startsWith('/api')) return;
      log.info(
        {
          requestId,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
    });
    const serve = () => requestContext.run({ requestId, lang: langOf(req), ip: req.ip ?? 'unknown' }, next);
    if (!tracingOn()) return serve();
    // A server span per request, continuing the caller's trace (`traceparent`) when it sent one.
    const span = startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.path, 'kb.request_id': requestId },
      },
      extractTrace(req.headers),
    );
    const traceparent = injectTrace(span)?.traceparent;
    if (traceparent) res.setHeader('traceparent', traceparent);
    res.on('finish', () => {
      const route = routePattern(req);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      endSpan(span, res.statusCode >= 500 ? new Error(`HTTP ${res.statusCode}`) : undefined);
    });
    inSpan(span, serve);
  });
  // Metrics are served on their own port (METRICS_PORT), never on the public one, where the SPA would answer.
  app.use('/metrics', (req: Request, res: Response) => {
    res
      .status(404)
      .type('text/plain')
      .send('Not found: metrics are served on the metrics port (METRICS_PORT).\n');
  });
  app.use('/api', apiAnswersNotStored());
  // The queue board checks its own session, role and origin (its page sends changes without the app's marker).
  const closeQueueBoard = mountQueueBoard(app, config, appOrigins(config));
  app.getHttpServer().once('close', () => void closeQueueBoard());
  app.use('/api', sameOriginChanges(appOrigins(config)));
  app.use('/api', express.json({ limit: '2mb' }), express.urlencoded({ extended: false, limit: '2mb' }));
  app.setGlobalPrefix('api');

  // The OpenAPI document is made on its first request (Swagger's factory form), not at every start: reading every
  // route's declarations and copying their schemas cost ~0.7 s of a start's CPU, and most starts never serve it.
  const document = () =>
    finishOpenApiDocument(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('Kitchen back-office API')
          .setDescription('Brand-side management API. Every answer is the envelope { status, desc, data }.')
          .setVersion('1')
          .addCookieAuth('kb_session')
          .build(),
      ),
    );
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    swaggerOptions: {
      // "Try it out" is a change from the app's own origin too: it carries the marker (this runs in the browser).
      requestInterceptor: (request: { headers: Record<string, string> }) => {
        request.headers['x-requested-with'] = 'kb-admin';
        return request;
      },
    },
  });

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : null;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    serveWebApp(app, webDist);
  }
  app.enableShutdownHooks();
  return app;
}
