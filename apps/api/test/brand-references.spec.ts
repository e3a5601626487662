import type { EventStore } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { waitForProjection } from '@kb/read-models';
import { loggedIn, uploadImage, type Client, startProjectedApi, type ProjectedApi } from './harness.js';

/** What one brand owns, by the ids its writes may name. */
interface Owned {
  client: Client;
  main: string;
  image: string;
  recipe: string;
  category: string;
  tag: string;
  unit: string;
  accessory: string;
  onlineCategory: string;
  device: { id: string; sn: string };
  subBrand: string;
  /** A model only this brand has, when there is one. */
  ownModel: string | null;
}

/** A write that names a record: the request the caller sends with the victim's id, and the state it must not change. */
interface Row {
  name: string;
  /** The field the refusal names (400), or null where the named record itself is the target (404). */
  field: string | null;
  request: (caller: Owned, victim: Owned) => { url: string; body: unknown } | null;
  state: (caller: Owned) => Promise<unknown>;
}

const recipeBody = (caller: Owned, number: string, extra: Record<string, unknown> = {}) => ({
  type: 'SOUP',
  number,
  mainLang: caller.main,
  langs: [caller.main],
  texts: { [caller.main]: { name: `Soup ${number}` } },
  productCodes: ['TM-6'],
  ...extra,
});
const version = (caller: Owned, extra: Record<string, unknown>) => ({
  servings: 2,
  ingredients: [{ names: { [caller.main]: 'rib' }, quantity: 300, ...extra }],
  steps: [{ number: 1, workMode: 'SLOW_COOK', minutes: 60, descriptions: { [caller.main]: 'stew' } }],
});

const recipeTotal = async (c: Owned) => (await c.client.get('/api/recipe/list?pageSize=10')).data.total;
const listLength = (url: string) => async (c: Owned) => (await c.client.get(url)).data.length;

