import { randomUUID } from 'node:crypto';
import { recipeContentSchema } from '@kb/contracts';
import { decideRecipe, RECIPE_EVENT_SCHEMA_VERSIONS, recipeDecider } from '@kb/domain';
import { waitForProjection } from '@kb/read-models';
import type { Client, ProjectedApi } from './harness.js';
import { expectDeepPageRefused, startProjectedApi, signedIn } from './harness.js';

/**
 * The recipe list's totals past what it counts exactly, and its page numbers past what it reads by number: on a
 * brand with more than a thousand recipes of one name (their events appended as the add command's decider makes
 * them, through the event store, and projected as any other).
 */
describe('recipe list totals and deep pages', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  // Names and numbers of this attempt only, so a retry in the same database counts its own recipes.
  const token = `Q${Date.now().toString(36)}`;
  const MANY = 1001;

  interface Page {
    list: { number: string }[];
    total: number;
    totalExact: boolean;
    exactUpTo?: number;
    nextCursor: string | null;
  }

  /** A recipe of DEMO as the add command writes it: its RecipeCreated event, appended to its own stream. */
  async function create(number: string, zh: string, en: string) {
    const recipeId = randomUUID();
    const content = recipeContentSchema.parse({
      type: 'SOUP',
      number,
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: zh }, en: { name: en } },
      servingVersions: [],
      productCodes: ['TM-6'],
    });
    const events = decideRecipe({ type: 'CreateRecipe', recipeId, content }, recipeDecider.initialState);
    const correlationId = randomUUID();
    await api.store.appendToStream(
      `recipe-${recipeId}`,
      events.map((e) => ({
        eventId: randomUUID(),
        type: e.type,
        data: e.data,
        metadata: {
          actor: 'demo',
          brandOwnerCode: 'DEMO',
          correlationId,
          causationId: correlationId,
          occurredAt: new Date().toISOString(),
          schemaVersion: RECIPE_EVENT_SCHEMA_VERSIONS[e.type],
        },
      })),
      'no_stream',
    );
  }

  beforeAll(async () => {
    api = await startProjectedApi();
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn } = await signedIn(api.baseUrl, 'en', 'demo'));
    const numbers = Array.from({ length: MANY }, (_, i) => i);
    for (let i = 0; i < numbers.length; i += 25)
      await Promise.all(
        numbers
          .slice(i, i + 25)
          .map((n) => create(`${token}-${n}`, `南瓜浓汤${token}${n}`, `Pumpkin soup ${token} ${n}`)),
      );
    await create(`${token}-R1`, `鲥鱼${token}`, `Shad ${token}`);
    await create(`${token}-R2`, `清蒸鲥鱼${token}`, `Steamed shad ${token}`);
    expect(
      await waitForProjection(api.pool, 'recipes', await api.store.headPosition(), { timeoutMs: 60_000 }),
    ).toBe(true);
    // The statistics the estimate past the exact count comes from, as autovacuum would gather them.
    await api.pool.query('ANALYZE recipe_list');
  }, 120_000);
  afterAll(async () => {
    await api.stop();
  });

  it('counts a name exactly up to 1,000 matches, and says "1,000+" with an estimate past that', async () => {
    const many = (await demo.get<Page>(`/api/recipe/list?name=${token}&pageNum=1&pageSize=10`)).data;
    expect(many.list).toHaveLength(10);
    expect(many).toMatchObject({ totalExact: false, exactUpTo: 1000 });
    expect(many.total).toBeGreaterThan(1000);

    // Fewer matches than the exact bound: counted, whatever the name's length (one character, two, a word).
    for (const name of ['鲥', '鲥鱼', `shad ${token}`.toUpperCase()]) {
      const few = (await demo.get<Page>(`/api/recipe/list?name=${encodeURIComponent(name)}&pageSize=10`))
        .data;
      expect(few).toMatchObject({ total: 2, totalExact: true });
      expect(few.exactUpTo).toBeUndefined();
      expect(few.list.map((r) => r.number).sort()).toEqual([`${token}-R1`, `${token}-R2`]);
    }
  });

  it('counts a model or a number prefix exactly up to 1,000 matches, the library itself up to 10,000', async () => {
    for (const filter of ['productCode=TM-6', `number=${token}-`]) {
      const page = (await demo.get<Page>(`/api/recipe/list?${filter}&pageSize=10`)).data;
      expect(page).toMatchObject({ totalExact: false, exactUpTo: 1000 });
      expect(page.total).toBeGreaterThan(1000);
    }
    const fewNumbers = (await demo.get<Page>(`/api/recipe/list?number=${token}-R&pageSize=10`)).data;
    expect(fewNumbers).toMatchObject({ total: 2, totalExact: true });
    const library = (await demo.get<Page>('/api/recipe/list?pageSize=10')).data;
    expect(library.totalExact).toBe(true);
    expect(library.total).toBeGreaterThan(MANY);
    expect(library.exactUpTo).toBeUndefined();
  });

  it('reads pages by number through the first 10,000 rows, deeper only after a cursor, refused in zh and en', async () => {
    expect((await demo.get<Page>('/api/recipe/list?pageNum=1000&pageSize=10')).status).toBe(200);
    expect((await demo.get<Page>('/api/recipe/list?pageNum=100&pageSize=100')).status).toBe(200);
    await expectDeepPageRefused(demo, '/api/recipe/list');
    const bySize = await demoEn.get('/api/recipe/list?pageNum=201&pageSize=50');
    expect(bySize).toMatchObject({ status: 400, desc: expect.stringContaining('page 200') });

    // After the page before's cursor, a page is read at any number.
    const first = (await demo.get<Page>('/api/recipe/list?pageNum=1&pageSize=10')).data;
    const after = encodeURIComponent(first.nextCursor!);
    const next = await demo.get<Page>(`/api/recipe/list?pageNum=1001&pageSize=10&after=${after}`);
    expect(next.status).toBe(200);
    expect(next.data.list).toHaveLength(10);
  });
});
