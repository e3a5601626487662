import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';

/** A readiness check: a name and whether it holds now (with why not). */
export interface ReadinessCheck {
  name: string;
  ok: boolean;
  error?: string;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

const PROBE_TIMEOUT_MS = 2000;

/** One probe's answer: whether the check held, how long it took, and why not. */
export interface Probe {
  ok: boolean;
  ms: number;
  error?: string;
}

/** `work`, or a rejection once `ms` have passed without its answer. */
export function withinMs<T>(work: Promise<T>, ms = PROBE_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Runs one check with a deadline: a check that throws or does not answer in time did not hold. */
export async function probe(check: () => Promise<unknown>): Promise<Probe> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    await withinMs(check());
    return { ok: true, ms: ms() };
  } catch (error) {
    return { ok: false, ms: ms(), error: (error as Error).message };
  }
}

/** Runs each check with a deadline; a check that throws or does not answer in time is not ready. */
export async function readiness(checks: Record<string, () => Promise<unknown>>): Promise<Readiness> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<ReadinessCheck> => {
      const { ok, error } = await probe(check);
      return ok ? { name, ok } : { name, ok, error };
    }),
  );
  return { ready: results.every((r) => r.ok), checks: results };
}

export interface OpsServerOptions {
  host: string;
  port: number;
  /** When set, `/metrics` asks for `Authorization: Bearer <token>`. */
  token?: string;
  registry: Registry;
  ready: () => Promise<Readiness>;
}

export interface OpsServer {
  /** The port listened on (the real one when asked for 0). */
  port: number;
  url: string;
  close(): Promise<void>;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The operations port of a process, apart from the port its users reach: `/metrics` (Prometheus text), `/livez`
 * (the process answers) and `/readyz` (its dependencies answer: 200, else 503 with the failing checks).
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://ops').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'method not allowed' });
    if (path === '/livez') return json(res, 200, { live: true });
    if (path === '/readyz') {
      const result = await options.ready();
      return json(res, result.ready ? 200 : 503, result);
    }
    if (path === '/metrics') {
      if (options.token && !tokenMatches(req.headers.authorization, options.token)) {
        res.setHeader('www-authenticate', 'Bearer');
        return json(res, 401, { error: 'metrics need the bearer token' });
      }
      const body = await options.registry.metrics();
      res.writeHead(200, { 'content-type': options.registry.contentType, 'cache-control': 'no-store' });
      return res.end(body);
    }
    return json(res, 404, { error: 'not found' });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: (error as Error).message });
      else res.destroy();
    });
  });
  server.listen(options.port, options.host);
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([err]) => {
      throw new Error(
        `cannot listen on ${options.host}:${options.port} for metrics: ${(err as Error).message}`,
      );
    }),
  ]);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