const ROWS: Row[] = [
  {
    name: 'online category picture',
    field: 'categories.0.pictureFileCode',
    request: (c, v) => ({
      url: '/api/appOnlineCategory/batchAdd',
      body: { categories: [{ names: { [c.main]: 'X' }, pictureFileCode: v.image }] },
    }),
    state: listLength('/api/appOnlineCategory/list?onPage=false'),
  },
  {
    name: 'online category recipes',
    field: 'recipeIds.1',
    request: (c, v) => ({
      url: '/api/appOnlineCatRecipe/batchAdd',
      body: { categoryId: c.onlineCategory, recipeIds: [c.recipe, v.recipe] },
    }),
    state: async (c) =>
      (await c.client.get(`/api/appOnlineCategory/detail?id=${c.onlineCategory}`)).data.recipes,
  },
  {
    name: 'recipe category',
    field: 'categoryId',
    request: (c, v) => ({ url: '/api/recipe/add', body: recipeBody(c, 'XB-1', { categoryId: v.category }) }),
    state: recipeTotal,
  },
  {
    name: 'recipe tag',
    field: 'tagIds.0',
    request: (c, v) => ({ url: '/api/recipe/add', body: recipeBody(c, 'XB-2', { tagIds: [v.tag] }) }),
    state: recipeTotal,
  },
  {
    name: 'recipe accessory',
    field: 'accessoryIds.0',
    request: (c, v) => ({
      url: '/api/recipe/add',
      body: recipeBody(c, 'XB-3', { accessoryIds: [v.accessory] }),
    }),
    state: recipeTotal,
  },
  {
    name: 'recipe picture',
    field: 'pictureFileCode',
    request: (c, v) => ({
      url: '/api/recipe/add',
      body: recipeBody(c, 'XB-4', { pictureFileCode: v.image }),
    }),
    state: recipeTotal,
  },
  {
    name: 'recipe ingredient unit',
    field: 'servingVersions.0.ingredients.0.unitId',
    request: (c, v) => ({
      url: '/api/recipe/add',
      body: recipeBody(c, 'XB-5', { servingVersions: [version(c, { unitId: v.unit })] }),
    }),
    state: recipeTotal,
  },
  {
    name: 'recipe model',
    field: 'productCodes.0',
    request: (c, v) =>
      v.ownModel
        ? { url: '/api/recipe/add', body: recipeBody(c, 'XB-6', { productCodes: [v.ownModel] }) }
        : null,
    state: recipeTotal,
  },
  {
    name: 'recipe copy',
    field: null,
    request: (_, v) => ({ url: '/api/recipe/copy', body: { id: v.recipe } }),
    state: recipeTotal,
  },
  {
    name: 'recipes batch category',
    field: 'categoryId',
    request: (c, v) => ({
      url: '/api/recipe/batchUpdateCategory',
      body: { ids: [c.recipe], categoryId: v.category },
    }),
    state: async (c) => (await c.client.get(`/api/recipe/detail?id=${c.recipe}`)).data,
  },
  {
    name: 'recipes batch models',
    field: 'productCodes.0',
    request: (c, v) =>
      v.ownModel
        ? { url: '/api/recipe/batchRelModel', body: { ids: [c.recipe], productCodes: [v.ownModel] } }
        : null,
    state: async (c) => (await c.client.get(`/api/recipe/detail?id=${c.recipe}`)).data,
  },
  {
    name: 'recipe category picture',
    field: 'pictureFileCode',
    request: (c, v) => ({
      url: '/api/recipeCategory/add',
      body: { number: 'XB-C', mainLang: c.main, names: { [c.main]: 'X' }, pictureFileCode: v.image },
    }),
    state: listLength('/api/recipeCategory/list?onPage=false'),
  },
  {
    name: 'accessory photo',
    field: 'photoFileCode',
    request: (c, v) => ({
      url: '/api/accessory/add',
      body: { number: 'XB-A', names: { [c.main]: 'X' }, photoFileCode: v.image, type: 'common' },
    }),
    state: listLength('/api/accessory/list?onPage=false'),
  },
  {
    name: 'review recipe',
    field: 'recipeId',
    request: (_, v) => ({
      url: '/api/recipeUserEvaluation/add',
      body: { recipeId: v.recipe, sn: 'SN1', userAccount: 'u1', score: 5 },
    }),
    state: async (c) => (await c.client.get('/api/recipeUserEvaluation/list')).data.total,
  },
  {
    name: 'test device',
    field: 'sn',
    request: (_, v) => ({ url: '/api/testDevice/add', body: { sn: v.device.sn } }),
    state: async (c) => (await c.client.get('/api/testDevice/list')).data.total,
  },
  {
    name: 'device picture',
    field: 'pictureFileCode',
    request: (c, v) => ({ url: '/api/device/update', body: { id: c.device.id, pictureFileCode: v.image } }),
    state: async (c) => (await c.client.get(`/api/device/detail?id=${c.device.id}`)).data.pictureFileCode,
  },
  {
    name: 'device',
    field: null,
    request: (_, v) => ({
      url: '/api/device/update',
      body: { id: v.device.id, inactivityTimeoutSeconds: 60 },
    }),
    state: async () => null,
  },
  {
    name: 'APK sub-brand',
    field: 'subBrandCode',
    request: (_, v) => ({
      url: '/api/subApk/add',
      body: { subBrandCode: v.subBrand, productCode: 'TM-6', versionNumber: '9.9.9' },
    }),
    state: async (c) => (await c.client.get('/api/subApk/list')).data.total,
  },
  {
    name: 'APK picture',
    field: 'bootLogo',
    request: (c, v) => ({
      url: '/api/subApk/add',
      body: { subBrandCode: c.subBrand, productCode: 'TM-6', versionNumber: '9.9.8', bootLogo: v.image },
    }),
    state: async (c) => (await c.client.get('/api/subApk/list')).data.total,
  },
  {
    name: 'offline pack recipes',
    field: 'recipeIds',
    request: (c, v) => ({
      url: '/api/offlineRecipes/add',
      body: {
        number: 'XB-P',
        type: 'initial',
        productCode: 'TM-6',
        subBrandCode: c.subBrand,
        recipeIds: [v.recipe],
      },
    }),
    state: async (c) => (await c.client.get('/api/offlineRecipes/list')).data.total,
  },
];

