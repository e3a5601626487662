import { randomUUID } from 'node:crypto';
import { recipeContentSchema } from '@kb/contracts';
import { recipeDecider, recipeStreamId, replay, type RecipeEvent } from '@kb/domain';
import { comparePositions, type GlobalPosition, type RecordedEvent } from '@kb/event-store';
import { listParked } from '../framework/parking.js';
import type { Projection } from '../framework/projection.js';
import { rebuildProjection, replayProjection, runProjections } from '../framework/runner.js';
import { projectionStatus } from '../framework/status.js';
import { newEvent, projected, startTestSystem, type TestSystem } from '../test/support.js';
import { recipesProjection } from './recipes.projection.js';

/** A recipe's creation as the decider writes it, from text the API accepts (the bad text is put in afterwards). */
function created(recipeId: string, number: string): RecipeEvent {
  const content = recipeContentSchema.parse({
    type: 'SOUP',
    number,
    mainLang: 'en',
    langs: ['en', 'zh'],
    texts: { en: { name: `Soup ${number}` }, zh: { name: `汤${number}` } },
    servingVersions: [
      { servings: 2, steps: [{ number: 1, workMode: 'MANUAL', descriptions: { en: 'Stir' } }] },
    ],
    difficulty: 'easy',
    productCodes: ['TM-6'],
  });
  const [event] = recipeDecider.decide(
    { type: 'CreateRecipe', recipeId, content },
    replay(recipeDecider, []),
  ) as RecipeEvent[];
  return event!;
}

/** Text as old events hold it: a NUL, lone surrogates of both halves, a bell and a unit separator. */
const BAD = (s: string) => `${s}\u0000 a\ud800b\udc00 c\u0007d\u001fe`;
/** What the read models show of it: the unstorable characters as U+FFFD, the rest kept. */
const SHOWN = (s: string) => `${s}\ufffd a\ufffdb\ufffd c\u0007d\u001fe`;

