import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApi, type TestApi } from './harness.js';

interface Operation {
  'x-permission'?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDoc {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

describe('the staff API’s OpenAPI document (/api/docs-json)', () => {
  let api: TestApi;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    api = await startTestApi();
    doc = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as OpenApiDoc;
  });
  afterAll(async () => {
    await api.stop();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );

  it('is a valid OpenAPI 3.1 document by the specification’s own schema', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect({ valid: result.valid, errors: result.errors }).toEqual({ valid: true, errors: undefined });
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('gives every operation its answer schema and the refusals it can give, in the envelope', () => {
    const missing = operations()
      .filter(({ op }) => {
        const ok = op.responses['200']?.content;
        return (
          !ok || !Object.values(ok).some((c) => c.schema) || !op.responses['400'] || !op.responses['500']
        );
      })
      .map(({ route }) => route);
    expect(missing).toEqual([]);
  });

  it('asks for the session cookie on every operation but the public ones', () => {
    for (const { route, op } of operations()) {
      const guarded = !!op['x-permission'];
      expect({ route, security: op.security }).toEqual({ route, security: guarded ? [{ cookie: [] }] : [] });
      expect({ route, refusals: ['401', '403'].filter((s) => s in op.responses) }).toEqual({
        route,
        refusals: guarded ? ['401', '403'] : [],
      });
    }
  });
});
