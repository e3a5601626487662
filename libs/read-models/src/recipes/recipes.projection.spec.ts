import { randomUUID } from 'node:crypto';
import { recipeContentSchema, type RecipeContentInput } from '@kb/contracts';
import { RECIPE_EVENT_SCHEMA_VERSIONS, recipeDecider, recipeStreamId, replay } from '@kb/domain';
import { commandActor, projected } from '../test/support.js';
import {
  GRAM_SEPARATOR,
  nameGrams,
  nameGramsSql,
  nameGramsText,
  recipesProjection,
} from './recipes.projection.js';
import { expectJunkPassedOver, expectSameAfterRebuild, projectingSystem } from '../test/projecting.js';

const PICTURE = '3e1f8a2b-4c5d-4e6f-9a7b-8c9d0e1f2a3b';
const CATEGORY = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const TAG = '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9';

const content = (number: string, overrides: Partial<RecipeContentInput> = {}) =>
  recipeContentSchema.parse({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: { zh: { name: `番茄汤${number}` }, en: { name: `Tomato soup ${number}` } },
    servingVersions: [{ servings: 2, steps: [{ number: 1, workMode: 'MANUAL' }] }],
    difficulty: 'easy',
    productCodes: ['TM-6'],
    pictureFileCode: PICTURE,
    categoryId: CATEGORY,
    tagIds: [TAG],
    ...overrides,
  });