describe('writes that name another record accept only the caller’s brand’s own', () => {
  let api: ProjectedApi;
  let pool: Pool;
  let store: EventStore;
  let demo: Owned;
  let other: Owned;

  /** Read models caught up with every event so far, so that a state read before and after compares writes only. */
  const settled = async () =>
    expect(await waitForProjection(pool, 'recipes', await store.headPosition(), { timeoutMs: 10_000 })).toBe(
      true,
    );

  async function own(
    client: Client,
    main: string,
    subBrand: string,
    ownModel: string | null,
  ): Promise<Owned> {
    const image = await uploadImage(client, 'own.png');
    const must = async (url: string, body: unknown) => {
      const res = await client.post(url, body);
      if (res.status !== 200) throw new Error(`${url}: ${res.desc}`);
      return res.data;
    };
    const names = { [main]: `Own ${main}` };
    const recipe = await must('/api/recipe/add', {
      type: 'SOUP',
      number: `OWN-${main}`,
      mainLang: main,
      langs: [main],
      texts: { [main]: { name: 'Own soup' } },
      productCodes: ['TM-6'],
    });
    const category = await must('/api/recipeCategory/add', {
      number: `OWN-C-${main}`,
      mainLang: main,
      names,
    });
    const tag = await must('/api/recipeTag/add', { number: `OWN-T-${main}`, names });
    const unit = await must('/api/boUnit/add', { names });
    const accessory = await must('/api/accessory/add', {
      number: `OWN-A-${main}`,
      names,
      photoFileCode: image,
      type: 'common',
    });
    const online = await must('/api/appOnlineCategory/batchAdd', { categories: [{ names }] });
    const device = (await client.get('/api/device/list?pageSize=10')).data.list[0];
    return {
      client,
      main,
      image,
      recipe: recipe.id,
      category: category.id,
      tag: tag.id,
      unit: unit.id,
      accessory: accessory.id,
      onlineCategory: online.ids[0],
      device: { id: device.id, sn: device.sn },
      subBrand,
      ownModel,
    };
  }

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '5000' });
    ({ pool, store } = api);
    demo = await own(await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en'), 'zh', 'DEMO-CHEF', 'TM-7');
    other = await own(await loggedIn(api.baseUrl, 'other', 'other12345', 'en'), 'en', 'OTHER-ONE', null);
    // The recipe checks read the recipe read model: let it catch up with both brands' recipes.
    expect(await waitForProjection(pool, 'recipes', await store.headPosition(), { timeoutMs: 10_000 })).toBe(
      true,
    );
  });
  afterAll(async () => {
    await api.stop();
  });

  const cases = ROWS.flatMap((row) => [
    { ...row, direction: 'OTHER naming DEMO’s', caller: () => other, victim: () => demo },
    { ...row, direction: 'DEMO naming OTHER’s', caller: () => demo, victim: () => other },
  ]);

  it.each(cases)('$name: refused for $direction', async ({ request, field, state, caller, victim }) => {
    const sent = request(caller(), victim());
    if (!sent) return; // the victim has nothing the caller lacks of this kind
    await settled();
    const before = await state(caller());
    const victimBefore = await state(victim());
    const res = await caller().client.post(sent.url, sent.body);
    expect({ status: res.status, fields: Object.keys(res.data?.fieldErrors ?? {}) }).toEqual(
      field === null ? { status: 404, fields: [] } : { status: 400, fields: expect.arrayContaining([field]) },
    );
    expect(res.desc).toEqual(expect.any(String));
    expect(res.desc).not.toBe('');
    await settled();
    expect(await state(caller())).toEqual(before);
    expect(await state(victim())).toEqual(victimBefore);
  });

  it('names the field and the kind of record in zh and en', async () => {
    const body = { categoryId: other.onlineCategory, recipeIds: [other.recipe, demo.recipe] };
    const en = await other.client.post('/api/appOnlineCatRecipe/batchAdd', body);
    expect(en).toMatchObject({ status: 400, desc: 'recipeIds.1: no such recipe in your brand' });
    expect(en.data.fieldErrors).toEqual({ 'recipeIds.1': 'recipeIds.1: no such recipe in your brand' });
    other.client.lang = 'zh';
    const zh = await other.client.post('/api/appOnlineCatRecipe/batchAdd', body);
    other.client.lang = 'en';
    expect(zh).toMatchObject({ status: 400, desc: 'recipeIds.1：菜谱不存在或不属于本品牌' });
  });

  it('refuses a recipe id that is not an id before looking it up', async () => {
    const res = await other.client.post('/api/appOnlineCatRecipe/batchAdd', {
      categoryId: other.onlineCategory,
      recipeIds: [`<b>${'x'.repeat(5000)}</b>`],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.data.fieldErrors)).toEqual(['recipeIds.0']);
  });

  it('still links the brand’s own recipes in order', async () => {
    const res = await other.client.post('/api/appOnlineCatRecipe/batchAdd', {
      categoryId: other.onlineCategory,
      recipeIds: [other.recipe],
    });
    expect(res).toMatchObject({ status: 200, data: { added: 1 } });
  });
});
