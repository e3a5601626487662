import { waitForProjection } from '@kb/read-models';
import { loggedIn, projectedApiForSuite, signedInForSuite, uploadImage } from './harness.js';

describe('recipe reference data', () => {
  // The projector: online categories link recipes of the recipe read model.
  const api = projectedApiForSuite();
  const { demo, other } = signedInForSuite(api, 'en', 'demo', 'other');

  describe('language settings', () => {
    it('lists every system language with the brand’s choice, main first', async () => {
      const res = await demo.get('/api/sysSupportLang/list');
      expect(res.data[0]).toMatchObject({ langCode: 'zh', main: true, supported: true });
      expect(
        res.data
          .filter((l: { supported: boolean }) => l.supported)
          .map((l: { langCode: string }) => l.langCode),
      ).toEqual(['zh', 'en', 'de', 'fr']);
    });

    it('saves languages and refuses a main language outside them', async () => {
      const bad = await other.post('/api/sysSupportLang/save', { langs: ['en'], mainLang: 'de' });
      expect(bad.data.fieldErrors.mainLang).toBe('The main language must be one of the brand’s languages');
      const saved = await other.post('/api/sysSupportLang/save', {
        langs: ['en', 'de', 'es'],
        mainLang: 'en',
      });
      expect(saved).toMatchObject({ status: 200, data: { codes: ['en', 'de', 'es'], main: 'en' } });
      const demoStill = await demo.get('/api/sysSupportLang/list');
      expect(demoStill.data.find((l: { langCode: string }) => l.langCode === 'es').supported).toBe(false);
    });
  });

  describe('categories', () => {
    it('creates, lists, filters, edits with versions, and deletes', async () => {
      const picture = await uploadImage(demo);
      const created = await demo.post('/api/recipeCategory/add', {
        number: 'SOUP',
        mainLang: 'zh',
        names: { zh: '汤', en: 'Soups' },
        sort: 1,
        pictureFileCode: picture,
      });
      expect(created).toMatchObject({
        status: 200,
        desc: 'Saved successfully',
        data: { number: 'SOUP', name: 'Soups', version: 1 },
      });
      await demo.post('/api/recipeCategory/add', {
        number: 'BAKE',
        mainLang: 'zh',
        names: { zh: '烘焙' },
        sort: '2',
      });

      const page = await demo.get('/api/recipeCategory/list?pageNum=1&pageSize=10');
      expect(page.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
      expect(page.data.list.map((c: { number: string }) => c.number)).toEqual(['SOUP', 'BAKE']);
      expect((await demo.get('/api/recipeCategory/list?name=soup')).data.list).toHaveLength(1);
      expect(
        (await demo.get('/api/recipeCategory/list?lang=en')).data.list.map(
          (c: { number: string }) => c.number,
        ),
      ).toEqual(['SOUP']);
      expect((await demo.get('/api/recipeCategory/list?number=BA')).data.list[0].name).toBe('烘焙');
      expect((await demo.get('/api/recipeCategory/search?keyword=汤')).data).toHaveLength(1);

      const id = created.data.id;
      const edited = await demo.post('/api/recipeCategory/update', {
        id,
        version: 1,
        number: 'SOUP',
        mainLang: 'zh',
        names: { zh: '汤羹', en: 'Soups' },
        sort: 1,
      });
      expect(edited.data).toMatchObject({ version: 2, names: { zh: '汤羹' } });
      const stale = await demo.post('/api/recipeCategory/update', {
        id,
        version: 1,
        number: 'SOUP',
        mainLang: 'zh',
        names: { zh: '旧的' },
        sort: 1,
      });
      expect(stale).toMatchObject({
        status: 409,
        desc: 'The record was changed by someone else; reload and try again',
      });
      expect((await demo.get(`/api/recipeCategory/detail?id=${id}`)).data.names.zh).toBe('汤羹');

      expect((await demo.post('/api/recipeCategory/delete', { id })).data).toEqual({ deleted: 1 });
      expect((await demo.get(`/api/recipeCategory/detail?id=${id}`)).status).toBe(404);
    });

    it('puts uniqueness and required-field errors on the field that clashes, in zh and en', async () => {
      await demo.post('/api/recipeCategory/add', {
        number: 'DUP',
        mainLang: 'zh',
        names: { zh: '重复' },
        sort: 0,
      });
      const dup = await demo.post('/api/recipeCategory/add', {
        number: 'DUP',
        mainLang: 'zh',
        names: { zh: '另一个' },
        sort: 0,
      });
      expect(dup).toMatchObject({
        status: 400,
        data: { fieldErrors: { number: 'This number already exists' } },
      });
      const zh = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'zh');
      expect(
        (await zh.post('/api/recipeCategory/add', { number: 'DUP', mainLang: 'zh', names: { zh: 'x' } })).data
          .fieldErrors.number,
      ).toBe('编号已存在');
      const noMainName = await demo.post('/api/recipeCategory/add', {
        number: 'N1',
        mainLang: 'zh',
        names: { en: 'Only English' },
      });
      expect(noMainName.data.fieldErrors['names.zh']).toBe('The name in the main language is required');
      const badSort = await demo.post('/api/recipeCategory/add', {
        number: 'N2',
        mainLang: 'zh',
        names: { zh: '名' },
        sort: 'abc',
      });
      expect(badSort.data.fieldErrors.sort).toBe('Sort must be a number');
      const foreignLang = await demo.post('/api/recipeCategory/add', {
        number: 'N3',
        mainLang: 'zh',
        names: { zh: '名', ja: '名前' },
      });
      expect(foreignLang.data.fieldErrors['names.ja']).toBe(
        'The brand does not support this language: Japanese',
      );
      // the same number in another brand is fine: numbers are unique per brand
      expect(
        (await other.post('/api/recipeCategory/add', { number: 'DUP', mainLang: 'en', names: { en: 'Dup' } }))
          .status,
      ).toBe(200);
    });

    it('batch-deletes all or nothing, and never another brand’s records', async () => {
      const a = await demo.post('/api/recipeCategory/add', {
        number: 'BA',
        mainLang: 'zh',
        names: { zh: '甲' },
      });
      const b = await demo.post('/api/recipeCategory/add', {
        number: 'BB',
        mainLang: 'zh',
        names: { zh: '乙' },
      });
      const foreign = await other.post('/api/recipeCategory/add', {
        number: 'BC',
        mainLang: 'en',
        names: { en: 'C' },
      });
      const mixed = await demo.post('/api/recipeCategory/batchDelete', { ids: [a.data.id, foreign.data.id] });
      expect(mixed).toMatchObject({ status: 404, desc: 'Record does not exist' });
      expect((await demo.get(`/api/recipeCategory/detail?id=${a.data.id}`)).status).toBe(200);
      expect((await demo.post('/api/recipeCategory/batchDelete', { ids: [] })).data.fieldErrors.ids).toBe(
        'Select at least one record',
      );
      expect(
        (await demo.post('/api/recipeCategory/batchDelete', { ids: [a.data.id, b.data.id] })).data,
      ).toEqual({ deleted: 2 });
      expect((await other.get(`/api/recipeCategory/detail?id=${foreign.data.id}`)).status).toBe(200);
    });
  });

  describe('tags', () => {
    it('creates tags and loads them by language', async () => {
      await demo.post('/api/recipeTag/add', { number: 'T1', names: { zh: '快手菜', en: 'Quick' } });
      await demo.post('/api/recipeTag/add', { number: 'T2', names: { zh: '素食' } });
      const en = await demo.get('/api/common/loadTagsByLang?brandOwnerCode=DEMO&lang=en');
      expect(en.data.map((t: { name: string }) => t.name)).toEqual(['Quick']);
      expect((await demo.get('/api/common/loadTagsByLang?brandOwnerCode=OTHER&lang=en')).status).toBe(403);
      expect((await other.get('/api/recipeTag/list?onPage=false')).data).toEqual([]);
    });
  });

  describe('ingredient units', () => {
    it('keeps unit names unique per language, lists form-encoded with onPage=false', async () => {
      expect((await demo.post('/api/boUnit/add', { names: { zh: '勺', en: 'Spoon' } })).status).toBe(200);
      const dup = await demo.post('/api/boUnit/add', { names: { zh: '碗', en: 'spoon' } });
      expect(dup.data.fieldErrors['names.en']).toBe('The name “spoon” already exists');
      const res = await demo.json('POST', '/api/boUnit/list', {
        body: new URLSearchParams({ onPage: 'false' }),
      });
      // The demo's own units (its recipes are measured in them), then the one added here.
      expect(res.data.map((u: { name: string }) => u.name)).toEqual(['g', 'pcs', 'tbsp', 'whole', 'Spoon']);
      expect((await demo.get('/api/boUnit/search')).status).toBe(404);
    });
  });

  describe('accessories', () => {
    it('requires an image of the brand, a number, the main name and a type', async () => {
      const photo = await uploadImage(demo);
      const missing = await demo.post('/api/accessory/add', {
        number: 'A1',
        names: { zh: '蒸笼' },
        type: 'common',
      });
      expect(missing.data.fieldErrors.photoFileCode).toBeTruthy();
      const othersPhoto = await uploadImage(other);
      const foreign = await demo.post('/api/accessory/add', {
        number: 'A1',
        names: { zh: '蒸笼' },
        type: 'common',
        photoFileCode: othersPhoto,
      });
      expect(foreign).toMatchObject({ status: 400, desc: 'The image does not exist; upload it again' });
      expect(foreign.data.fieldErrors.photoFileCode).toBe('The image does not exist; upload it again');
      const created = await demo.post('/api/accessory/add', {
        number: 'A1',
        names: { zh: '蒸笼', en: 'Steamer' },
        type: 'plastic',
        photoFileCode: photo,
        code: 'ST-1',
        accessoryCode: '0x1A',
      });
      expect(created.data).toMatchObject({ name: 'Steamer', type: 'plastic', photoFileCode: photo });
      const all = await demo.get('/api/accessory/listAll?onPage=false&lang=zh');
      expect(all.data).toEqual([
        expect.objectContaining({ name: '蒸笼', photo, code: 'ST-1', accessoryCode: '0x1A' }),
      ]);
      const badType = await demo.post('/api/accessory/add', {
        number: 'A2',
        names: { zh: '刀' },
        type: 'steel',
        photoFileCode: photo,
      });
      expect(badType.data.fieldErrors.type).toBe('Choose the accessory type');
    });
  });

  describe('online categories', () => {
    it('creates categories, links recipes in order, unlinks them and deletes categories', async () => {
      const added = await demo.post('/api/appOnlineCategory/batchAdd', {
        categories: [
          { names: { zh: '早餐', en: 'Breakfast' }, sort: 1 },
          { names: { zh: '晚餐' }, sort: 2 },
        ],
      });
      expect(added.data.ids).toHaveLength(2);
      const [breakfast, dinner] = added.data.ids;
      expect(
        await waitForProjection(api.pool, 'recipes', await api.store.headPosition(), { timeoutMs: 10_000 }),
      ).toBe(true);
      const recipes = (await demo.get('/api/recipe/list?pageSize=10')).data.list.map(
        (r: { id: string }) => r.id,
      );
      const [r1, r2, r3] = recipes as [string, string, string];
      const noMain = await demo.post('/api/appOnlineCategory/batchAdd', {
        categories: [{ names: { en: 'Lunch' } }],
      });
      expect(noMain).toMatchObject({ status: 400, desc: 'The name in the main language is required' });
      expect(noMain.data.fieldErrors['categories.0.names.zh']).toBe(
        'The name in the main language is required',
      );

      expect(
        (
          await demo.post('/api/appOnlineCatRecipe/batchAdd', {
            categoryId: breakfast,
            recipeIds: [r2, r1],
          })
        ).data,
      ).toEqual({ added: 2 });
      expect(
        (
          await demo.post('/api/appOnlineCatRecipe/batchAdd', {
            categoryId: breakfast,
            recipeIds: [r1, r3],
          })
        ).data,
      ).toEqual({ added: 1 });
      const detail = await demo.get(`/api/appOnlineCategory/detail?id=${breakfast}`);
      expect(detail.data.recipes.map((r: { recipeId: string }) => r.recipeId)).toEqual([r2, r1, r3]);
      expect(
        (
          await demo.post('/api/appOnlineCatRecipe/batchDelete', {
            categoryId: breakfast,
            recipeIds: [r1],
          })
        ).data,
      ).toEqual({ removed: 1 });

      const list = await demo.get('/api/appOnlineCategory/list?pageNum=1&pageSize=10');
      expect(
        list.data.list.map((c: { name: string; recipeCount: number }) => [c.name, c.recipeCount]),
      ).toEqual([
        ['Breakfast', 2],
        ['晚餐', 0],
      ]);
      expect((await other.get('/api/appOnlineCategory/list?onPage=false')).data).toEqual([]);
      expect(
        (await other.post('/api/appOnlineCatRecipe/batchAdd', { categoryId: breakfast, recipeIds: [r1] }))
          .status,
      ).toBe(404);
      expect((await other.post('/api/appOnlineCategory/batchDelete', { ids: [dinner] })).status).toBe(404);
      expect(
        (await demo.post('/api/appOnlineCategory/batchDelete', { ids: [breakfast, dinner] })).data,
      ).toEqual({ deleted: 2 });
    });
  });
});
