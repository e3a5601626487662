import { createServer } from 'node:http';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import type { Envelope } from '@kb/contracts';
import type { Logger } from 'pino';
import { inRequest, requestIdOf, UNMATCHED_ROUTE, type Readiness } from '@kb/platform';
import { openApiDocument, type Api, type ApiRoute } from './api-routes.js';
import type { Health } from './health.js';
import type { IngestMetrics } from './metrics.js';

/** A refusal: its status, `desc`, `data` and any headers (Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A 400 naming each wrong field (`messages.3.sampledAt`), the first one in `desc`. */
export function invalidBody(fieldErrors: Record<string, string>): HttpError {
  const [field, message] = Object.entries(fieldErrors)[0]!;
  return new HttpError(400, `Invalid body: ${field === '_' ? '' : `${field}: `}${message}`, { fieldErrors });
}

/** Largest body of a route that names none. */
const DEFAULT_BODY_LIMIT = 16 * 1024;

/** What the router's own refusals (a body it cannot read, a schema the input fails) say, as an HttpError. */
function refusalOf(error: FastifyError, req: FastifyRequest): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of error.validation)
      fieldErrors[issue.instancePath.slice(1).replaceAll('/', '.') || '_'] ??= issue.message;
    return invalidBody(fieldErrors);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, `Body larger than ${req.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT} bytes`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'Send the body as application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'The body is not valid JSON');
  }
  // The JSON parser's own SyntaxError (and a prototype-poisoning key) come as a plain 400.
  if (error.statusCode === 400) return new HttpError(400, 'The body is not valid JSON');
  return undefined;
}

export function send(reply: FastifyReply, body: Envelope): FastifyReply {
  return reply
    .code(body.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(body));
}

/** An API on the gateway, with how it words a refusal (the app's are in the caller's language). */
export interface GatewayApi extends Api {
  refusal?: (error: HttpError | unknown, req: FastifyRequest) => HttpError | undefined;
}

/**
 * The gateway's one router (Fastify): `GET /health`, `/livez`, `/readyz`, and every route of `apis` under its
 * prefix, with its OpenAPI document at `<prefix>/openapi.json`. Every answer is the envelope and carries the
 * request's id (`x-request-id`, kept when the caller sent a sound one); each log line of a request names it.
 */
