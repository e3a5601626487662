import { recipeContentSchema, type RecipeContent } from '@kb/contracts';
import {
  referencedIds,
  localizedRecipe,
  mediaFileName,
  recipeMedia,
  selectPackContents,
  type PackedRecipeSource,
} from './pack-contents.js';

const PICTURE = '00000000-0000-4000-8000-00000000000a';
const STEP_VIDEO = '00000000-0000-4000-8000-00000000000b';

function recipe(id: string, number: string, version: number): PackedRecipeSource {
  const content = recipeContentSchema.parse({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: { zh: { name: `汤${number}`, chefTips: '趁热吃' }, en: { name: `Soup ${number}` } },
    pictureFileCode: PICTURE,
    servingVersions: [
      {
        servings: 2,
        ingredients: [{ names: { zh: '排骨' }, quantity: 300 }],
        steps: [
          { number: 1, workMode: 'SLOW_COOK', descriptions: { zh: '慢炖' }, mediaFileCode: STEP_VIDEO },
          {
            number: 2,
            workMode: 'SLOW_COOK',
            descriptions: { zh: '再炖', en: 'Cook on' },
            mediaFileCode: PICTURE,
          },
        ],
      },
    ],
  });
  return { id, status: 'released', version, content: content as unknown as RecipeContent };
}

const a = recipe('a', 'R-A', 1);
const b = recipe('b', 'R-B', 2);
const c = recipe('c', 'R-C', 1);

describe('selectPackContents', () => {
  it('puts every selected recipe into an initial pack', () => {
    const selection = selectPackContents('initial', [a, b], [{ id: 'a', number: 'R-A', version: 1 }]);
    expect(selection.included.map((r) => r.id)).toEqual(['a', 'b']);
    expect(selection.removedRecipeIds).toEqual([]);
    expect(selection.catalog).toEqual([
      { id: 'a', number: 'R-A', version: 1 },
      { id: 'b', number: 'R-B', version: 2 },
    ]);
  });

  it('puts into an incremental pack the new recipes and new versions, and names the ones removed', () => {
    const baseline = [
      { id: 'a', number: 'R-A', version: 1 },
      { id: 'b', number: 'R-B', version: 1 },
      { id: 'd', number: 'R-D', version: 3 },
    ];
    const selection = selectPackContents('incremental', [a, b, c], baseline);
    expect(selection.included.map((r) => r.id)).toEqual(['b', 'c']);
    expect(selection.removedRecipeIds).toEqual(['d']);
    expect(selection.catalog.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('puts everything into an incremental pack when the model has no released pack yet', () => {
    expect(selectPackContents('incremental', [a, c], null).included.map((r) => r.id)).toEqual(['a', 'c']);
  });
});

describe('a recipe as the device reads it', () => {
  it('lists each media file once', () => {
    expect(recipeMedia(a.content)).toEqual([PICTURE, STEP_VIDEO]);
  });

  it('gives texts in the language, falling back to the main language, and media as paths in the pack', () => {
    const en = localizedRecipe(a, 'en', (code) => `media/${code}.png`);
    expect(en).toMatchObject({
      lang: 'en',
      name: 'Soup R-A',
      chefTips: '趁热吃',
      picture: `media/${PICTURE}.png`,
    });
    expect(en.servingVersions[0]!.ingredients[0]).toMatchObject({ name: '排骨', quantity: 300 });
    expect(en.servingVersions[0]!.steps.map((s) => [s.description, s.media])).toEqual([
      ['慢炖', `media/${STEP_VIDEO}.png`],
      ['Cook on', `media/${PICTURE}.png`],
    ]);
  });

  it('names media files by code and type', () => {
    expect(mediaFileName('x', 'image/jpeg', 'a.JPEG')).toBe('media/x.jpg');
    expect(mediaFileName('x', 'application/octet-stream', 'clip.MOV')).toBe('media/x.mov');
    expect(mediaFileName('x', 'application/octet-stream', 'noext')).toBe('media/x.bin');
  });
});

describe('names of what a recipe refers to', () => {
  const UNIT = '00000000-0000-4000-8000-000000000001';
  const TAG = '00000000-0000-4000-8000-000000000002';
  const CATEGORY = '00000000-0000-4000-8000-000000000003';
  const ACCESSORY = '00000000-0000-4000-8000-000000000004';
  const referring: PackedRecipeSource = {
    ...a,
    content: {
      ...a.content,
      categoryId: CATEGORY,
      tagIds: [TAG],
      accessoryIds: [ACCESSORY],
      servingVersions: a.content.servingVersions.map((v) => ({
        ...v,
        ingredients: v.ingredients.map((i) => ({ ...i, unitId: UNIT })),
      })),
    },
  };
  const names = {
    units: new Map([[UNIT, { zh: '克', en: 'g' }]]),
    categories: new Map([[CATEGORY, { zh: '汤羹' }]]),
    tags: new Map([[TAG, { zh: '快手菜', en: 'Quick' }]]),
    accessories: new Map([[ACCESSORY, { zh: '蒸篮', en: 'Steamer basket' }]]),
  };

  it('lists each referenced id once, sorted, per kind', () => {
    expect(referencedIds([referring, referring, b])).toEqual({
      units: [UNIT],
      categories: [CATEGORY],
      tags: [TAG],
      accessories: [ACCESSORY],
    });
  });

  it('names unit, category, tags and accessories in the file’s language, else the main language’s', () => {
    const en = localizedRecipe(referring, 'en', (code) => code, names);
    expect(en.servingVersions[0]!.ingredients[0]!.unit).toEqual({ id: UNIT, name: 'g' });
    expect(en.category).toEqual({ id: CATEGORY, name: '汤羹' });
    expect(en.tags).toEqual([{ id: TAG, name: 'Quick' }]);
    expect(en.accessories).toEqual([{ id: ACCESSORY, name: 'Steamer basket' }]);
    const zh = localizedRecipe(referring, 'zh', (code) => code, names);
    expect(zh.servingVersions[0]!.ingredients[0]!.unit).toEqual({ id: UNIT, name: '克' });
    expect(zh.tags).toEqual([{ id: TAG, name: '快手菜' }]);
  });
});
