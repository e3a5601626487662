import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recipeContentSchema } from '@kb/contracts';
import { RECIPE_EVENT_SCHEMA_VERSIONS, recipeDecider, replay, type RecipeEvent } from '@kb/domain';
import { newEvent } from '@kb/testing';
import { recipesProjection } from '../recipes/recipes.projection.js';
import { FoldThread, FoldThreadError, type FoldRequest, type FoldResult } from './fold-thread.js';
import { isEventFailure } from './parking.js';

// The thread runs built code: the fold thread of the built library, started from here.
const BUILT = new URL('../../dist/framework/fold-worker.js', import.meta.url);

/** `count` recipes' histories (created; every other one submitted), as one batch of the fold. */
function recipeBatch(count: number, batch: number, previous: number | null, key: string): FoldRequest {
  const events: FoldRequest['events'] = {
    ids: [],
    streamPositions: [],
    types: [],
    recordedAt: [],
    metadata: [],
    data: [],
  };
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const content = recipeContentSchema.parse({
      type: 'SOUP',
      number: `F-${batch}-${i}`,
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: `番茄汤${i}` }, en: { name: `Tomato "soup" ${i}` } },
      servingVersions: [{ servings: 2, steps: [{ number: 1, workMode: 'MANUAL' }] }],
      difficulty: 'easy',
      productCodes: ['TM-6'],
      pictureFileCode: '3e1f8a2b-4c5d-4e6f-9a7b-8c9d0e1f2a3b',
      categoryId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
      tagIds: ['1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9'],
    });
    const history: RecipeEvent[] = [];
    const commands = [
      { type: 'CreateRecipe', recipeId: id, content },
      ...(i % 2 ? [{ type: 'SubmitRecipe' }] : []),
    ];
    for (const command of commands) {
      for (const e of recipeDecider.decide(command as never, replay(recipeDecider, history))) {
        const event = newEvent(e.type, 'alice', 'DEMO', e.data);
        event.metadata.schemaVersion = RECIPE_EVENT_SCHEMA_VERSIONS[e.type];
        events.ids.push(id);
        events.streamPositions.push(history.length);
        events.types.push(e.type);
        events.recordedAt.push(Date.now());
        events.metadata.push(JSON.stringify(event.metadata));
        events.data.push(JSON.stringify(event.data));
        history.push(e);
      }
    }
  }
  return { name: recipesProjection.name, key, batch, previous, events, loaded: [] };
}

const bytes = (result: FoldResult) =>
  [result.detail, result.list].map((d) => ({
    binary: Buffer.concat(d.binary).toString('base64'),
    text: Buffer.concat(d.text).toString('utf8'),
  }));

describe('the fold thread', () => {
  let thread: FoldThread;

  beforeAll(() => {
    if (!existsSync(fileURLToPath(BUILT)))
      throw new Error(
        `${fileURLToPath(BUILT)} is missing: build the library first (npx nx run @kb/read-models:build)`,
      );
    thread = new FoldThread(BUILT);
  });

  it('encodes exactly the rows the fold in this thread encodes, batch after batch', async () => {
    const key = `recipe_detail_t${randomUUID().slice(0, 8)}`;
    const first = recipeBatch(30, 1, null, key);
    const second = recipeBatch(20, 2, 1, key);
    const there = [await thread.fold(first), await thread.fold(second)];
    const here = [recipesProjection.foldText(first), recipesProjection.foldText(second)];
    expect(there.map(bytes)).toEqual(here.map(bytes));
    // Every recipe has a detail and a list row (the list in text: its arrays and jsonb).
    expect(Buffer.concat(there[0]!.list.text).toString('utf8').split('\n')).toHaveLength(31);
    expect(there[0]!.detail.binary.length).toBeGreaterThan(0);
  });

  it('refuses to fold on a batch it does not keep, as a failure of its own and not of an event', async () => {
    const key = `recipe_detail_t${randomUUID().slice(0, 8)}`;
    const refused = await thread.fold(recipeBatch(2, 7, 6, key)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FoldThreadError);
    expect(isEventFailure(refused)).toBe(false);
  });

  it('answers an event the fold cannot apply with its error, which parking isolates', async () => {
    const key = `recipe_detail_t${randomUUID().slice(0, 8)}`;
    const request = recipeBatch(3, 1, null, key);
    request.events.metadata[1] = JSON.stringify({
      ...(JSON.parse(request.events.metadata[1]!) as object),
      schemaVersion: 99,
    });
    const failed = await thread.fold(request).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(isEventFailure(failed)).toBe(true);
    // The thread goes on folding afterwards.
    const next = await thread.fold(recipeBatch(1, 2, null, key));
    expect(Buffer.concat(next.list.text).toString('utf8').split('\n')).toHaveLength(2);
  });
});