export function createGateway(deps: {
  health: () => Promise<Health>;
  log: Logger;
  apis: GatewayApi[];
  /** Liveness and readiness of the process, answered on /livez and /readyz. */
  ready: () => Promise<Readiness>;
  metrics?: IngestMetrics;
}) {
  const app = Fastify({
    // The request's id is set (and its log scope opened) by the server below, before Fastify sees the request.
    requestIdHeader: 'x-request-id',
    bodyLimit: DEFAULT_BODY_LIMIT,
    keepAliveTimeout: 5000,
    return503OnClosing: false,
    serverFactory: (handler) =>
      createServer((req, res) => {
        const requestId = requestIdOf(req.headers['x-request-id']);
        req.headers['x-request-id'] = requestId;
        res.setHeader('x-request-id', requestId);
        inRequest(requestId, () => handler(req, res));
      }),
  });
  app.setValidatorCompiler(validatorCompiler);

  // The methods of each path, so a known path asked with another method gets 405 and its Allow header.
  const methods = new Map<string, string[]>();
  const prefixes = deps.apis.map((a) => a.prefix);

  // A callback hook, not an async one: every request passes here, and a promise per request is work for nothing.
  if (deps.metrics) {
    const metrics = deps.metrics;
    app.addHook('onResponse', (req, reply, done) => {
      const path = req.url.split('?')[0]!;
      // Every route is a fixed path (ids travel in bodies and queries); a 404 is any URL, so it is one series.
      const route = reply.statusCode === 404 ? UNMATCHED_ROUTE : path;
      const status = String(reply.statusCode);
      metrics.httpDuration.observe({ method: req.method, route, status }, reply.elapsedTime / 1000);
      if (reply.statusCode >= 400 && prefixes.some((p) => path.startsWith(`${p}/`)))
        metrics.refusals.inc({ route, status });
      done();
    });
  }

  app.get('/health', async (_req, reply) => {
    const health = await deps.health();
    const healthy = health.redis.ok && health.postgres.ok;
    return send(reply, { status: healthy ? 200 : 503, desc: healthy ? 'ok' : 'unavailable', data: health });
  });
  methods.set('/health', ['GET', 'HEAD']);
  for (const path of ['/livez', '/readyz'] as const) {
    app.get(path, async (_req, reply) => {
      const ready = path === '/readyz' ? await deps.ready() : { ready: true, checks: [] };
      return send(reply, {
        status: ready.ready ? 200 : 503,
        desc: ready.ready ? 'ok' : 'unavailable',
        data: ready,
      });
    });
  }

  for (const api of deps.apis) {
    const document = openApiDocument(api);
    void app.register(async (scope) => {
      scope.setErrorHandler(async (error: FastifyError, req, reply) => {
        const refusal = api.refusal?.(refusalOf(error, req) ?? error, req) ?? refusalOf(error, req);
        if (!refusal) {
          deps.log.error({ err: error, method: req.method, url: req.url }, 'request failed');
          return send(reply, { status: 500, desc: 'Internal error', data: null });
        }
        // A refused body may still be arriving: answer, then close instead of reading it.
        if (refusal.status === 413) reply.header('connection', 'close');
        for (const [name, value] of Object.entries(refusal.headers)) reply.header(name, value);
        return send(reply, { status: refusal.status, desc: refusal.message, data: refusal.data });
      });
      scope.get(`${api.prefix}/openapi.json`, async (_req, reply) =>
        // The document itself, not wrapped in the envelope, so OpenAPI tools read it as is.
        reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(document)),
      );
      for (const r of api.routes) {
        register(scope, r);
        methods.set(r.url, [...(methods.get(r.url) ?? []), r.method]);
      }
    });
  }

  function register(scope: FastifyInstance, r: ApiRoute): void {
    const callers = new WeakMap<FastifyRequest, unknown>();
    scope.route({
      method: r.method,
      url: r.url,
      bodyLimit: r.bodyLimit,
      schema: {
        ...(r.body ? { body: r.body } : {}),
        ...(r.querystring ? { querystring: r.querystring } : {}),
      },
      onRequest: r.before
        ? async (req) => {
            callers.set(req, await r.before!(req));
          }
        : undefined,
      // Checked before the body is read, as a declared length over the limit is (by the parser).
      preParsing: r.body
        ? (req, _reply, payload, done) => {
            if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
              return done(new HttpError(415, 'Send the body as application/json'));
            done(null, payload);
          }
        : undefined,
      handler: async (req, reply) => {
        const answer = await r.handle(req as never, reply, callers.get(req));
        if (answer) return send(reply, answer);
        return reply;
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0]!;
    const allowed =
      methods.get(path) ?? (prefixes.some((p) => path === `${p}/openapi.json`) ? ['GET'] : null);
    if (allowed) {
      reply.header('allow', allowed.join(', '));
      return send(reply, { status: 405, desc: 'Method not allowed', data: null });
    }
    const api = deps.apis.find((a) => path.startsWith(`${a.prefix}/`));
    const what = api ? `No ${api.prefix === '/device/v1' ? 'device' : 'app'} endpoint ${path}` : 'Not found';
    return send(reply, { status: 404, desc: what, data: null });
  });
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    const refusal = refusalOf(error, req);
    if (refusal) return send(reply, { status: refusal.status, desc: refusal.message, data: refusal.data });
    deps.log.error({ err: error, method: req.method, url: req.url }, 'request failed');
    return send(reply, { status: 500, desc: 'Internal error', data: null });
  });
  return app;
}