describe('recipes projection over events the API should never have accepted', () => {
  let sys: TestSystem;
  let head: GlobalPosition;
  const ids = { a: randomUUID(), b: randomUUID(), poisoned: randomUUID(), b2: randomUUID() };

  const append = async (
    id: string,
    event: RecipeEvent,
    brand: string,
    actor = 'alice',
    schemaVersion = 1,
  ): Promise<void> => {
    const e = newEvent(event.type, actor, brand, event.data);
    e.metadata.schemaVersion = schemaVersion;
    const { position } = await sys.store.appendToStream(recipeStreamId(id), [e], 'any');
    if (!head || comparePositions(position, head) > 0) head = position;
  };
  const run = async <T>(projection: Projection, work: () => Promise<T>): Promise<T> => {
    const stop = new AbortController();
    const running = runProjections(sys.pool, sys.store, [projection], {
      signal: stop.signal,
      pollIntervalMs: 20,
    });
    try {
      return await work();
    } finally {
      stop.abort();
      await running;
    }
  };
  const listed = async () =>
    (
      await sys.pool.query<{ id: string; brand: string; names: Record<string, string>; status: string }>(
        `SELECT recipe_id::text AS id, brand_owner_code AS brand, number, names, names_text, created_by, status
           FROM recipe_list ORDER BY number`,
      )
    ).rows;

  beforeAll(async () => {
    sys = await startTestSystem();
    // Two brands' recipes with the bad text in names, description, chef tips, step texts and the actor.
    for (const [id, number, brand] of [
      [ids.a, 'T-001', 'A'],
      [ids.b, 'T-002', 'B'],
    ] as const) {
      const event = created(id, number);
      const content = (event.data as { content: any }).content;
      content.texts.en = { name: BAD('Soup'), description: BAD('Line one\nline two'), chefTips: BAD('Tip') };
      content.servingVersions[0].steps[0].descriptions.en = BAD('Stir');
      await append(id, event, brand, BAD('ali'));
    }
  });
  afterAll(async () => {
    await sys.close();
  });

  it('keeps projecting and shows the text readably in the list and detail rows', async () => {
    await run(recipesProjection, () => projected(sys.pool, 'recipes', head));
    const [status] = await projectionStatus(sys.pool, sys.store, [recipesProjection]);
    expect(status).toMatchObject({ health: 'ok', lastError: null, lagEvents: 0 });

    expect(await listed()).toEqual([
      expect.objectContaining({
        id: ids.a,
        brand: 'A',
        names: { en: SHOWN('Soup'), zh: '汤T-001' },
        names_text: `${SHOWN('Soup')}\n汤T-001`,
        created_by: SHOWN('ali'),
      }),
      expect.objectContaining({ id: ids.b, brand: 'B', names: { en: SHOWN('Soup'), zh: '汤T-002' } }),
    ]);
    // The detail's state reads back as json, and every text inside it as text (->> included).
    const { rows } = await sys.pool.query(
      `SELECT state->'content'->'texts'->'en'->>'name' AS name,
              state->'content'->'texts'->'en'->>'description' AS description,
              state->'content'->'texts'->'en'->>'chefTips' AS tips,
              state->'content'->'servingVersions'->0->'steps'->0->'descriptions'->>'en' AS step,
              state::jsonb IS NOT NULL AS jsonb
         FROM recipe_detail ORDER BY brand_owner_code`,
    );
    expect(rows).toEqual(
      ['A', 'B'].map(() => ({
        name: SHOWN('Soup'),
        description: SHOWN('Line one\nline two'),
        tips: SHOWN('Tip'),
        step: SHOWN('Stir'),
        jsonb: true,
      })),
    );
    // The name search index still splits the names at its separator only.
    const found = await sys.pool.query(
      `SELECT recipe_id::text AS id FROM recipe_list
        WHERE string_to_array(name_grams, E'\\x1f') @> ARRAY['so', 'up'] ORDER BY number`,
    );
    expect(found.rows.map((r) => r.id)).toEqual([ids.a, ids.b]);
  });

  it("parks brand A's stream on an event it cannot apply, while brand B's changes keep coming", async () => {
    await append(ids.poisoned, created(ids.poisoned, 'T-003'), 'A');
    // Written by newer code: a schema version this code does not know how to read.
    await append(
      ids.poisoned,
      { type: 'RecipeContentRevised', data: { changes: { number: 'T-003X' } } },
      'A',
      'alice',
      9,
    );
    await append(ids.poisoned, { type: 'RecipeSubmitted', data: {} } as RecipeEvent, 'A');
    await append(ids.b2, created(ids.b2, 'T-004'), 'B', 'bob');
    await append(ids.b, { type: 'RecipeSubmitted', data: {} } as RecipeEvent, 'B', 'bob');

    await run(recipesProjection, () => projected(sys.pool, 'recipes', head));
    const rows = await listed();
    expect(rows.map((r) => [r.brand, r.status])).toEqual([
      ['A', 'editing'],
      ['B', 'waiting_release'],
      ['A', 'editing'],
      ['B', 'editing'],
    ]);
    expect(
      (await listParked(sys.pool, 'recipes')).map((p) => [p.brandOwnerCode, p.eventType, p.error]),
    ).toEqual([
      [
        'A',
        'RecipeContentRevised',
        'Cannot upcast RecipeContentRevised v9: this code knows versions up to 1',
      ],
      ['A', 'RecipeSubmitted', 'Cannot upcast RecipeContentRevised v9: this code knows versions up to 1'],
    ]);
    const [status] = await projectionStatus(sys.pool, sys.store, [recipesProjection]);
    expect(status).toMatchObject({
      health: 'parked',
      lastError: null,
      lagEvents: 0,
      parked: { events: 2, streams: 1, brands: ['A'] },
    });
  });

  it('rebuilds over such a log, parking the same events in the new version', async () => {
    const before = await listed();
    const rebuilt = await rebuildProjection(sys.pool, sys.store, recipesProjection, {
      signal: new AbortController().signal,
      pollIntervalMs: 20,
    });
    expect(rebuilt).toMatchObject({ replaced: 1, parked: 2 });
    expect(await listed()).toEqual(before);
    expect((await listParked(sys.pool, 'recipes')).map((p) => [p.version, p.eventType])).toEqual([
      [rebuilt.version, 'RecipeContentRevised'],
      [rebuilt.version, 'RecipeSubmitted'],
    ]);
  });

  it('replays the parked events once the code knows them, in order', async () => {
    // The fix: code that reads the new schema version (here: as the one it knows).
    const knowsV9 = (e: RecordedEvent): RecordedEvent =>
      e.metadata.schemaVersion === 9 ? { ...e, metadata: { ...e.metadata, schemaVersion: 1 } } : e;
    const fixed: Projection = {
      ...recipesProjection,
      prepare: (events, db, ctx, previous) =>
        recipesProjection.prepare!(events.map(knowsV9), db, ctx, previous),
      project: (events, tx, ctx) => recipesProjection.project(events.map(knowsV9), tx, ctx),
    };
    const [result] = await replayProjection(sys.pool, sys.store, fixed, {
      signal: new AbortController().signal,
    });
    expect(result).toMatchObject({ by: 'here', replayed: 2, stillParked: 0 });
    const poisoned = (await listed()).find((r) => r.id === ids.poisoned);
    expect(poisoned).toMatchObject({ number: 'T-003X', status: 'waiting_release' });
    expect(await listParked(sys.pool, 'recipes')).toEqual([]);
  });
});
