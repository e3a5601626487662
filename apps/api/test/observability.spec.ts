import { Writable } from 'node:stream';
import { startOpsServer, type OpsServer } from '@kb/platform';
import type { Pool } from '@kb/platform';
import { Metrics, ReadinessProbe } from '../src/infra/observability.js';
import { PG_POOL } from '../src/infra/tokens.js';
import { Client, loggedIn, startTestApi, type TestApi } from './harness.js';
import { metricSample } from '@kb/testing';

/** The value of one series in Prometheus text, or undefined when the series is absent. */
describe('watching the API: metrics, request ids', () => {
  let api: TestApi;
  let ops: OpsServer;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logs = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    api = await startTestApi({ LOG_LEVEL: 'info' }, { logDestination: logs });
    ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      token: 'a-token-of-sixteen-chars',
      registry: api.app.get(Metrics).registry,
      ready: () => api.app.get(ReadinessProbe).check(),
    });
  });
  afterAll(async () => {
    await ops.close();
    await api.stop();
  });

  const scrape = async () => {
    const res = await fetch(`${ops.url}/metrics`, {
      headers: { authorization: 'Bearer a-token-of-sixteen-chars' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('asks for the token, and never serves metrics (or the web app) on the public port', async () => {
    expect((await fetch(`${ops.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${ops.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(
      401,
    );
    const onPublicPort = await fetch(`${api.baseUrl}/metrics`);
    expect(onPublicPort.status).toBe(404);
    expect(await onPublicPort.text()).not.toContain('<html');
  });

  it('times requests by route pattern and status, counts appends, and reports the process', async () => {
    const demo = await loggedIn(api.baseUrl);
    const { rows } = await api.app
      .get<symbol, Pool>(PG_POOL)
      .query<{ id: string }>(
        `SELECT substring(stream_id from 8) AS id FROM events WHERE stream_id LIKE 'recipe-%' LIMIT 1`,
      );
    const copied = await demo.post('/api/recipe/copy', { id: rows[0]!.id });
    expect(copied.status).toBe(200);
    const refused = await new Client(api.baseUrl).get('/api/recipeCategory/list?pageNum=1&pageSize=10');
    expect(refused.http).toBe(401);

    const text = await scrape();
    expect(
      metricSample(text, 'http_request_duration_seconds_count', { route: '/api/auth/login', status: '200' }),
    ).toBe(1);
    expect(
      metricSample(text, 'http_request_duration_seconds_count', { route: '/api/recipe/copy', status: '200' }),
    ).toBe(1);
    expect(
      metricSample(text, 'http_request_duration_seconds_count', {
        route: '/api/recipeCategory/list',
        status: '401',
      }),
    ).toBe(1);
    // Query strings and record ids never become series.
    expect(text).not.toContain(rows[0]!.id);
    expect(text).not.toContain('pageNum');
    expect(metricSample(text, 'event_store_appends_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(
      metricSample(text, 'event_store_append_duration_seconds_count', { outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metricSample(text, 'process_resident_memory_bytes', { service: 'api' })).toBeGreaterThan(0);
    expect(metricSample(text, 'nodejs_eventloop_lag_seconds', { service: 'api' })).toBeGreaterThanOrEqual(0);
  });

  it('answers with a request id, and names it on the error line of a failed request', async () => {
    const demo = await loggedIn(api.baseUrl);
    const pool = api.app.get<symbol, Pool>(PG_POOL);
    await pool.query('ALTER TABLE recipe_categories RENAME TO recipe_categories_away');
    try {
      const res = await demo.request('GET', '/api/recipeCategory/list?pageNum=1&pageSize=10');
      expect(res.status).toBe(500);
      const requestId = res.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const lines = logLines.filter((l) => l.requestId === requestId);
      expect(lines.some((l) => l.level === 50 && String(l.msg).length > 0)).toBe(true);
      expect(lines.some((l) => l.msg === 'request' && l.status === 500)).toBe(true);
      // Lines of other requests carry their own ids, not this one.
      expect(logLines.filter((l) => l.msg === 'request' && l.requestId !== requestId).length).toBeGreaterThan(
        0,
      );
    } finally {
      await pool.query('ALTER TABLE recipe_categories_away RENAME TO recipe_categories');
    }
    // A caller's own id (a proxy's) is kept; one that is not a plain token is replaced.
    const kept = await demo.request('GET', '/api/health', { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc');
    const replaced = await demo.request('GET', '/api/health', {
      headers: { 'x-request-id': 'a b <forged>' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
