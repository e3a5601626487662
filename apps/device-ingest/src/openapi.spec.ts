import { randomBytes } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Redis } from 'ioredis';
import { baseDatabaseUrl, redisUrl } from '@kb/testing';
import { loadConfig } from './config.js';
import { startIngest, type RunningIngest } from './ingest.js';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  parameters?: { in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDoc {
  openapi: string;
  servers?: { url: string }[];
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/** Routes anyone may call: sign-up and sign-in, and the documents themselves. */
const PUBLIC = ['POST /app/v1/register', 'POST /app/v1/sign-in'];

describe.each([
  ['device', '/device/v1'],
  ['app', '/app/v1'],
])('the %s API’s OpenAPI document', (_name, prefix) => {
  const redisPrefix = `kbtest-openapi-${randomBytes(4).toString('hex')}:`;
  let ingest: RunningIngest;
  let doc: OpenApiDoc;
  let operations: { route: string; op: Operation }[];

  beforeAll(async () => {
    ingest = await startIngest(
      loadConfig({
        INGEST_PORT: '0',
        INGEST_ROLE: 'http',
        REDIS_URL: redisUrl(),
        REDIS_PREFIX: redisPrefix,
        DATABASE_URL: baseDatabaseUrl(),
        LOG_LEVEL: 'silent',
      }),
    );
    const res = await fetch(`http://127.0.0.1:${ingest.port}${prefix}/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDoc;
    operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
  });
  afterAll(async () => {
    await ingest?.stop();
    const redis = new Redis(redisUrl());
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.unlink(...keys);
    await redis.quit();
  });

  it('is a valid OpenAPI 3.1 document by the specification’s own schema', async () => {
    const text = JSON.stringify(doc);
    const { valid, errors } = await new Validator().validate(JSON.parse(text) as Record<string, unknown>);
    expect({ valid, errors }).toEqual({ valid: true, errors: undefined });
    // 3.0 keywords and a schema dialect per schema have no place in a 3.1 document.
    expect(text).not.toMatch(/"nullable"|"\$schema"/);
    expect([doc.openapi, doc.servers?.length]).toEqual(['3.1.0', 1]);
  });

  it('documents every route of the API, each with an operation id of its own', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(doc.paths).every((p) => p.startsWith(`${prefix}/`))).toBe(true);
    expect(Object.keys(doc.paths)).toContain(`${prefix}/notices`);
  });

  it('applies a defined security scheme to every route but sign-up, sign-in and the document', () => {
    const unsecured = operations.filter(({ op }) => !op.security?.length).map(({ route }) => route);
    expect(unsecured.sort()).toEqual(
      [`GET ${prefix}/openapi.json`, ...PUBLIC.filter((r) => r.includes(prefix))].sort(),
    );
    const used = operations.flatMap(({ op }) => (op.security ?? []).flatMap((s) => Object.keys(s)));
    expect(used.filter((name) => !(name in doc.components.securitySchemes))).toEqual([]);
  });

  it('lists the answer schema and every refusal an operation can give', () => {
    const missing = operations.flatMap(({ route, op }) => {
      const statuses = Object.keys(op.responses);
      const success = statuses.find((s) => s.startsWith('2'));
      const needed = [
        '500',
        ...(op.requestBody ? ['400', '413', '415'] : []),
        ...(op.parameters?.some((p) => p.in === 'query') ? ['400'] : []),
        ...(op.security?.some((s) => 'deviceCredential' in s || 'appToken' in s) ? ['401'] : []),
      ];
      return [
        ...(success && op.responses[success]?.content?.['application/json']?.schema
          ? []
          : [`${route}: answer`]),
        ...needed.filter((s) => !statuses.includes(s)).map((s) => `${route}: ${s}`),
      ];
    });
    expect(missing).toEqual([]);
  });
});
