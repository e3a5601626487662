import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Envelope } from '@kb/contracts';
import type { Logger } from 'pino';
import type { Readiness } from '@kb/platform';
import { inRequest, requestIdOf, UNMATCHED_ROUTE } from '@kb/platform';
import type { Health } from './health.js';
import type { IngestMetrics } from './metrics.js';

/** Device API routes live under this path (devices/device-api.ts). */
export const DEVICE_API_PREFIX = '/device/v1/';
/** The companion app's routes live under this path (app-api/app-api.ts). */
const APP_API_PREFIX = '/app/v1/';

export function send(res: ServerResponse, body: Envelope): void {
  const json = JSON.stringify(body);
  res.writeHead(body.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
  });
  res.end(json);
}

/** The HTTP surface of device-ingest: `GET /health`, and the envelope for everything else. */
export function createRequestHandler(deps: {
  health: () => Promise<Health>;
  log: Logger;
  /** The device API (absent in the `workers` role): true when it answered the request. */
  device?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;
  /** The app API (absent in the `workers` role): true when it answered the request. */
  app?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;
  /** Liveness and readiness of the process, answered on /livez and /readyz. */
  ready?: () => Promise<Readiness>;
  metrics?: IngestMetrics;
}) {
  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://device-ingest').pathname;
    if (path === '/health') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD');
        return send(res, { status: 405, desc: 'Method not allowed', data: null });
      }
      const health = await deps.health();
      const healthy = health.redis.ok && health.postgres.ok;
      return send(res, { status: healthy ? 200 : 503, desc: healthy ? 'ok' : 'unavailable', data: health });
    }
    if ((path === '/livez' || path === '/readyz') && (req.method === 'GET' || req.method === 'HEAD')) {
      const ready = path === '/readyz' && deps.ready ? await deps.ready() : { ready: true, checks: [] };
      return send(res, {
        status: ready.ready ? 200 : 503,
        desc: ready.ready ? 'ok' : 'unavailable',
        data: ready,
      });
    }
    if (path.startsWith(DEVICE_API_PREFIX)) {
      if (deps.device && (await deps.device(req, res, path))) return;
      return send(res, { status: 404, desc: `No device endpoint ${path}`, data: null });
    }
    if (path.startsWith(APP_API_PREFIX)) {
      if (deps.app && (await deps.app(req, res, path))) return;
      return send(res, { status: 404, desc: `No app endpoint ${path}`, data: null });
    }
    return send(res, { status: 404, desc: 'Not found', data: null });
  }

  function record(req: IncomingMessage, res: ServerResponse, started: number): void {
    if (!deps.metrics) return;
    const path = new URL(req.url ?? '/', 'http://device-ingest').pathname;
    // Every route is a fixed path (ids travel in bodies and queries); a 404 is any URL, so it is one series.
    const route = res.statusCode === 404 ? UNMATCHED_ROUTE : path;
    const status = String(res.statusCode);
    deps.metrics.httpDuration.observe(
      { method: req.method ?? 'GET', route, status },
      (performance.now() - started) / 1000,
    );
    if (res.statusCode >= 400 && (path.startsWith(DEVICE_API_PREFIX) || path.startsWith(APP_API_PREFIX)))
      deps.metrics.refusals.inc({ route, status });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    const started = performance.now();
    res.on('finish', () => record(req, res, started));
    inRequest(requestId, () =>
      route(req, res).catch((error: unknown) => {
        deps.log.error({ err: error, method: req.method, url: req.url }, 'request failed');
        if (!res.headersSent) send(res, { status: 500, desc: 'Internal error', data: null });
        else res.destroy();
      }),
    );
  };
}
