import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, startSystem, type RunningSystem } from '@kb/testing';
import { loggedIn } from './harness.js';

/** One span as the OTLP/HTTP JSON exporter sends it, with the service that sent it. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** A tiny OTLP/HTTP receiver: keeps every span POSTed to /v1/traces. */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const posts: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: (Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes: any[] })[] }[];
        }[];
      };
      for (const rs of body.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans)
            spans.push({
              ...s,
              service,
              attributes: Object.fromEntries(
                s.attributes.map((a: { key: string; value: Record<string, unknown> }) => [
                  a.key,
                  Object.values(a.value)[0],
                ]),
              ),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, posts, close: () => new Promise((r) => server.close(r)) };
}

async function waitFor<T>(what: string, find: () => T | undefined, limitMs = 60_000): Promise<T> {
  return (await eventually(find, Boolean, limitMs, what)) as T;
}

describe('traces over OTLP/HTTP: API request → queue → device-ingest worker → Postgres', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let system: RunningSystem;

  beforeAll(async () => {
    receiver = await startReceiver();
    system = await startSystem({
      ingest: true,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' },
    });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
    await receiver?.close();
  });

  it('one trace holds the API server span, its queries and the export job the worker ran, linked parent to child', async () => {
    const client = await loggedIn(system.baseUrl);
    const callerTrace = '0af7651916cd43dd8448eb211c80319c';
    const res = await client.request('POST', '/api/userSearchRecord/exportData', {
      json: { format: 'csv' },
      headers: { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
    });
    expect(res.status).toBe(200);
    // The answer names the request's own span, in the caller's trace.
    expect(res.headers.get('traceparent')).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));

    const inTrace = () => receiver.spans.filter((s) => s.traceId === callerTrace);
    const server = await waitFor('the API server span', () =>
      inTrace().find((s) => s.service === 'kitchen-api' && s.kind === SERVER),
    );
    expect(server).toMatchObject({
      name: 'POST /api/userSearchRecord/exportData',
      parentSpanId: 'b7ad6b7169203331',
      attributes: { 'http.route': '/api/userSearchRecord/exportData', 'http.response.status_code': 200 },
    });
    const worker = await waitFor('the worker span', () =>
      inTrace().find((s) => s.service === 'kitchen-device-ingest' && s.kind === CONSUMER),
    );
    expect(worker).toMatchObject({ name: 'search-record-export process', parentSpanId: server.spanId });

    // The API's insert of the run and the worker's update of it, each under its own span.
    const apiInsert = await waitFor('the API query span', () =>
      inTrace().find(
        (s) =>
          s.service === 'kitchen-api' &&
          s.kind === CLIENT &&
          s.parentSpanId === server.spanId &&
          String(s.attributes['db.query.text']).includes('INSERT INTO job_runs'),
      ),
    );
    expect(apiInsert.attributes).toMatchObject({ 'db.system': 'postgresql', 'db.operation.name': 'INSERT' });
    const workerUpdate = await waitFor('the worker query span', () =>
      inTrace().find(
        (s) =>
          s.service === 'kitchen-device-ingest' &&
          s.kind === CLIENT &&
          s.parentSpanId === worker.spanId &&
          String(s.attributes['db.query.text']).startsWith("UPDATE job_runs SET state = 'succeeded'"),
      ),
    );
    expect(workerUpdate.name).toBe('UPDATE');
    // Statements travel with placeholders, never the values bound to them.
    expect(String(workerUpdate.attributes['db.query.text'])).toContain('$1');
    // Statements outside a request or a job (probes, polling) are not traces of their own.
    expect(receiver.spans.filter((s) => s.kind === CLIENT && !s.parentSpanId)).toEqual([]);
    expect(receiver.posts.every((p) => p.startsWith('POST /v1/traces application/json'))).toBe(true);
  }, 120_000);
});

describe('without an OTLP endpoint', () => {
  let system: RunningSystem;
  beforeAll(async () => {
    // Empty even if the shell running the tests names a collector.
    system = await startSystem({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' },
    });
  }, 180_000);
  afterAll(() => system?.stop());

  it('the built API starts no tracing: a request makes no span, so its answer names none', async () => {
    const client = await loggedIn(system.baseUrl);
    const res = await client.request('GET', '/api/userSearchRecord/topTerms?days=7', {
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('traceparent')).toBeNull();
  }, 60_000);
});
