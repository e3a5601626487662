import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pino } from 'pino';
import { LANG_COOKIE, LANG_HEADER, type UiLang } from '@kb/contracts';
import { AppModule } from './app.module.js';
import { answerClientErrorsInEnvelope } from './common/client-errors.js';
import { finishOpenApiDocument } from './common/openapi-document.js';
import { requestContext } from './common/request-context.js';
import { securityHeaders } from './common/security-headers.js';
import { appOrigins, trustProxySetting, type AppConfig } from './config.js';
import { PinoNestLogger } from './infra/logger.js';
import { sameOriginChanges } from './modules/auth/same-origin.middleware.js';

function langOf(req: Request): UiLang {
  const raw = String(
    req.headers[LANG_HEADER] ?? req.cookies?.[LANG_COOKIE] ?? req.headers['accept-language'] ?? 'zh',
  );
  return raw.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** Builds the HTTP application (used by main.ts and by the tests, which boot the real thing). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'api' } });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new PinoNestLogger(log),
    bodyParser: false,
  });
  answerClientErrorsInEnvelope(app.getHttpServer());
  app.set('trust proxy', trustProxySetting(config));
  app.disable('x-powered-by');
  app.use(securityHeaders({ https: config.SESSION_COOKIE_SECURE === 'true' }));
  app.use(cookieParser());
  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = String(req.headers['x-request-id'] ?? randomUUID());
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    res.on('finish', () => {
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
    requestContext.run({ requestId, lang: langOf(req), ip: req.ip ?? 'unknown' }, next);
  });
  app.use('/api', sameOriginChanges(appOrigins(config)));
  app.use('/api', express.json({ limit: '2mb' }), express.urlencoded({ extended: false, limit: '2mb' }));
  app.setGlobalPrefix('api');

  const document = finishOpenApiDocument(
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
    app.use(express.static(webDist, { index: false, maxAge: '1h' }));
    // Client-side routes (e.g. /recipe-list) all get the SPA's index.html; /api stays with Nest.
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webDist, 'index.html'));
    });
  }
  app.enableShutdownHooks();
  return app;
}
