import type { EventStore } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { waitForProjection } from '@kb/read-models';
import { eventually } from '@kb/testing';
import { Client, uploadImage, startProjectedApi, type ProjectedApi, signedIn } from './harness.js';

interface RecipeRow {
  id: string;
  number: string;
  name: string;
  status: string;
  online: boolean;
}

describe('content operations', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoZh: Client;
  let other: Client;
  let pool: Pool;
  let store: EventStore;
  /** DEMO's recipes: released and online, and not released. */
  let shown: RecipeRow[];
  let unreleased: RecipeRow;
  let otherRecipe: RecipeRow;
  let image: string;
  let winter: string;

  const recipesOf = async (client: Client) =>
    (await client.get('/api/recipe/list?pageSize=100')).data.list as RecipeRow[];

  beforeAll(async () => {
    api = await startProjectedApi({}, 8);
    ({ demo, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ demo: demoZh } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ pool, store } = api);
    expect(await waitForProjection(pool, 'recipes', await store.headPosition(), { timeoutMs: 20_000 })).toBe(
      true,
    );
    // The demo recipes reach the read model through the projector: wait until the released ones are listed.
    const mine = await eventually(
      () => recipesOf(demo),
      (list) => list.some((r) => r.online),
      30_000,
      'the released demo recipes listed',
    );
    shown = mine.filter((r) => r.status === 'released' && r.online);
    unreleased = mine.find((r) => r.status !== 'released')!;
    otherRecipe = (await recipesOf(other))[0]!;
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(unreleased).toBeDefined();
    expect(otherRecipe).toBeDefined();
    image = await uploadImage(demo);
  }, 180_000);
  afterAll(async () => {
    await api.stop();
  });

  const banner = (over: Record<string, unknown> = {}) => ({
    name: 'Autumn stews',
    identification: 'home-1',
    linkKind: 'recipe',
    imageFileCodes: [image],
    position: 'device_recipe_home',
    recipeIds: [shown[0]!.id],
    sort: 3,
    online: true,
    ...over,
  });

  describe('banners', () => {
    it('creates a banner with its image and recipe, lists, filters, edits with versions and deletes', async () => {
      const created = await demo.post('/api/ccBanner/add', banner());
      expect(created).toMatchObject({
        status: 200,
        data: {
          name: 'Autumn stews',
          imageFileCodes: [image],
          recipeIds: [shown[0]!.id],
          recipeNumbers: [shown[0]!.number],
          position: 'device_recipe_home',
          online: true,
          version: 1,
        },
      });
      // A recipe banner opens its recipe's H5 page.
      expect(created.data.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const url = await demo.post(
        '/api/ccBanner/add',
        banner({
          name: 'Shop',
          linkKind: 'url',
          url: 'https://shop.example/x',
          recipeIds: [],
          position: 'app_home',
        }),
      );
      expect(url.data).toMatchObject({ linkKind: 'url', url: 'https://shop.example/x', shareId: null });

      const onDevice = await demo.get('/api/ccBanner/list?position=device_recipe_home');
      expect(onDevice.data.list.map((b: { name: string }) => b.name)).toEqual(['Autumn stews']);
      const byName = await demo.get('/api/ccBanner/list?name=shop');
      expect(byName.data).toMatchObject({ total: 1, list: [{ name: 'Shop' }] });
      const offline = await demo.get('/api/ccBanner/list?online=false');
      expect(offline.data.total).toBe(0);

      const moved = await demo.post('/api/ccBanner/update', {
        ...banner({ recipeIds: [shown[1]!.id, shown[0]!.id], sort: 'x' }),
        id: created.data.id,
        version: 1,
      });
      expect(moved.data.fieldErrors.sort).toBe('Sort must be a number');
      const saved = await demo.post('/api/ccBanner/update', {
        ...banner({ recipeIds: [shown[1]!.id, shown[0]!.id] }),
        id: created.data.id,
        version: 1,
      });
      expect(saved.data).toMatchObject({ version: 2, recipeIds: [shown[1]!.id, shown[0]!.id] });
      const stale = await demo.post('/api/ccBanner/update', { ...banner(), id: created.data.id, version: 1 });
      expect(stale.http).toBe(409);

      const gone = await demo.post('/api/ccBanner/batchDelete', { ids: [created.data.id, url.data.id] });
      expect(gone.data).toEqual({ deleted: 2 });
      expect((await demo.get(`/api/ccBanner/detail?id=${created.data.id}`)).http).toBe(404);
    });

    it('needs a name, exactly 1 image, a valid link and released recipes of the brand', async () => {
      const noName = await demoZh.post('/api/ccBanner/add', banner({ name: '' }));
      expect(noName).toMatchObject({ http: 400, data: { fieldErrors: { name: '请输入名称' } } });
      const two = await demo.post(
        '/api/ccBanner/add',
        banner({ imageFileCodes: [image, await uploadImage(demo)] }),
      );
      expect(two.data.fieldErrors.imageFileCodes).toBe('A banner needs exactly 1 image');
      const none = await demo.post('/api/ccBanner/add', banner({ imageFileCodes: [] }));
      expect(none.data.fieldErrors.imageFileCodes).toBe('A banner needs exactly 1 image');
      const badUrl = await demo.post(
        '/api/ccBanner/add',
        banner({ linkKind: 'url', url: 'javascript:alert(1)' }),
      );
      expect(badUrl.data.fieldErrors.url).toBe('Enter a link starting with http:// or https://');
      const noRecipe = await demo.post('/api/ccBanner/add', banner({ recipeIds: [] }));
      expect(noRecipe.data.fieldErrors.recipeIds).toBe('Choose the linked recipe');
      const draft = await demo.post('/api/ccBanner/add', banner({ recipeIds: [unreleased.id] }));
      expect(draft).toMatchObject({
        http: 400,
        desc: `Recipe ${unreleased.number} is not released; only released recipes can be linked`,
      });
      const foreign = await demo.post('/api/ccBanner/add', banner({ recipeIds: [otherRecipe.id] }));
      expect(foreign.http).toBe(400);
      expect(foreign.data.fieldErrors['recipeIds.0']).toBeDefined();
      const foreignImage = await demo.post(
        '/api/ccBanner/add',
        banner({ imageFileCodes: [await uploadImage(other)] }),
      );
      expect(foreignImage.data.fieldErrors.imageFileCodes).toBeDefined();
      const period = await demo.post(
        '/api/ccBanner/add',
        banner({ onlineStart: '2026-05-01T00:00:00Z', onlineEnd: '2026-04-01T00:00:00Z' }),
      );
      expect(period.data.fieldErrors.onlineEnd).toBe('The end of the online period must be after its start');
      expect((await demo.get('/api/ccBanner/list')).data.total).toBe(0);
    });

    it('keeps each brand to its own banners', async () => {
      const mine = await demo.post('/api/ccBanner/add', banner({ name: 'Mine' }));
      expect((await other.get('/api/ccBanner/list')).data.total).toBe(0);
      expect((await other.get(`/api/ccBanner/detail?id=${mine.data.id}`)).http).toBe(404);
      expect(
        (await other.post('/api/ccBanner/update', { ...banner(), id: mine.data.id, version: 1 })).http,
      ).toBe(404);
      expect((await other.post('/api/ccBanner/delete', { id: mine.data.id })).http).toBe(404);
      expect(
        (
          await other.post('/api/ccBanner/updateRefRecipe', {
            id: mine.data.id,
            recipes: [{ recipeId: otherRecipe.id }],
          })
        ).http,
      ).toBe(404);
      expect((await demo.get(`/api/ccBanner/detail?id=${mine.data.id}`)).data.recipeIds).toEqual([
        shown[0]!.id,
      ]);
      await demo.post('/api/ccBanner/delete', { id: mine.data.id });
    });
  });

  describe('themed recipe groups', () => {
    it('keeps numbers unique, orders, adds, moves and removes the group’s recipes', async () => {
      const [a, b, c] = [shown[0]!, shown[1]!, shown[2] ?? shown[0]!];
      const group = await demo.post('/api/specRecipe/add', {
        name: 'Winter warmers',
        number: 'WINTER',
        coverFileCode: image,
        descriptions: { zh: '冬日暖身', en: 'Warm up in winter' },
        sort: 1,
        recipeIds: [b.id, a.id],
      });
      expect(group.data).toMatchObject({
        number: 'WINTER',
        description: 'Warm up in winter',
        recipeCount: 2,
      });
      expect(group.data.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      winter = group.data.id;
      const twice = await demo.post('/api/specRecipe/add', { name: 'Again', number: 'WINTER' });
      expect(twice).toMatchObject({
        http: 400,
        data: { fieldErrors: { number: 'This number already exists' } },
      });
      // Another brand may use the same number.
      expect((await other.post('/api/specRecipe/add', { name: 'Theirs', number: 'WINTER' })).status).toBe(
        200,
      );

      const order = async () =>
        (await demo.get(`/api/specRecipe/refRecipeList?id=${group.data.id}`)).data.list.map(
          (r: { recipeId: string }) => r.recipeId,
        );
      expect(await order()).toEqual([b.id, a.id]);
      // Drag a to the top: both get new sort values.
      const moved = await demo.post('/api/specRecipe/updateRefRecipe', {
        id: group.data.id,
        recipes: [
          { recipeId: a.id, sort: 1 },
          { recipeId: b.id, sort: 2 },
        ],
      });
      expect(moved).toMatchObject({ status: 200, data: { changed: 2 } });
      expect(await order()).toEqual([a.id, b.id]);
      if (c.id !== a.id) {
        await demo.post('/api/specRecipe/updateRefRecipe', {
          id: group.data.id,
          recipes: [{ recipeId: c.id }],
        });
        expect(await order()).toEqual([a.id, b.id, c.id]);
      }
      const draft = await demo.post('/api/specRecipe/updateRefRecipe', {
        id: group.data.id,
        recipes: [{ recipeId: unreleased.id }],
      });
      expect(draft.http).toBe(400);
      const foreign = await demo.post('/api/specRecipe/updateRefRecipe', {
        id: group.data.id,
        recipes: [{ recipeId: otherRecipe.id }],
      });
      expect(foreign.http).toBe(400);
      const removed = await demo.post('/api/specRecipe/deleteRefRecipe', {
        id: group.data.id,
        recipeIds: [a.id],
      });
      expect(removed.data).toEqual({ removed: 1 });
      expect((await order())[0]).toBe(b.id);
      expect((await other.get(`/api/specRecipe/refRecipeList?id=${group.data.id}`)).http).toBe(404);
      expect((await demo.get('/api/specRecipe/list?number=wint')).data.total).toBe(1);
      expect((await demo.get('/api/specRecipe/search?keyword=Winter')).data).toHaveLength(1);
    });

    it('refuses deleting a recipe a group or banner links to, naming them', async () => {
      const linked = shown[1]!;
      const group = await demo.post('/api/specRecipe/add', {
        name: 'Keep me',
        number: 'KEEP',
        recipeIds: [linked.id],
      });
      expect(group.status).toBe(200);
      const banners = await demo.post('/api/ccBanner/add', banner({ name: 'Stews', recipeIds: [linked.id] }));
      // Recalled to editing it could be deleted, were it not linked.
      const recall = await demo.post('/api/recipe/batchRecallEditing', { ids: [linked.id] });
      expect(recall.status).toBe(200);
      const refused = await demo.post('/api/recipe/delete', { id: linked.id });
      expect(refused).toMatchObject({
        http: 409,
        desc: `Recipe ${linked.number} is linked by the banner(s) “Stews”; unlink it first`,
      });
      await demo.post('/api/ccBanner/delete', { id: banners.data.id });
      const byGroups = await demoZh.post('/api/recipe/delete', { id: linked.id });
      expect(byGroups.desc).toBe(
        `食谱 ${linked.number} 被主题食谱“Keep me”, “Winter warmers”引用，请先解除关联`,
      );
      await demo.post('/api/specRecipe/batchDelete', { ids: [group.data.id, winter] });
      const deleted = await demo.post('/api/recipe/delete', { id: linked.id });
      expect(deleted.status).toBe(200);
      shown = shown.filter((r) => r.id !== linked.id);
    });
  });

  describe('lock-screen ads', () => {
    it('takes 1 to 5 images and the brand’s models, filters by model', async () => {
      const images = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => uploadImage(demo, `ad${n}.png`)));
      const six = await demo.post('/api/lockScreenAds/add', {
        name: 'Sale',
        imageFileCodes: images,
        modelCodes: ['TM-7'],
      });
      expect(six.data.fieldErrors.imageFileCodes).toBe('At most 5 images');
      const noModel = await demo.post('/api/lockScreenAds/add', {
        name: 'Sale',
        imageFileCodes: [image],
        modelCodes: [],
      });
      expect(noModel.data.fieldErrors.modelCodes).toBe('Choose the models it applies to');
      const ad = await demo.post('/api/lockScreenAds/add', {
        name: 'Sale',
        imageFileCodes: images.slice(0, 5),
        modelCodes: ['TM-7', 'AF-5'],
        online: true,
      });
      expect(ad.data).toMatchObject({
        imageFileCodes: images.slice(0, 5),
        modelCodes: ['TM-7', 'AF-5'],
        online: true,
      });
      expect((await demo.get('/api/lockScreenAds/list?modelCode=TM-7')).data.total).toBe(1);
      expect((await demo.get('/api/lockScreenAds/list?modelCode=TM-6')).data.total).toBe(0);
      // OTHER has no TM-7.
      const foreignModel = await other.post('/api/lockScreenAds/add', {
        name: 'Sale',
        imageFileCodes: [await uploadImage(other)],
        modelCodes: ['TM-7'],
      });
      expect(foreignModel.data.fieldErrors['modelCodes.0']).toBeDefined();
      expect((await other.get(`/api/lockScreenAds/detail?id=${ad.data.id}`)).http).toBe(404);
    });
  });

  describe('hot search labels', () => {
    it('needs the main-language label, keeps labels unique per language, filters and batch-deletes', async () => {
      const noMain = await demoZh.post('/api/hotTag/add', { labels: { en: 'Soup' } });
      expect(noMain.http).toBe(400);
      expect(noMain.data.fieldErrors['labels.zh']).toBeDefined();
      const soup = await demo.post('/api/hotTag/add', {
        labels: { zh: '汤', en: 'Soup' },
        sort: 2,
        online: true,
      });
      const cake = await demo.post('/api/hotTag/add', { labels: { zh: '蛋糕' }, sort: 1 });
      expect(soup.data).toMatchObject({ label: 'Soup', online: true });
      expect(cake.data).toMatchObject({ label: '蛋糕' });
      const again = await demo.post('/api/hotTag/add', { labels: { zh: '汤' } });
      expect(again.data.fieldErrors['labels.zh']).toBeDefined();
      const list = await demo.get('/api/hotTag/list');
      expect(list.data.list.map((t: { label: string }) => t.label)).toEqual(['蛋糕', 'Soup']);
      expect((await demo.get('/api/hotTag/list?lang=en')).data.total).toBe(1);
      expect((await demo.get('/api/hotTag/list?label=sou&lang=en')).data.total).toBe(1);
      expect((await demo.get('/api/hotTag/list?online=true')).data.total).toBe(1);
      expect((await other.post('/api/hotTag/batchDelete', { ids: [soup.data.id] })).http).toBe(404);
      const gone = await demo.post('/api/hotTag/batchDelete', { ids: [soup.data.id, cake.data.id] });
      expect(gone.data).toEqual({ deleted: 2 });
      expect((await demo.get('/api/hotTag/list')).data.total).toBe(0);
    });
  });

  describe('the public H5 page', () => {
    it('shows a released online recipe and a group without login, and nothing else', async () => {
      const anonymous = new Client(api.baseUrl, 'en');
      const recipe = shown[0]!;
      const share = await demo.get(`/api/h5/recipeShareId?recipeId=${recipe.id}`);
      expect(share.data.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const page = await anonymous.get(`/api/h5/share?id=${share.data.shareId}&lang=en`);
      expect(page).toMatchObject({ status: 200, data: { kind: 'recipe', lang: 'en' } });
      expect(page.data.name).not.toBe('');
      expect(page.data.steps.length).toBeGreaterThan(0);
      const zh = await anonymous.get(`/api/h5/share?id=${share.data.shareId}&lang=zh`);
      expect(zh.data.lang).toBe('zh');
      expect(zh.data.name).not.toBe(page.data.name);
      if (page.data.pictureUrl) {
        const picture = await anonymous.request('GET', page.data.pictureUrl);
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toMatch(/^image\//);
      }
      // An image not on the page is not served, whoever's it is.
      const stranger = await anonymous.request(
        'GET',
        `/api/h5/image?share=${share.data.shareId}&file=${image}`,
      );
      expect(stranger.status).toBe(404);

      const group = await demo.post('/api/specRecipe/add', {
        name: 'Shared',
        number: 'SHARED',
        coverFileCode: image,
        descriptions: { en: 'For the phone' },
        recipeIds: [recipe.id],
      });
      const groupPage = await anonymous.get(`/api/h5/share?id=${group.data.shareId}&lang=en`);
      expect(groupPage.data).toMatchObject({ kind: 'group', name: 'Shared', description: 'For the phone' });
      expect(groupPage.data.recipes.map((r: { shareId: string }) => r.shareId)).toEqual([share.data.shareId]);
      const cover = await anonymous.request('GET', groupPage.data.coverUrl);
      expect(cover.status).toBe(200);

      // Offline: the recipe page is gone, and the group no longer lists it.
      const offline = await demo.post('/api/recipe/batchUpdateOnlineStatus', {
        ids: [recipe.id],
        online: false,
      });
      expect(offline.status).toBe(200);
      expect(
        await waitForProjection(pool, 'recipes', await store.headPosition(), { timeoutMs: 10_000 }),
      ).toBe(true);
      const gone = await eventually(
        () => anonymous.get(`/api/h5/share?id=${share.data.shareId}`),
        (page) => page.http === 404,
        30_000,
        'the offline recipe’s share page gone',
      );
      expect(gone.http).toBe(404);
      expect((await anonymous.get(`/api/h5/share?id=${group.data.shareId}`)).data.recipes).toEqual([]);
      // Unknown or malformed ids: 404, never a 500.
      expect((await anonymous.get('/api/h5/share?id=AAAAAAAAAAAAAAAAAAAAAA')).http).toBe(404);
      expect((await anonymous.get('/api/h5/share?id=../../x')).http).toBe(400);
      // OTHER cannot get a share id of DEMO's recipe.
      expect((await other.get(`/api/h5/recipeShareId?recipeId=${recipe.id}`)).http).toBe(404);
    }, 120_000);
  });
});
