import { apkCommands, offlinePackCommands, recipeCommands } from '@kb/aggregates';
import { signedInForSuite, staffDocForSuite, testApiForSuite } from './harness.js';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  operationId: string;
  summary: string;
  'x-permission': string;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

const DECLARED = [recipeCommands, apkCommands, offlinePackCommands].flatMap((aggregate) =>
  aggregate.commands.map((command) => ({ path: `/api/${aggregate.route}/${command.route}`, command })),
);

describe('aggregate kit: each declared command is one route, documented from its declaration', () => {
  const api = testApiForSuite();
  const { demo } = signedInForSuite(api, 'en', 'demo');
  const doc = staffDocForSuite<OpenApiDoc>(api);

  it('documents every command with its permission, its request body and its answer inside the envelope', () => {
    expect(DECLARED.length).toBeGreaterThan(40);
    for (const { path, command } of DECLARED) {
      const operation = doc.paths[path]?.post;
      expect({ path, found: !!operation }).toEqual({ path, found: true });
      expect(operation!['x-permission']).toBe(command.permission);
      expect(operation!.summary).toBe(command.summary);
      expect(operation!.requestBody?.content['application/json']?.schema).toBeDefined();
      const answer = operation!.responses['200']?.content?.['application/json']?.schema;
      expect({ path, envelope: answer?.required }).toEqual({ path, envelope: ['status', 'desc', 'data'] });
      if (command.answer === 'batch')
        expect({ path, report: Object.keys(answer!.properties!.data!.properties!) }).toEqual({
          path,
          report: ['succeeded', 'failed', 'results'],
        });
      if (command.answer === 'one')
        expect({ path, change: answer!.properties!.data!.required }).toEqual(
          expect.objectContaining({ change: expect.arrayContaining(['id', 'revision', 'changed']) }),
        );
    }
    const ids = DECLARED.map(({ path }) => doc.paths[path]!.post!.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('parses the body with the declared schema before anything runs, answering in the caller’s language', async () => {
    const res = await demo.post('/api/recipe/batchRelease', { ids: 'not-a-list' });
    expect(res.status).toBe(400);
    expect(res.desc).toMatch(/^Invalid input: ids: /);
    expect(Object.keys(res.data.fieldErrors)).toEqual(['ids']);
  });
});