describe('recipes projection', () => {
  const sys = projectingSystem([recipesProjection]);

  const { act, history } = commandActor(
    () => sys().store,
    { decider: recipeDecider, streamId: recipeStreamId, schemaVersions: RECIPE_EVENT_SCHEMA_VERSIONS },
    'alice',
  );

  const listRows = async () =>
    (
      await sys().pool.query(
        `SELECT recipe_id::text AS id, brand_owner_code AS brand, number, names, status, version, online, paid,
                category_id::text AS category, tag_ids::text[] AS tags, product_codes AS models, langs,
                created_by, updated_by, deleted_at IS NOT NULL AS deleted, recycled_from, copied_from::text AS copied_from,
                revision::int AS revision
           FROM recipe_list ORDER BY number`,
      )
    ).rows;

  it('cuts names into their lowercased 1- and 2-character pieces for the search index', () => {
    expect(nameGrams(['鸡翅', 'Wing'])).toEqual(['鸡', '鸡翅', '翅', 'w', 'wi', 'i', 'in', 'n', 'ng', 'g']);
    expect(nameGrams(['aa'])).toEqual(['a', 'aa']);
    // A character outside the basic plane (two UTF-16 units) is one piece, never half of one.
    expect(nameGrams(['🍲汤'])).toEqual(['🍲', '🍲汤', '汤']);
  });

  it('stores the name pieces as one separated text, pieces holding the separator left out', () => {
    const stored = (names: string[]) =>
      nameGrams(names)
        .filter((g) => !g.includes(GRAM_SEPARATOR))
        .join(GRAM_SEPARATOR);
    expect(nameGramsText(['鸡翅', 'Wing'])).toBe(
      ['鸡', '鸡翅', '翅', 'w', 'wi', 'i', 'in', 'n', 'ng', 'g'].join('\x1f'),
    );
    // Names with and without characters outside the basic plane, repeats across names, the separator itself, and
    // a lone surrogate: the same pieces in the same order as the list of pieces.
    for (const names of [
      ['番茄汤番茄', 'Tomato Soup', 'TOMATO'],
      ['a\x1fb', '\x1f', 'ab'],
      ['🍲汤', '汤🍲', 'Soup 🍲'],
      ['汤', 'x\ud800y', 'xy'],
      ['', 'Ä', 'ä'],
    ])
      expect(nameGramsText(names)).toBe(stored(names));
  });

  it('reads the recipe id from recipe streams only', () => {
    const id = randomUUID();
    expect(recipesProjection.idOfStream(`recipe-${id}`)).toBe(id);
    expect(recipesProjection.idOfStream(`recipe-${id.toUpperCase()}`)).toBe(id);
    expect(recipesProjection.idOfStream(`apk-${id}`)).toBeNull();
    expect(recipesProjection.idOfStream('recipe-abc')).toBeNull();
  });

  it('keeps one list row and one detail row per recipe through its life, and drops it when cleared', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const copy = randomUUID();
    await act(a, { type: 'CreateRecipe', recipeId: a, content: content('P-001') });
    await act(a, { type: 'SubmitRecipe' }, 'bob');
    await act(a, { type: 'ReleaseRecipe' }, 'carol');
    await act(a, { type: 'SetRecipeOnlineStatus', online: true }, 'carol');
    await act(b, { type: 'CreateRecipe', recipeId: b, content: content('P-002') }, 'olga', 'OTHER');
    await act(b, { type: 'DeleteRecipe', at: '2026-03-01T08:30:00.000Z' }, 'olga', 'OTHER');
    const last = await act(copy, {
      type: 'CopyRecipe',
      recipeId: copy,
      number: 'P-001-copy',
      source: { recipeId: a, state: replay(recipeDecider, history(a)) },
    });
    await projected(sys().pool, 'recipes', last);

    const rows = await listRows();
    expect(rows).toEqual([
      {
        id: a,
        brand: 'DEMO',
        number: 'P-001',
        names: { zh: '番茄汤P-001', en: 'Tomato soup P-001' },
        status: 'released',
        version: 1,
        online: true,
        paid: false,
        category: CATEGORY,
        tags: [TAG],
        models: ['TM-6'],
        langs: ['zh', 'en'],
        created_by: 'alice',
        updated_by: 'carol',
        deleted: false,
        recycled_from: null,
        copied_from: null,
        revision: 3,
      },
      expect.objectContaining({
        id: copy,
        number: 'P-001-copy',
        status: 'editing',
        online: false,
        copied_from: a,
      }),
      expect.objectContaining({
        id: b,
        brand: 'OTHER',
        status: 'recycle_bin',
        deleted: true,
        recycled_from: 'editing',
      }),
    ]);
    const detail = await sys().pool.query(
      `SELECT state, revision::int AS revision FROM recipe_detail WHERE recipe_id = $1`,
      [a],
    );
    expect(detail.rows[0]).toMatchObject({
      revision: 3,
      state: { status: 'released', version: 1, content: { number: 'P-001', online: true } },
    });

    const cleared = await act(b, { type: 'ClearRecipe' }, 'olga', 'OTHER');
    await projected(sys().pool, 'recipes', cleared);
    expect((await listRows()).map((r) => r.id)).toEqual([a, copy]);
    expect((await sys().pool.query('SELECT 1 FROM recipe_detail WHERE recipe_id = $1', [b])).rowCount).toBe(
      0,
    );
  });

  it('applies revisions as patches and finds names in any language', async () => {
    const id = randomUUID();
    await act(id, { type: 'CreateRecipe', recipeId: id, content: content('P-100') });
    const last = await act(id, {
      type: 'ReviseRecipeContent',
      content: content('P-101', {
        langs: ['zh', 'en', 'de'],
        texts: { zh: { name: '土豆泥' }, de: { name: 'Kartoffelpüree' } },
        paid: true,
      }),
    });
    await projected(sys().pool, 'recipes', last);
    // What the list query asks: every 2-character piece of the text (1 character: itself), then ILIKE.
    const search = async (text: string) => {
      const pieces = nameGrams([text]).filter((g) => g.length === Math.min(2, Array.from(text).length));
      const { rows } = await sys().pool.query(
        `SELECT number, names, paid FROM recipe_list
          WHERE ${nameGramsSql('name_grams')} @> $1::text[] AND names_text ILIKE $2`,
        [pieces, `%${text}%`],
      );
      return rows;
    };
    expect(await search('PÜREE')).toEqual([
      { number: 'P-101', names: { zh: '土豆泥', de: 'Kartoffelpüree' }, paid: true },
    ]);
    expect((await search('土豆')).map((r) => r.number)).toEqual(['P-101']);
    expect((await search('泥')).map((r) => r.number)).toEqual(['P-101']);
    expect(await search('番茄汤P-101')).toEqual([]);
  });

  it('passes over recipe-named events that carry no recipe instead of stopping', async () => {
    const junk = randomUUID();
    const id = randomUUID();
    await expectJunkPassedOver(
      sys(),
      'recipes',
      { id: junk, streamId: recipeStreamId(junk), type: 'RecipeCreated', data: { number: 'R-1' } },
      id,
      () => act(id, { type: 'CreateRecipe', recipeId: id, content: content('P-200') }),
      async () => (await listRows()).map((r) => r.id),
    );
  });

  it('builds the same rows again from the log on rebuild', async () => {
    const details = async () =>
      (await sys().pool.query('SELECT * FROM recipe_detail ORDER BY recipe_id')).rows;
    await expectSameAfterRebuild(sys(), recipesProjection, listRows, details);
  });
});
