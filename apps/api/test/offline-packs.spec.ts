import type { OfflinePackContentInput, RecipeContentInput } from '@kb/contracts';
import type { Client, CommandAnswer as Answer, ProjectedApi } from './harness.js';
import { command, read, sortedBothWays, uploadImage, startProjectedApi, signedIn } from './harness.js';
import { randomUUID } from 'node:crypto';
import { activateDevice, storeTelemetry } from '@kb/devices';
import { buildPack, startIngestProcess, type RunningIngestProcess } from './offline-packs-support.js';
import { OFFLINE_PACK_INPUT } from '@kb/testing';

describe('offline recipe packs (/api/offlineRecipes)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  let other: Client;
  /** device-ingest builds the pack files that publishing requires. */
  let ingest: RunningIngestProcess;
  let picture: string;
  /** Released recipes of DEMO for the TM-6, one released for the AF-5 only, one still in editing; one of OTHER. */
  const recipes: Record<'soupA' | 'soupB' | 'soupC' | 'fries' | 'draft' | 'theirs', string> = {} as never;

  const recipe = (number: string, productCodes: string[]): RecipeContentInput => ({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: { zh: { name: `汤${number}` }, en: { name: `Soup ${number}` } },
    servingVersions: [
      {
        servings: 2,
        ingredients: [{ names: { zh: '排骨', en: 'Pork ribs' }, quantity: 300 }],
        steps: [
          { number: 1, workMode: 'SLOW_COOK', minutes: 60, descriptions: { zh: '慢炖', en: 'Slow-cook' } },
        ],
      },
    ],
    difficulty: 'easy',
    productCodes,
    pictureFileCode: picture,
  });

  async function addRecipe(number: string, productCodes: string[], release: boolean): Promise<Answer> {
    const added = await command(demo, '/api/recipe/add', recipe(number, productCodes));
    expect(added.status).toBe(200);
    if (!release) return added;
    await command(demo, '/api/recipe/submit', { id: added.data.id });
    const released = await command(demo, '/api/recipe/batchRelease', { ids: [added.data.id] });
    expect(released.data.succeeded).toBe(1);
    return { ...released, data: { id: added.data.id } };
  }

  /** A complete pack of DEMO's ChefMate C6 (factory model TM-6). */
  const content = (number: string, overrides: Partial<OfflinePackContentInput> = {}) => {
    const recipeIds = [recipes.soupA, recipes.soupB];
    return { ...OFFLINE_PACK_INPUT, number, recipeIds, ...overrides };
  };

  const add = (number: string, overrides: Partial<OfflinePackContentInput> = {}) =>
    command(demo, '/api/offlineRecipes/add', content(number, overrides));

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '5000' });
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ingest = await startIngestProcess(api.config);
    picture = await uploadImage(demo, 'soup.png');
    recipes.soupA = (await addRecipe('R-SOUP-A', ['TM-6', 'TM-7'], true)).data.id;
    recipes.soupB = (await addRecipe('R-SOUP-B', ['TM-6'], true)).data.id;
    recipes.soupC = (await addRecipe('R-SOUP-C', ['TM-6'], true)).data.id;
    recipes.fries = (await addRecipe('R-FRIES', ['AF-5'], true)).data.id;
    const draft = await addRecipe('R-DRAFT', ['TM-6'], false);
    recipes.draft = draft.data.id;
    const theirs = await command(other, '/api/recipe/add', {
      type: 'SOUP',
      number: 'THEIR-1',
      mainLang: 'en',
      langs: ['en'],
      texts: { en: { name: 'Their soup' } },
      productCodes: ['TM-6'],
    });
    recipes.theirs = theirs.data.id;
    // The recipe read model has every recipe above before the packs check against it.
    const seen = await read(demo, `/api/recipe/detail?id=${recipes.draft}`, draft);
    expect(seen.status).toBe(200);
    await read(other, `/api/recipe/detail?id=${recipes.theirs}`, theirs);
  });
  afterAll(async () => {
    await ingest?.stop();
    await api.stop();
  });

  it('creates, edits in test, goes online, refuses edits and delete while online, comes back and is deleted', async () => {
    const added = await add('P-100');
    expect(added).toMatchObject({
      http: 200,
      desc: '保存成功',
      data: {
        number: 'P-100',
        status: 'active',
        testStatus: 'not_tested',
        releaseStatus: 'not_released',
        revision: 0,
      },
    });
    const id = added.data.id as string;

    const detail = await read(demo, `/api/offlineRecipes/detail?id=${id}`, added);
    expect(detail.data).toMatchObject({
      id,
      number: 'P-100',
      type: 'initial',
      productCode: 'TM-6',
      factoryModel: 'KC-R600',
      subBrandCode: 'DEMO-CHEF',
      subBrandName: 'ChefMate',
      customerModel: 'ChefMate C6',
      recipeCount: 2,
      testStatus: 'not_tested',
      releaseStatus: 'not_released',
      createdBy: 'demo',
      revision: 0,
      content: { recipeIds: [recipes.soupA, recipes.soupB] },
    });
    expect(detail.data.recipes).toEqual([
      {
        id: recipes.soupA,
        number: 'R-SOUP-A',
        names: { zh: '汤R-SOUP-A', en: 'Soup R-SOUP-A' },
        status: 'released',
      },
      {
        id: recipes.soupB,
        number: 'R-SOUP-B',
        names: { zh: '汤R-SOUP-B', en: 'Soup R-SOUP-B' },
        status: 'released',
      },
    ]);

    await buildPack(demo, id);
    const test = await command(demo, '/api/offlineRecipes/updateTestStatus', { id, testing: true });
    expect(test.data).toMatchObject({ testStatus: 'testing', changed: true, revision: 1 });

    // In test the selection may still change; a save over an older revision is a 409.
    const edited = await command(demo, '/api/offlineRecipes/update', {
      id,
      revision: 1,
      ...content('P-100', { recipeIds: [recipes.soupA, recipes.soupB, recipes.soupC] }),
    });
    expect(edited.data).toMatchObject({ changed: true, revision: 2, testStatus: 'testing' });
    const stale = await command(demoEn, '/api/offlineRecipes/update', {
      id,
      revision: 1,
      ...content('P-100', { type: 'incremental' }),
    });
    expect(stale).toMatchObject({
      http: 409,
      desc: 'Offline recipe pack P-100 was changed by someone else; reload it and edit again',
    });

    await buildPack(demo, id);
    const online = await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: 'true' });
    expect(online.data).toMatchObject({ releaseStatus: 'online', testStatus: 'testing', changed: true });
    const again = await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: true });
    expect(again.data.changed).toBe(false);
    const live = await read(demo, `/api/offlineRecipes/detail?id=${id}`, online);
    expect(live.data).toMatchObject({ recipeCount: 3, releaseStatus: 'online', testStatus: 'testing' });
    expect(live.data.releasedAt).toEqual(expect.any(String));

    // Online: no recipe changes, no delete — 409 naming the pack and where it is, in the caller's language.
    const zh = await command(demo, '/api/offlineRecipes/update', {
      id,
      revision: online.data.revision,
      ...content('P-100', { recipeIds: [recipes.soupA] }),
    });
    expect(zh).toMatchObject({
      http: 409,
      desc: '离线菜谱包P-100当前测试中且已上线，不能修改，请先取消上线',
    });
    const en = await command(demoEn, '/api/offlineRecipes/delete', { id });
    expect(en).toMatchObject({
      http: 409,
      desc: 'Offline recipe pack P-100 is in test and online; it cannot be deleted; take it off the test devices and offline first',
    });

    const offline = await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: false });
    expect(offline.data).toMatchObject({
      releaseStatus: 'not_released',
      testStatus: 'testing',
      changed: true,
    });
    const stillTesting = await command(demoEn, '/api/offlineRecipes/delete', { id });
    expect(stillTesting).toMatchObject({
      http: 409,
      desc: 'Offline recipe pack P-100 is in test; it cannot be deleted; take it off the test devices first',
    });
    const untested = await command(demo, '/api/offlineRecipes/updateTestStatus', { id, testing: 'false' });
    expect(untested.data).toMatchObject({ testStatus: 'not_tested', changed: true });
    const removed = await command(demo, '/api/offlineRecipes/delete', { id });
    expect(removed).toMatchObject({ http: 200, data: { status: 'deleted' } });
    const gone = await read(demo, `/api/offlineRecipes/detail?id=${id}`, removed);
    expect(gone).toMatchObject({ status: 404, desc: '离线菜谱包不存在' });
    const list = await read(demo, '/api/offlineRecipes/list?onPage=false', removed);
    expect(list.data.map((p: { id: string }) => p.id)).not.toContain(id);

    // The history stays: who did what when, what changed, and the pack as of each event.
    const history = await demoEn.get(`/api/offlineRecipes/history?id=${id}`);
    const entries = history.data.entries as {
      type: string;
      title: string;
      actor: string;
      occurredAt: string;
      changes: { field: string; before: unknown; after: unknown }[];
      state: { status: string; testStatus: string; releaseStatus: string; content: { recipeIds: string[] } };
    }[];
    expect(history.data).toMatchObject({ id, number: 'P-100', status: 'deleted' });
    expect(entries.map((e) => [e.type, e.actor, e.state.testStatus, e.state.releaseStatus])).toEqual([
      ['OfflinePackCreated', 'demo', 'not_tested', 'not_released'],
      ['OfflinePackTestPublished', 'demo', 'testing', 'not_released'],
      ['OfflinePackRevised', 'demo', 'testing', 'not_released'],
      ['OfflinePackPublishedOnline', 'demo', 'testing', 'online'],
      ['OfflinePackOnlineCancelled', 'demo', 'testing', 'not_released'],
      ['OfflinePackTestCancelled', 'demo', 'not_tested', 'not_released'],
      ['OfflinePackDeleted', 'demo', 'not_tested', 'not_released'],
    ]);
    expect(entries.map((e) => e.title)).toEqual([
      'Pack created',
      'Published to test devices',
      'Content edited',
      'Published online',
      'Taken offline',
      'Taken off test devices',
      'Deleted',
    ]);
    expect(entries[2]!.changes).toEqual([
      {
        field: 'recipeIds',
        before: [recipes.soupA, recipes.soupB],
        after: [recipes.soupA, recipes.soupB, recipes.soupC],
      },
    ]);
    expect(entries[1]!.state.content.recipeIds).toHaveLength(2);
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.occurredAt)))).toBe(true);
    const zhHistory = await demo.get(`/api/offlineRecipes/history?id=${id}`);
    expect(zhHistory.data.entries[3].title).toBe('发布上线');
  });

  it('requires the §5 fields — factory model, customer model, type, recipes — and a valid number', async () => {
    const empty = await command(demoEn, '/api/offlineRecipes/add', { number: 'P-200' });
    expect(empty).toMatchObject({
      http: 400,
      desc: 'Offline recipe pack P-200 is incomplete: missing the factory model, the customer model, the pack type, the recipes',
    });
    const zh = await command(demo, '/api/offlineRecipes/add', content('P-200', { recipeIds: [] }));
    expect(zh).toMatchObject({ http: 400, desc: '离线菜谱包P-200信息不完整：缺少菜谱' });
    const noNumber = await command(demoEn, '/api/offlineRecipes/add', content(''));
    expect(noNumber.http).toBe(400);
    expect(noNumber.data.fieldErrors).toEqual({ number: 'Number cannot be empty' });
    const badType = await command(demoEn, '/api/offlineRecipes/add', { ...content('P-200'), type: 'full' });
    expect(badType.data.fieldErrors).toEqual({ type: 'Choose the offline pack type' });

    const first = await add('P-201');
    expect(first.status).toBe(200);
    await read(demo, `/api/offlineRecipes/detail?id=${first.data.id}`, first);
    const taken = await command(demoEn, '/api/offlineRecipes/add', content('p-201'));
    expect(taken).toMatchObject({ http: 400, desc: 'An offline recipe pack numbered p-201 already exists' });
    expect(taken.data.fieldErrors).toHaveProperty('number');
    // Saving a pack under its own number is no clash; dropping a required field on update is refused too.
    const same = await command(demo, '/api/offlineRecipes/update', {
      id: first.data.id,
      revision: 0,
      ...content('P-201', { type: 'incremental' }),
    });
    expect(same.data).toMatchObject({ changed: true, revision: 1 });
    const dropped = await command(demoEn, '/api/offlineRecipes/update', {
      id: first.data.id,
      revision: 1,
      ...content('P-201', { subBrandCode: '' }),
    });
    expect(dropped).toMatchObject({
      http: 400,
      desc: 'Offline recipe pack P-201 is incomplete: missing the customer model',
    });
    const list = await read(demo, '/api/offlineRecipes/list?number=P-20', first);
    expect(list.data.total).toBe(1);
  });

  it('takes only released recipes of the brand that fit the factory model, and models of the brand', async () => {
    const draft = await command(
      demoEn,
      '/api/offlineRecipes/add',
      content('P-300', { recipeIds: [recipes.soupA, recipes.draft] }),
    );
    expect(draft).toMatchObject({
      http: 400,
      desc: 'Only released recipes can go into a pack; not released: R-DRAFT',
    });
    expect(draft.data.fieldErrors).toEqual({
      recipeIds: 'Only released recipes can go into a pack; not released: R-DRAFT',
    });
    const fries = await command(
      demoEn,
      '/api/offlineRecipes/add',
      content('P-300', { recipeIds: [recipes.fries] }),
    );
    expect(fries).toMatchObject({ http: 400, desc: 'Recipes R-FRIES are not compatible with model TM-6' });
    const zhFries = await command(
      demo,
      '/api/offlineRecipes/add',
      content('P-300', { recipeIds: [recipes.fries] }),
    );
    expect(zhFries.desc).toBe('菜谱R-FRIES不适配型号TM-6');
    const theirs = await command(
      demoEn,
      '/api/offlineRecipes/add',
      content('P-300', { recipeIds: [recipes.theirs] }),
    );
    expect(theirs).toMatchObject({ http: 400, desc: '1 recipe(s) do not exist in your brand' });
    const notUuid = await command(
      demoEn,
      '/api/offlineRecipes/add',
      content('P-300', { recipeIds: ['nope'] }),
    );
    expect(notUuid.data.fieldErrors).toEqual({ 'recipeIds.0': 'The recipe does not exist in your brand' });

    const airPack = await command(
      demoEn,
      '/api/offlineRecipes/add',
      content('P-301', { productCode: 'AF-5', subBrandCode: 'DEMO-AIR', recipeIds: [recipes.fries] }),
    );
    expect(airPack).toMatchObject({ http: 200, data: { number: 'P-301' } });

    for (const [overrides, fieldErrors] of [
      [{ productCode: 'XX-1' }, { productCode: 'The factory model is not one of your brand’s models' }],
      [
        { subBrandCode: 'DEMO-AIR' },
        { subBrandCode: 'The sub-brand has no customer model for this factory model' },
      ],
    ] as const) {
      const refused = await command(demoEn, '/api/offlineRecipes/add', content('P-302', overrides));
      expect(refused.data.fieldErrors).toEqual(fieldErrors);
    }
    const otherSub = await command(
      demoEn,
      '/api/offlineRecipes/add',
      content('P-302', { subBrandCode: 'OTHER-ONE' }),
    );
    expect(otherSub.http).toBe(400);
    const none = await read(demo, '/api/offlineRecipes/list?number=P-30&onPage=false', airPack);
    expect(none.data.map((p: { number: string }) => p.number)).toEqual(['P-301']);
  });

  it('filters by number, type, models and statuses, searches, pages, and batch-deletes with an outcome per pack', async () => {
    const a = await add('F-1');
    const b = await add('F-2', { type: 'incremental' });
    const c = await command(
      demo,
      '/api/offlineRecipes/add',
      content('F-3', { productCode: 'TM-7', subBrandCode: 'DEMO-CHEF', recipeIds: [recipes.soupA] }),
    );
    expect(c.status).toBe(200);
    await buildPack(demo, a.data.id);
    await buildPack(demo, b.data.id);
    await command(demo, '/api/offlineRecipes/updateTestStatus', { id: a.data.id, testing: true });
    const last = await command(demo, '/api/offlineRecipes/updateReleaseStatus', {
      id: b.data.id,
      online: true,
      overrideReason: 'Filter check',
    });
    const ids = async (query: string) =>
      (
        (await read(demo, `/api/offlineRecipes/list?onPage=false&number=F-&${query}`, last)).data as {
          number: string;
        }[]
      ).map((p) => p.number);
    expect(await ids('')).toEqual(['F-2', 'F-1', 'F-3']);
    expect(await ids('type=incremental')).toEqual(['F-2']);
    expect(await ids('productCode=TM-7')).toEqual(['F-3']);
    expect(await ids('subBrandCode=DEMO-CHEF&productCode=TM-6')).toEqual(['F-2', 'F-1']);
    expect(await ids('testStatus=testing')).toEqual(['F-1']);
    expect(await ids('releaseStatus=online')).toEqual(['F-2']);
    expect(await ids('releaseStatus=not_released&testStatus=not_tested')).toEqual(['F-3']);
    const bad = await demoEn.get('/api/offlineRecipes/list?releaseStatus=live');
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.desc).toContain('Unknown status');

    const page = await read(demo, '/api/offlineRecipes/list?pageNum=2&pageSize=10&number=F-', last);
    expect(page.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 10, list: [] });
    const first = await read(demo, '/api/offlineRecipes/list?number=f-', last);
    expect(first.data.list[0]).toMatchObject({ number: 'F-2', customerModel: 'ChefMate C6', recipeCount: 2 });

    const search = await read(demo, '/api/offlineRecipes/search?keyword=tm-7', last);
    expect(search.data.map((p: { number: string }) => p.number)).toEqual(['F-3']);

    const deleted = await command(demoEn, '/api/offlineRecipes/batchDelete', {
      ids: [a.data.id, b.data.id, c.data.id],
    });
    expect(deleted).toMatchObject({ http: 200, desc: '1 succeeded, 2 failed' });
    expect(deleted.data.results).toEqual([
      {
        id: a.data.id,
        number: 'F-1',
        ok: false,
        status: 409,
        code: 'offline_pack_illegal_transition',
        message:
          'Offline recipe pack F-1 is in test; it cannot be deleted; take it off the test devices first',
      },
      {
        id: b.data.id,
        number: 'F-2',
        ok: false,
        status: 409,
        code: 'offline_pack_illegal_transition',
        message: 'Offline recipe pack F-2 is online; it cannot be deleted; take it offline first',
      },
      { id: c.data.id, number: 'F-3', ok: true },
    ]);
    const left = await read(demo, '/api/offlineRecipes/list?onPage=false&number=F-', deleted);
    expect(left.data.map((p: { number: string }) => p.number)).toEqual(['F-2', 'F-1']);
    const noneSelected = await command(demoEn, '/api/offlineRecipes/batchDelete', { ids: [] });
    expect(noneSelected.http).toBe(400);
  });

  it('sorts the list by number, type, models and recipe count both ways, the same across pages', async () => {
    // Numbers of this attempt only, so a retry in the same database starts from an empty prefix.
    const prefix = `S${Date.now().toString(36).toUpperCase()}-`;
    const numbers = Array.from({ length: 12 }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
    let last: Answer | undefined;
    // Added out of number order: every other one incremental, every third for the TM-7 with one recipe.
    for (const [i, number] of [...numbers].reverse().entries()) {
      last = await add(number, {
        type: i % 2 === 0 ? 'initial' : 'incremental',
        ...(i % 3 === 0
          ? { productCode: 'TM-7', recipeIds: [recipes.soupA] }
          : { recipeIds: [recipes.soupA, recipes.soupB] }),
      });
      expect(last.status).toBe(200);
    }
    type Row = {
      id: string;
      number: string;
      type: string;
      recipeCount: number;
      factoryModel: string;
      customerModel: string;
    };
    const list = `/api/offlineRecipes/list?number=${prefix}`;
    const byNumber = await sortedBothWays<Row>(demo, `${list}&orderBy=number`, last);
    expect(byNumber.map((p) => p.number)).toEqual(numbers);
    const byType = await sortedBothWays<Row>(demo, `${list}&orderBy=type`);
    expect(byType.map((p) => p.type)).toEqual([
      ...Array<string>(6).fill('incremental'),
      ...Array<string>(6).fill('initial'),
    ]);
    const byCount = await sortedBothWays<Row>(demo, `${list}&orderBy=recipeCount`);
    expect(byCount.map((p) => p.recipeCount)).toEqual([
      ...Array<number>(4).fill(1),
      ...Array<number>(8).fill(2),
    ]);
    // The models by the names the list shows.
    for (const field of ['factoryModel', 'customerModel'] as const) {
      const names = (await sortedBothWays<Row>(demo, `${list}&orderBy=${field}`)).map((p) => p[field]);
      expect(new Set(names).size).toBe(2);
      expect(names).toEqual([...names].sort());
    }
  });

  it('refuses to publish a pack whose recipe was taken back from release since it was saved', async () => {
    const soup = await addRecipe('R-SOUP-D', ['TM-6'], true);
    await read(demo, `/api/recipe/detail?id=${soup.data.id}`, soup);
    const added = await add('P-400', { recipeIds: [recipes.soupA, soup.data.id] });
    expect(added.status).toBe(200);
    const recalled = await command(demo, '/api/recipe/batchRecallEditing', { ids: [soup.data.id] });
    expect(recalled.data.succeeded).toBe(1);
    await read(demo, `/api/recipe/detail?id=${soup.data.id}`, recalled);
    const refused = await command(demoEn, '/api/offlineRecipes/updateReleaseStatus', {
      id: added.data.id,
      online: true,
      overrideReason: 'Recall check',
    });
    expect(refused).toMatchObject({
      http: 400,
      desc: 'Only released recipes can go into a pack; not released: R-SOUP-D',
    });
    const detail = await demo.get(`/api/offlineRecipes/detail?id=${added.data.id}`);
    expect(detail.data.recipes[1]).toMatchObject({ number: 'R-SOUP-D', status: 'editing' });
    // Taking the recipe out makes it publishable.
    const fixed = await command(demo, '/api/offlineRecipes/update', {
      id: added.data.id,
      revision: 0,
      ...content('P-400', { recipeIds: [recipes.soupA] }),
    });
    expect(fixed.status).toBe(200);
    await buildPack(demo, added.data.id);
    const online = await command(demo, '/api/offlineRecipes/updateReleaseStatus', {
      id: added.data.id,
      online: true,
      overrideReason: 'Recall check',
    });
    expect(online.data).toMatchObject({ releaseStatus: 'online', changed: true });
  });

  it('lets only one of two saves over the same revision win; the other is told to reload', async () => {
    const added = await add('P-600');
    const id = added.data.id as string;
    const [first, second] = await Promise.all([
      command(demoEn, '/api/offlineRecipes/update', {
        id,
        revision: 0,
        ...content('P-600', { recipeIds: [recipes.soupA] }),
      }),
      command(demoEn, '/api/offlineRecipes/update', {
        id,
        revision: 0,
        ...content('P-600', { recipeIds: [recipes.soupC] }),
      }),
    ]);
    expect([first.http, second.http].sort()).toEqual([200, 409]);
    const loser = first.http === 409 ? first : second;
    expect(loser.desc).toBe(
      'Offline recipe pack P-600 was changed by someone else; reload it and edit again',
    );
    const history = await demo.get(`/api/offlineRecipes/history?id=${id}`);
    expect(history.data.entries.map((e: { type: string }) => e.type)).toEqual([
      'OfflinePackCreated',
      'OfflinePackRevised',
    ]);
    const unknown = await command(demoEn, '/api/offlineRecipes/updateTestStatus', {
      id: '00000000-0000-4000-8000-000000000000',
      testing: true,
    });
    expect(unknown).toMatchObject({ http: 404, desc: 'The offline recipe pack does not exist' });
  });

  it('keeps DEMO’s packs from OTHER: not listed, not found, not changeable', async () => {
    const added = await add('P-500');
    const id = added.data.id as string;
    const otherList = await read(other, '/api/offlineRecipes/list?onPage=false', added);
    expect(otherList.data.map((p: { id: string }) => p.id)).not.toContain(id);
    const otherSearch = await other.get('/api/offlineRecipes/search?keyword=P-500');
    expect(otherSearch.data).toEqual([]);
    for (const url of [`/api/offlineRecipes/detail?id=${id}`, `/api/offlineRecipes/history?id=${id}`]) {
      const res = await other.get(url);
      expect(res).toMatchObject({ status: 404, desc: 'The offline recipe pack does not exist' });
    }
    for (const [url, body] of [
      ['/api/offlineRecipes/updateReleaseStatus', { id, online: true }],
      ['/api/offlineRecipes/updateTestStatus', { id, testing: true }],
      [
        '/api/offlineRecipes/update',
        { id, revision: 0, ...content('P-500', { subBrandCode: 'OTHER-ONE', recipeIds: [recipes.theirs] }) },
      ],
      ['/api/offlineRecipes/delete', { id }],
    ] as const) {
      const res = await command(other, url, body);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    const batch = await command(other, '/api/offlineRecipes/batchDelete', { ids: [id] });
    expect(batch.data.results[0]).toMatchObject({ ok: false, status: 404 });
    // OTHER's checks see only OTHER's numbers and recipes: P-500 is free for it (else the number would be named
    // first), and its own draft recipe is refused as not released.
    const theirs = await command(other, '/api/offlineRecipes/add', {
      number: 'P-500',
      type: 'initial',
      productCode: 'TM-6',
      subBrandCode: 'OTHER-ONE',
      recipeIds: [recipes.theirs],
    });
    expect(theirs).toMatchObject({
      http: 400,
      desc: 'Only released recipes can go into a pack; not released: THEIR-1',
    });
    const history = await demo.get(`/api/offlineRecipes/history?id=${id}`);
    expect(history.data.entries.map((e: { type: string }) => e.type)).toEqual(['OfflinePackCreated']);
  });

  it('publishes a never-tested pack online only with a reason, which its history shows', async () => {
    const added = await add('P-700');
    const id = added.data.id as string;
    await buildPack(demo, id);
    const compat = await read(demo, `/api/offlineRecipes/compatibility?id=${id}`, added);
    expect(compat.data.tested).toBe(false);

    const zh = await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: true });
    expect(zh).toMatchObject({ http: 409, desc: '离线菜谱包P-700未经过测试，如需直接上线请填写原因' });
    const blank = await command(demoEn, '/api/offlineRecipes/updateReleaseStatus', {
      id,
      online: true,
      overrideReason: '   ',
    });
    expect(blank).toMatchObject({
      http: 409,
      desc: 'Offline recipe pack P-700 was never tested; give a reason to publish it online anyway',
    });
    const long = await command(demoEn, '/api/offlineRecipes/updateReleaseStatus', {
      id,
      online: true,
      overrideReason: 'x'.repeat(501),
    });
    expect(long).toMatchObject({
      http: 400,
      desc: 'Invalid input: overrideReason: The reason is at most 500 characters',
    });

    const online = await command(demo, '/api/offlineRecipes/updateReleaseStatus', {
      id,
      online: true,
      overrideReason: ' Spring menu fix ',
    });
    expect(online.data).toMatchObject({ releaseStatus: 'online', testStatus: 'not_tested', changed: true });
    const historyOf = async (client: Client) =>
      (
        (await client.get(`/api/offlineRecipes/history?id=${id}`)).data.entries as {
          type: string;
          title: string;
          actor: string;
          data: unknown;
        }[]
      ).slice(1);
    expect(await historyOf(demoEn)).toMatchObject([
      {
        type: 'OfflinePackUntestedReleaseApproved',
        title: 'Published without a test: Spring menu fix',
        actor: 'demo',
        data: { by: 'demo', reason: 'Spring menu fix' },
      },
      { type: 'OfflinePackPublishedOnline', title: 'Published online' },
    ]);
    expect((await historyOf(demo)).map((e) => e.title)).toEqual([
      '未测试直接上线：Spring menu fix',
      '发布上线',
    ]);

    // Once on the test devices a pack counts as tested, even after its test was cancelled: no reason needed.
    await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: false });
    await command(demo, '/api/offlineRecipes/updateTestStatus', { id, testing: true });
    const cancelled = await command(demo, '/api/offlineRecipes/updateTestStatus', { id, testing: false });
    expect((await read(demo, `/api/offlineRecipes/compatibility?id=${id}`, cancelled)).data.tested).toBe(
      true,
    );
    const again = await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: true });
    expect(again.data).toMatchObject({ releaseStatus: 'online', changed: true });
  });

  it('counts the brand’s devices of the pack’s sub-brand it would not fit: other model, a language its recipes lack', async () => {
    const added = await add('P-800');
    const id = added.data.id as string;
    const before = (await read(demo, `/api/offlineRecipes/compatibility?id=${id}`, added)).data;
    expect(before).toMatchObject({ languages: ['en', 'zh'], tested: false });

    const tag = randomUUID().slice(0, 8).toUpperCase();
    const device = async (suffix: string, productCode: string, lang?: string) => {
      const { deviceId } = await activateDevice(api.pool, 'DEMO', {
        sn: `PK${tag}${suffix}`,
        productCode,
        subBrandCode: 'DEMO-CHEF',
      });
      if (lang)
        await storeTelemetry(api.pool, [
          {
            deviceId,
            brandOwnerCode: 'DEMO',
            receivedAt: new Date().toISOString(),
            message: { messageId: randomUUID(), sampledAt: new Date().toISOString(), extra: { lang } },
          },
        ]);
    };
    await device('1', 'TM-6', 'en');
    await device('2', 'TM-6');
    await device('3', 'TM-7', 'en');
    await device('4', 'TM-6', 'fr');
    await device('5', 'TM-6', 'fr');

    const after = await demoEn.get(`/api/offlineRecipes/compatibility?id=${id}`);
    const count = (c: typeof before, reason: string) =>
      c.incompatible.find((r: { reason: string }) => r.reason === reason)?.devices ?? 0;
    expect(after.data.devices).toBe(before.devices + 5);
    expect(after.data.eligible).toBe(before.eligible + 2);
    expect(count(after.data, 'model')).toBe(count(before, 'model') + 1);
    expect(count(after.data, 'language')).toBe(count(before, 'language') + 2);

    const theirs = await other.get(`/api/offlineRecipes/compatibility?id=${id}`);
    expect(theirs).toMatchObject({ status: 404, desc: 'The offline recipe pack does not exist' });
    const bad = await demoEn.get('/api/offlineRecipes/compatibility?id=nope');
    expect(bad.status).toBe(400);
  });
});
