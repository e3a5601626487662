import { randomUUID } from 'node:crypto';
import type { RecipeContentInput } from '@kb/contracts';
import { storeCookingSessions } from '@kb/devices';
import type { EventStore } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { allProjections, rebuildProjection, waitForProjection } from '@kb/read-models';
import { seedDemoRecipes } from '../src/modules/recipes/seed/demo-recipes.js';
import { READ_POSITION_HEADER } from '../src/infra/read-your-writes.js';
import type { Client, CommandAnswer, ProjectedApi } from './harness.js';
import { command, read, sortedBothWays, uploadImage, startProjectedApi, signedIn } from './harness.js';

/** A command: the envelope plus the read position it answered (header `x-read-position`). */
describe('recipes', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  let other: Client;
  let pool: Pool;
  let store: EventStore;
  let picture: string;

  /** A complete recipe of DEMO: two languages, two serving versions, three steps each. */
  const content = (number: string, overrides: Partial<RecipeContentInput> = {}): RecipeContentInput => ({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: {
      zh: { name: `玉米排骨汤${number}`, description: '清甜', chefTips: '排骨先焯水' },
      en: { name: `Corn and rib soup ${number}`, description: 'Light and sweet' },
    },
    servingVersions: [2, 4].map((servings) => ({
      servings,
      ingredients: [{ names: { zh: '排骨', en: 'Pork ribs' }, quantity: 150 * servings }],
      steps: [
        {
          number: 1,
          workMode: 'FOOD_PROCESSOR',
          speed: 4,
          seconds: 20,
          descriptions: { zh: '切碎', en: 'Chop' },
        },
        { number: 2, workMode: 'MANUAL', descriptions: { zh: '翻炒', en: 'Sauté' } },
        { number: 3, workMode: 'SLOW_COOK', minutes: 60, descriptions: { zh: '慢炖', en: 'Slow-cook' } },
      ],
    })),
    difficulty: 'medium',
    productCodes: ['TM-6'],
    pictureFileCode: picture,
    ...overrides,
  });

  const add = (number: string, overrides: Partial<RecipeContentInput> = {}) =>
    command(demo, '/api/recipe/add', content(number, overrides));

  /** A draft of OTHER (English and German, its own models). */
  const addForOther = (number: string) =>
    command(other, '/api/recipe/add', {
      type: 'SOUP',
      number,
      mainLang: 'en',
      langs: ['en'],
      texts: { en: { name: `Their soup ${number}` } },
      productCodes: ['TM-6'],
    });

  /** Adds, submits and releases a recipe; answers its id and the last command. */
  async function released(number: string, overrides: Partial<RecipeContentInput> = {}) {
    const added = await add(number, overrides);
    expect(added.status).toBe(200);
    await command(demo, '/api/recipe/submit', { id: added.data.id });
    const release = await command(demo, '/api/recipe/batchRelease', { ids: [added.data.id] });
    expect(release.data.succeeded).toBe(1);
    return { id: added.data.id as string, last: release };
  }

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '5000' });
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ pool, store } = api);
    picture = await uploadImage(demo, 'dish.png');
  });
  afterAll(async () => {
    await api.stop();
  });

  describe('life of a recipe', () => {
    it('goes add → save → submit → release → recall → delete → recover → clear, each visible at once', async () => {
      const added = await add('L-001');
      expect(added).toMatchObject({
        http: 200,
        desc: '保存成功',
        data: { number: 'L-001', status: 'editing', version: 0, revision: 0, changed: true },
      });
      expect(added.position).toMatch(/^\d+\.\d+$/);
      const id = added.data.id as string;

      // Read-your-writes: the list shows the recipe right after the command answered.
      const listed = await read(demo, '/api/recipe/list?number=L-001', added);
      expect(listed.data.list).toEqual([
        expect.objectContaining({
          id,
          number: 'L-001',
          name: '玉米排骨汤L-001',
          status: 'editing',
          revision: 0,
        }),
      ]);
      const detail = await read(demo, `/api/recipe/detail?id=${id}`, added);
      expect(detail.data.content.servingVersions).toHaveLength(2);
      // Steps come back prefilled from the mode's §9 defaults: manual cooking 100 °C, speed 2, 5 min, forward.
      expect(detail.data.content.servingVersions[0].steps[1]).toMatchObject({
        workMode: 'MANUAL',
        temperature: 100,
        speed: 2,
        minutes: 5,
        seconds: 0,
        rotation: 'forward',
      });

      const saved = await command(demo, '/api/recipe/save', {
        ...content('L-001', { texts: { zh: { name: '玉米排骨汤' }, en: { name: 'Corn and rib soup' } } }),
        id,
        revision: detail.data.revision,
      });
      expect(saved.data).toMatchObject({ revision: 1, changed: true });
      const submitted = await command(demo, '/api/recipe/submit', { id });
      expect(submitted).toMatchObject({ desc: '提交成功', data: { status: 'waiting_release' } });
      const release = await command(demo, '/api/recipe/batchRelease', { ids: [id] });
      expect(release).toMatchObject({
        desc: '1个菜谱操作成功',
        data: { succeeded: 1, failed: 0, results: [{ id, number: 'L-001', ok: true }] },
      });
      expect((await read(demo, `/api/recipe/detail?id=${id}`, release)).data).toMatchObject({
        status: 'released',
        version: 1,
        name: '玉米排骨汤',
      });

      const recalled = await command(demo, '/api/recipe/batchRecallEditing', { ids: [id] });
      expect(recalled.data.succeeded).toBe(1);
      const deleted = await command(demo, '/api/recipe/delete', { id });
      expect(deleted.data.status).toBe('recycle_bin');
      expect((await read(demo, '/api/recipe/list?number=L-001', deleted)).data.total).toBe(0);
      const bin = await read(demo, '/api/recipe/list?status=recycle_bin&number=L-001', deleted);
      expect(bin.data.list[0]).toMatchObject({ id, recycledFrom: 'editing', deletedAt: expect.any(String) });
      expect((await read(demo, '/api/recipe/countRemove', deleted)).data.count).toBeGreaterThanOrEqual(1);

      const recovered = await command(demo, '/api/recipe/recovery', { ids: [id] });
      expect(recovered.data.results[0]).toMatchObject({ ok: true });
      expect((await read(demo, `/api/recipe/detail?id=${id}`, recovered)).data.status).toBe('editing');

      await command(demo, '/api/recipe/batchDelete', { ids: [id] });
      const cleared = await command(demo, '/api/recipe/clear', { id });
      expect(cleared.data.status).toBe('cleared');
      expect((await read(demo, '/api/recipe/list?status=recycle_bin&number=L-001', cleared)).data.total).toBe(
        0,
      );
      expect((await read(demo, `/api/recipe/detail?id=${id}`, cleared)).status).toBe(404);

      // The auditor still reads the whole history: who, when, what changed, the state as of each event.
      const history = await demoEn.get(`/api/recipe/history?id=${id}`);
      expect(history.data).toMatchObject({ id, number: 'L-001', status: 'cleared' });
      const entries = history.data.entries as any[];
      expect(entries.map((e) => e.title)).toEqual([
        'Recipe created',
        'Content edited',
        'Submitted for release',
        'Released',
        'Recalled to editing',
        'Moved to the recycle bin',
        'Recovered from the recycle bin',
        'Moved to the recycle bin',
        'Cleared',
      ]);
      expect(entries.every((e) => e.actor === 'demo' && !Number.isNaN(Date.parse(e.occurredAt)))).toBe(true);
      expect(entries[1].changes).toEqual([
        {
          field: 'texts',
          before: {
            zh: { name: '玉米排骨汤L-001', description: '清甜', chefTips: '排骨先焯水' },
            en: { name: 'Corn and rib soup L-001', description: 'Light and sweet', chefTips: '' },
          },
          after: {
            zh: { name: '玉米排骨汤', description: '', chefTips: '' },
            en: { name: 'Corn and rib soup', description: '', chefTips: '' },
          },
        },
      ]);
      expect(entries[3].changes).toEqual([
        { field: 'status', before: 'waiting_release', after: 'released' },
        { field: 'version', before: 0, after: 1 },
      ]);
      expect(entries[3].state).toMatchObject({ status: 'released', version: 1 });
      expect(entries[5].state).toMatchObject({ status: 'recycle_bin', recycledFrom: 'editing' });
      expect(entries[8].state.content.texts.zh.name).toBe('玉米排骨汤');
      expect(entries.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('saves and submits in one step, and says what an incomplete recipe still needs', async () => {
      const draft = await add('L-002', { pictureFileCode: null, productCodes: [] });
      const id = draft.data.id;
      const refused = await command(demo, '/api/recipe/submit', { id });
      expect(refused).toMatchObject({
        http: 400,
        desc: '菜谱L-002信息不完整，不能提交：缺少图片、适配机型',
      });
      const both = await command(demo, '/api/recipe/submit', {
        id,
        revision: 0,
        content: content('L-002'),
      });
      expect(both.data).toMatchObject({ status: 'waiting_release', revision: 2 });
      const history = await demoEn.get(`/api/recipe/history?id=${id}`);
      expect(history.data.entries.map((e: { type: string }) => e.type)).toEqual([
        'RecipeCreated',
        'RecipeContentRevised',
        'RecipeSubmitted',
      ]);
    });

    it('recalls released recipes to waiting release, and clears the recycle bin in a batch', async () => {
      const first = await released('W-001');
      const second = await released('W-002');
      const recalled = await command(demoEn, '/api/recipe/batchRecallWaitRelease', {
        ids: [first.id, second.id],
      });
      expect(recalled.data.succeeded).toBe(2);
      const waiting = await read(demo, '/api/recipe/list?number=W-00&status=waiting_release', recalled);
      const rows = waiting.data.list.map((r: { number: string; version: number }) => [r.number, r.version]);
      expect(rows.sort()).toEqual([
        ['W-001', 1],
        ['W-002', 1],
      ]);
      // Released again, the version goes up.
      const again = await command(demo, '/api/recipe/batchRelease', { ids: [first.id] });
      expect((await read(demo, `/api/recipe/detail?id=${first.id}`, again)).data.version).toBe(2);

      const deleted = await command(demo, '/api/recipe/batchDelete', { ids: [first.id, second.id] });
      expect(deleted.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([false, true]);
      const cleared = await command(demoEn, '/api/recipe/batchClear', { ids: [first.id, second.id] });
      expect(cleared.data.results).toEqual([
        expect.objectContaining({
          id: first.id,
          ok: false,
          message: 'Recipe W-001 is released; it cannot be cleared; recall it first',
        }),
        { id: second.id, number: 'W-002', ok: true },
      ]);
      const bin = await read(demo, '/api/recipe/list?status=recycle_bin&number=W-00', cleared);
      expect(bin.data.total).toBe(0);
    });

    it('copies a live recipe under the next free number, as a fresh draft', async () => {
      const { id } = await released('L-003');
      await command(demo, '/api/recipe/batchUpdateOnlineStatus', { ids: [id], online: true });
      const first = await command(demo, '/api/recipe/copy', { id });
      expect(first).toMatchObject({ desc: '复制成功', data: { number: 'L-003-copy', status: 'editing' } });
      // Sent after the first copy's answer, as the web sends it: the second copy sees the first's name taken.
      const sent = await demo.request('POST', '/api/recipe/copy', {
        json: { id },
        headers: { [READ_POSITION_HEADER]: first.position! },
      });
      const second = {
        ...((await sent.json()) as { data: { id: string; number: string } }),
        position: sent.headers.get(READ_POSITION_HEADER),
      };
      expect(second.data.number).toBe('L-003-copy2');
      const names = async (copyId: string, after: string) =>
        (await read(demo, `/api/recipe/detail?id=${copyId}`, after)).data.content.texts;
      expect(await names(first.data.id, first.position!)).toMatchObject({
        zh: { name: '玉米排骨汤L-003 (副本)' },
        en: { name: 'Corn and rib soup L-003 (copy)' },
      });
      const list = await read(demo, '/api/recipe/list?number=L-003', second.position);
      expect(list.data.list.map((r: { name: string }) => r.name).sort()).toEqual([
        '玉米排骨汤L-003',
        '玉米排骨汤L-003 (副本 2)',
        '玉米排骨汤L-003 (副本)',
      ]);
      const named = await command(demo, '/api/recipe/copy', { id, number: 'L-003' });
      expect(named).toMatchObject({
        http: 400,
        data: { fieldErrors: { number: '编号L-003已被其他菜谱使用' } },
      });
      const copy = await read(demo, `/api/recipe/detail?id=${first.data.id}`, first);
      expect(copy.data).toMatchObject({
        online: false,
        version: 0,
        copiedFrom: id,
        copiedFromRecipe: { recipeId: id, number: 'L-003', version: 1 },
      });
    });
  });

  describe('rules', () => {
    it('refuses an illegal transition with 409 naming the recipe and its state, in zh and en', async () => {
      const { id } = await released('T-001');
      const zh = await command(demo, '/api/recipe/delete', { id });
      expect(zh).toMatchObject({
        http: 409,
        code: 'recipe_illegal_transition',
        desc: '菜谱T-001当前为“已发布”，不能删除，请先撤回',
      } as object);
      const en = await command(demoEn, '/api/recipe/delete', { id });
      expect(en).toMatchObject({
        http: 409,
        desc: 'Recipe T-001 is released; it cannot be deleted; recall it first',
      });
      const save = await command(demoEn, '/api/recipe/update', { ...content('T-001'), id, revision: 2 });
      expect(save).toMatchObject({
        http: 409,
        desc: 'Recipe T-001 is released; it cannot be edited; recall it to editing first',
      });
      const clear = await command(demoEn, '/api/recipe/clear', { id });
      expect(clear.desc).toBe('Recipe T-001 is released; it cannot be cleared; recall it first');
    });

    it('reports a batch with mixed outcomes recipe by recipe, in the caller’s language', async () => {
      const waiting = await add('B-001');
      await command(demo, '/api/recipe/submit', { id: waiting.data.id });
      const editing = await add('B-002');
      const foreign = await addForOther('B-003');
      expect(foreign.status).toBe(200);
      const missing = randomUUID();
      const ids = [waiting.data.id, editing.data.id, foreign.data.id, missing];
      const batch = await command(demoEn, '/api/recipe/batchRelease', { ids });
      expect(batch).toMatchObject({ http: 200, desc: '1 succeeded, 3 failed' });
      expect(batch.data).toEqual({
        succeeded: 1,
        failed: 3,
        results: [
          { id: waiting.data.id, number: 'B-001', ok: true },
          {
            id: editing.data.id,
            number: 'B-002',
            ok: false,
            status: 409,
            code: 'recipe_illegal_transition',
            message: 'Recipe B-002 is in editing; it cannot be released; submit it first',
          },
          {
            id: foreign.data.id,
            number: null,
            ok: false,
            status: 404,
            code: 'recipe_not_found',
            message: 'The recipe does not exist',
          },
          {
            id: missing,
            number: null,
            ok: false,
            status: 404,
            code: 'recipe_not_found',
            message: 'The recipe does not exist',
          },
        ],
      });
      const zh = await command(demo, '/api/recipe/batchSubmit', { ids: [editing.data.id, waiting.data.id] });
      expect(zh.desc).toBe('1个成功，1个失败');
      expect(zh.data.results[1].message).toBe('菜谱B-001当前为“已发布”，不能提交，请先撤回到编辑');
    });

    it('lets only one of two saves over the same revision win; the other is told the recipe changed', async () => {
      const added = await add('C-001');
      const id = added.data.id;
      const save = (name: string) =>
        command(demoEn, '/api/recipe/update', {
          ...content('C-001', { texts: { zh: { name } } }),
          id,
          revision: 0,
        });
      const answers = await Promise.all([save('甲'), save('乙')]);
      expect(answers.map((a) => a.http).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.http === 409)!;
      expect(loser.desc).toBe('Recipe C-001 was changed by someone else; reload it and edit again');
      const stale = await save('丙');
      expect(stale.http).toBe(409);
      const history = await demo.get(`/api/recipe/history?id=${id}`);
      expect(history.data.entries).toHaveLength(2);
    });

    it('keeps numbers unique per brand, also when two adds race, and frees a cleared recipe’s number', async () => {
      const results = await Promise.all(Array.from({ length: 6 }, () => add('N-001')));
      expect(results.map((r) => r.http).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      const refused = results.find((r) => r.http === 400)!;
      expect(refused.data.fieldErrors.number).toBe('编号N-001已被其他菜谱使用');
      // Another brand may use the same number.
      expect((await addForOther('N-001')).http).toBe(200);

      const winner = results.find((r) => r.http === 200)!;
      const renamed = await command(demo, '/api/recipe/update', {
        ...content('N-002'),
        id: winner.data.id,
        revision: 0,
      });
      expect(renamed.http).toBe(200);
      expect((await add('N-001')).http).toBe(200);
      expect((await add('N-002')).http).toBe(400);

      await command(demo, '/api/recipe/delete', { id: winner.data.id });
      await command(demo, '/api/recipe/clear', { id: winner.data.id });
      expect((await add('N-002')).http).toBe(200);

      // Many adds at once: each claims its own number and appends.
      const many = await Promise.all(
        Array.from({ length: 40 }, (_, i) => add(`N-1${String(i).padStart(2, '0')}`)),
      );
      expect(many.filter((r) => r.http === 200)).toHaveLength(40);
    });

    it('accepts only references of the caller’s brand, with a field error on each wrong one', async () => {
      const theirCategory = await other.post('/api/recipeCategory/add', {
        number: 'OC1',
        mainLang: 'en',
        names: { en: 'Theirs' },
      });
      const res = await command(demoEn, '/api/recipe/add', {
        ...content('F-001'),
        langs: ['zh', 'en', 'ja'],
        categoryId: theirCategory.data.id,
        tagIds: [randomUUID()],
        productCodes: ['TM-6', 'NOPE-1'],
        servingVersions: [
          {
            servings: 2,
            ingredients: [{ names: { zh: '盐' }, quantity: 1, unitId: randomUUID() }],
            steps: [{ number: 1, workMode: 'MANUAL', audioFileCode: picture }],
          },
        ],
      });
      expect(res.http).toBe(400);
      expect(res.data.fieldErrors).toEqual({
        'langs.2': 'The brand does not support this language: Japanese',
        categoryId: 'The category does not exist in your brand',
        'tagIds.0': 'The label does not exist in your brand',
        'servingVersions.0.ingredients.0.unitId': 'The unit does not exist in your brand',
        'servingVersions.0.steps.0.audioFileCode': 'The step’s audio does not exist; upload it again',
        'productCodes.1': 'The model NOPE-1 is not one of your brand’s models',
      });
    });

    it('refuses a draft without its required fields on add and on edit, naming each field in zh and en', async () => {
      const nameless = { ...content('RQ-001'), texts: { en: { name: 'Corn soup' } } };
      const zh = await command(demo, '/api/recipe/add', nameless);
      expect(zh).toMatchObject({
        http: 400,
        desc: '输入有误：texts.zh.name：菜谱名称（主语言）不能为空',
        data: { fieldErrors: { 'texts.zh.name': '菜谱名称（主语言）不能为空' } },
      });
      const en = await command(demoEn, '/api/recipe/add', { ...nameless, texts: { zh: { name: ' ' } } });
      expect(en).toMatchObject({
        http: 400,
        desc: 'Invalid input: texts.zh.name: The recipe name in the main language is required',
      });
      // Every required field at once: number, main language, the main-language name, the servings.
      const empty = await command(demoEn, '/api/recipe/add', {
        type: 'SOUP',
        number: '',
        mainLang: '',
        langs: ['zh'],
        servingVersions: [{ servings: 0 }],
      });
      expect(empty.http).toBe(400);
      expect(Object.keys(empty.data.fieldErrors).sort()).toEqual([
        'mainLang',
        'number',
        'servingVersions.0.servings',
      ]);
      const named = await command(demoEn, '/api/recipe/add', { ...nameless, mainLang: 'en' });
      expect(named.http).toBe(200);
      const noName = await command(demoEn, '/api/recipe/add', { ...nameless, mainLang: 'en', texts: {} });
      expect(noName.data.fieldErrors).toEqual({
        'texts.en.name': 'The recipe name in the main language is required',
      });

      // The edit paths: update and save refuse blanking the name, and nothing changes.
      for (const path of ['/api/recipe/update', '/api/recipe/save']) {
        const edit = await command(demo, path, {
          ...content('RQ-001'),
          mainLang: 'en',
          texts: { zh: { name: '玉米汤' } },
          id: named.data.id,
          revision: 0,
        });
        expect(edit).toMatchObject({
          http: 400,
          data: { fieldErrors: { 'texts.en.name': '菜谱名称（主语言）不能为空' } },
        });
      }
      expect((await read(demoEn, `/api/recipe/detail?id=${named.data.id}`, named)).data.name).toBe(
        'Corn soup',
      );
    });

    it('checks steps against their work mode and points at the field', async () => {
      const res = await command(demoEn, '/api/recipe/add', {
        ...content('S-001'),
        servingVersions: [
          { servings: 2, steps: [{ number: 1, workMode: 'DESCRIBE' }] },
          {
            servings: 4,
            steps: [
              { number: 1, workMode: 'DESCRIBE' },
              { number: 2, workMode: 'STEAM', temperature: 90 },
            ],
          },
        ],
      });
      expect(res).toMatchObject({
        http: 400,
        desc: 'Servings 4, step 2: Steam counts down only once 95 °C is reached; set at least 95 °C',
        data: { fieldErrors: { 'servingVersions.1.steps.1.temperature': expect.stringContaining('95 °C') } },
      });
    });
  });

  describe('batch settings and the list', () => {
    it('sets online, paid, category and models in batches, and filters the list by them', async () => {
      const soup = await released('M-001');
      const fryer = await add('M-002', {
        type: 'AIR_FRYER',
        productCodes: ['AF-5'],
        servingVersions: [{ servings: 2, steps: [{ number: 1, workMode: 'AIR_FRYER' }] }],
      });
      const ids = [soup.id, fryer.data.id];
      const category = await demo.post('/api/recipeCategory/add', {
        number: 'CAT-M',
        mainLang: 'zh',
        names: { zh: '汤羹', en: 'Soups' },
      });
      const tag = await demo.post('/api/recipeTag/add', {
        number: 'TAG-M',
        names: { zh: '快手', en: 'Quick' },
      });
      await command(demo, '/api/recipe/update', {
        ...content('M-002', {
          type: 'AIR_FRYER',
          productCodes: ['AF-5'],
          tagIds: [tag.data.id],
          servingVersions: [{ servings: 2, steps: [{ number: 1, workMode: 'AIR_FRYER' }] }],
        }),
        id: fryer.data.id,
        revision: 0,
      });
      expect(
        (await command(demo, '/api/recipe/batchUpdateOnlineStatus', { ids, online: 'true' })).data.succeeded,
      ).toBe(2);
      expect(
        (await command(demo, '/api/recipe/batchUpdateBuyStatus', { ids: [soup.id], paid: true })).data
          .succeeded,
      ).toBe(1);
      const moved = await command(demo, '/api/recipe/batchUpdateCategory', {
        ids,
        categoryId: category.data.id,
      });
      expect(moved.data.succeeded).toBe(2);
      const wrongCategory = await command(demo, '/api/recipe/batchUpdateCategory', {
        ids,
        categoryId: randomUUID(),
      });
      expect(wrongCategory).toMatchObject({
        http: 400,
        data: { fieldErrors: { categoryId: '分类不存在或不属于本品牌' } },
      });
      const linked = await command(demo, '/api/recipe/batchRelModel', {
        ids,
        productCodes: ['TM-7', 'AF-8'],
      });
      expect(linked.data.succeeded).toBe(2);
      const unlinked = await command(demo, '/api/recipe/batchDeleteModel', {
        ids,
        productCodes: ['TM-6', 'TM-7', 'AF-8'],
      });
      // The released soup may not lose its last model; the draft may.
      expect(unlinked.data.results).toEqual([
        expect.objectContaining({ id: soup.id, ok: false, status: 409, code: 'recipe_last_model' }),
        expect.objectContaining({ id: fryer.data.id, ok: true }),
      ]);
      const last = unlinked.position;

      const names = async (query: string) =>
        (await read(demoEn, `/api/recipe/list?number=M-0&${query}`, last)).data.list.map(
          (r: { number: string }) => r.number,
        );
      expect(await names('online=true')).toEqual(['M-002', 'M-001']);
      expect(await names('paid=true')).toEqual(['M-001']);
      expect(await names('paid=false')).toEqual(['M-002']);
      expect(await names(`categoryId=${category.data.id}`)).toEqual(['M-002', 'M-001']);
      expect(await names(`tagId=${tag.data.id}`)).toEqual(['M-002']);
      expect(await names('type=AIR_FRYER')).toEqual(['M-002']);
      expect(await names('productCode=AF-5')).toEqual(['M-002']);
      expect(await names('productCode=TM-6')).toEqual(['M-001']);
      // A model and a label together, and a label's id in capitals (one index holds both; ids match in any case).
      expect(await names(`tagId=${tag.data.id}&productCode=AF-5`)).toEqual(['M-002']);
      expect(await names(`tagId=${tag.data.id}&productCode=TM-6`)).toEqual([]);
      expect(await names(`tagId=${String(tag.data.id).toUpperCase()}`)).toEqual(['M-002']);
      expect(await names('status=released')).toEqual(['M-001']);
      expect(await names('lang=de')).toEqual([]);
      expect(await names('name=rib%20soup%20M-001')).toEqual(['M-001']);
      expect(await names('name=排骨汤M-002')).toEqual(['M-002']);
      expect(await names('name=RIB%20SOUP')).toEqual(['M-002', 'M-001']);
      expect(await names('name=排骨')).toEqual(['M-002', 'M-001']);
      expect(await names('name=汤')).toEqual(['M-002', 'M-001']);
      expect(await names('name=50%25')).toEqual([]);
      const row = (await read(demoEn, '/api/recipe/list?number=m-001', last)).data.list[0];
      expect(row).toMatchObject({
        categoryName: 'Soups',
        online: true,
        paid: true,
        productCodes: ['TM-6', 'TM-7', 'AF-8'],
      });

      // The category knows it is used and refuses to go.
      const cat = await demo.get(`/api/recipeCategory/detail?id=${category.data.id}`);
      expect(cat.data.recipeCount).toBe(2);
      const refused = await demo.post('/api/recipeCategory/delete', { id: category.data.id });
      expect(refused).toMatchObject({ http: 409, desc: '分类“汤羹”正被2个菜谱使用，不能删除' });
    });

    it('pages the list with the shared pager and offers a picker search', async () => {
      const page = await demo.get('/api/recipe/list?pageNum=1&pageSize=10');
      expect(page.data).toMatchObject({ pageNum: 1, pageSize: 10 });
      expect(page.data.list).toHaveLength(Math.min(10, page.data.total));
      expect(page.data.total).toBeGreaterThan(10);
      const sorted = page.data.list.map((r: { updatedAt: string }) => r.updatedAt);
      expect([...sorted].sort().reverse()).toEqual(sorted);
      expect((await demo.get('/api/recipe/list?pageSize=7')).status).toBe(400);
      const all = await demo.get('/api/recipe/list?onPage=false');
      expect(all.data.length).toBe(page.data.total);

      const found = await demo.get('/api/recipe/search?keyword=r-100');
      expect(found.data.map((r: { number: string }) => r.number).sort()).toEqual([
        'R-1001',
        'R-1002',
        'R-1003',
        'R-1004',
        'R-1005',
      ]);
      const byName = await demo.get(
        `/api/recipe/search?keyword=${encodeURIComponent('鸡翅')}&status=released`,
      );
      expect(byName.data.map((r: { number: string }) => r.number)).toEqual(['R-1002']);
    });

    it('sorts the library and the recycle bin by their columns both ways, the same across pages', async () => {
      // Numbers of this attempt only, so a retry in the same database starts from an empty prefix.
      const prefix = `B${Date.now().toString(36).toUpperCase()}-`;
      const numbers = Array.from({ length: 12 }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
      const ids: string[] = [];
      let last: CommandAnswer | undefined;
      for (const [i, number] of numbers.entries()) {
        last = await add(number);
        expect(last.status).toBe(200);
        ids.push(last.data.id);
        // Every other one is submitted: it waits for release, and leaves that state for the bin.
        if (i % 2 === 1) {
          last = await command(demo, '/api/recipe/submit', { id: ids.at(-1) });
          expect(last.status).toBe(200);
        }
      }
      type LibraryRow = { id: string; number: string; status: string; version: number };
      const library = `/api/recipe/list?number=${prefix}`;
      const byNumberInLibrary = await sortedBothWays<LibraryRow>(demo, `${library}&orderBy=number`, last);
      expect(byNumberInLibrary.map((r) => r.number)).toEqual(numbers);
      const byStatus = await sortedBothWays<LibraryRow>(demo, `${library}&orderBy=status`);
      expect(byStatus.map((r) => r.status)).toEqual([
        ...Array<string>(6).fill('editing'),
        ...Array<string>(6).fill('waiting_release'),
      ]);
      // All of one type: a run of ties in one order on every page.
      await sortedBothWays<LibraryRow>(demo, `${library}&orderBy=type`);

      // Deleted in three batches, the last numbers first.
      const batches = [ids.slice(8), ids.slice(0, 4), ids.slice(4, 8)];
      for (const batch of batches) {
        last = await command(demo, '/api/recipe/batchDelete', { ids: batch });
        expect(last.data.succeeded).toBe(4);
      }
      type BinRow = { id: string; number: string; recycledFrom: string };
      const bin = `/api/recipe/list?status=recycle_bin&number=${prefix}`;

      // By delete time: the batches in the order they were deleted.
      const byTime = await sortedBothWays<BinRow>(demo, `${bin}&orderBy=deletedAt`, last);
      const batchOf = (r: BinRow) => batches.findIndex((b) => b.includes(r.id));
      expect(byTime.map(batchOf)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
      // Without a sort the bin shows the last deleted first, as sorted by delete time descending.
      const unsorted = (await demo.get(`${bin}&onPage=false`)).data as BinRow[];
      expect(unsorted.map((r) => r.id)).toEqual(byTime.map((r) => r.id).reverse());

      const byNumber = await sortedBothWays<BinRow>(demo, `${bin}&orderBy=number`);
      expect(byNumber.map((r) => r.number)).toEqual(numbers);
      // Six recipes left each state: ties, in one order on every page.
      const byState = await sortedBothWays<BinRow>(demo, `${bin}&orderBy=recycledFrom`);
      expect(byState.map((r) => r.recycledFrom)).toEqual([
        ...Array<string>(6).fill('editing'),
        ...Array<string>(6).fill('waiting_release'),
      ]);

      // The bin's columns sort only the bin, and the library's only the library, refused in the caller's language.
      const byDeletion = await demoEn.get('/api/recipe/list?orderBy=deletedAt');
      expect(byDeletion.status).toBe(400);
      expect(byDeletion.data.fieldErrors.orderBy).toBe('This list cannot be sorted by that field');
      const byVersion = await demo.get('/api/recipe/list?status=recycle_bin&orderBy=version');
      expect(byVersion.status).toBe(400);
      expect(byVersion.data.fieldErrors.orderBy).toBe('此列表不能按该字段排序');
    });

    it('reads the next page after its cursor exactly as by its page number, in every order and in the bin', async () => {
      // Numbers of this attempt only, so a retry in the same database starts from an empty prefix.
      const prefix = `K${Date.now().toString(36).toUpperCase()}-`;
      const ids: string[] = [];
      let last: CommandAnswer | undefined;
      for (let i = 1; i <= 12; i++) {
        last = await add(`${prefix}${String(i).padStart(2, '0')}`);
        expect(last.status).toBe(200);
        ids.push(last.data.id);
      }
      type Page = { list: { id: string }[]; total: number; totalExact: boolean; nextCursor: string | null };
      const rowIds = (page: Page) => page.list.map((r) => r.id);
      /** Page 2 of `query` by number and after page 1's cursor: the same rows, and nothing after them. */
      async function sameByCursor(query: string, after?: CommandAnswer) {
        const first = await read(demo, `${query}&pageSize=10`, after);
        const page1 = first.data as Page;
        expect(page1).toMatchObject({ total: 12, totalExact: true, nextCursor: expect.any(String) });
        const byNumber = (await demo.get<Page>(`${query}&pageSize=10&pageNum=2`)).data;
        const cursor = encodeURIComponent(page1.nextCursor!);
        const byCursor = (await demo.get<Page>(`${query}&pageSize=10&pageNum=2&after=${cursor}`)).data;
        expect(rowIds(byCursor)).toEqual(rowIds(byNumber));
        expect(byCursor.list).toHaveLength(2);
        expect(byCursor.nextCursor).toBeNull();
      }
      const library = `/api/recipe/list?number=${prefix}`;
      await sameByCursor(library, last);
      for (const sort of [
        'orderBy=number&order=asc',
        'orderBy=number&order=desc',
        'orderBy=status',
        'orderBy=version',
      ])
        await sameByCursor(`${library}&${sort}`);

      last = await command(demo, '/api/recipe/batchDelete', { ids });
      expect(last.data.succeeded).toBe(12);
      const bin = `/api/recipe/list?status=recycle_bin&number=${prefix}`;
      await sameByCursor(bin, last);
      await sameByCursor(`${bin}&orderBy=recycledFrom&order=desc`);

      // A cursor the list never gave out is refused in the caller's language, whatever it holds.
      const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
      for (const after of [
        'abc',
        `c.${forged(['yesterday', ids[0]])}`,
        `s.${forged(['K-01', 'not-an-id'])}`,
      ]) {
        const query = after.startsWith('s.') ? `${library}&orderBy=number` : library;
        const refused = await demoEn.get(`${query}&after=${encodeURIComponent(after)}`);
        expect(refused.status).toBe(400);
        expect(refused.data.fieldErrors.after).toBe('Invalid page cursor; start again from page 1');
      }
    });

    it('shows a recipe as the appliance does, in a chosen language and serving size', async () => {
      const { id, last } = await released('P-001');
      const en = await read(demo, `/api/recipe/simulatRecipeDetail?id=${id}&lang=en&servings=4`, last);
      expect(en.data).toMatchObject({
        lang: 'en',
        name: 'Corn and rib soup P-001',
        servings: 4,
        servingOptions: [2, 4],
        difficulty: 'Medium',
        ingredients: [{ name: 'Pork ribs', quantity: 600, unit: '' }],
      });
      expect(
        en.data.steps.map((s: { modeName: string; settings: string }) => [s.modeName, s.settings]),
      ).toEqual([
        ['Food processor', 'speed 4 · 00:20'],
        ['Manual cooking', '100°C · speed 2 · 05:00 · forward'],
        ['Slow cook', '90°C · speed 1 · 60:00'],
      ]);
      const zh = await demo.get(`/api/recipe/simulatRecipeDetail?id=${id}&lang=fr`);
      expect(zh.data).toMatchObject({ lang: 'zh', name: '玉米排骨汤P-001', servings: 2 });
      expect(zh.data.steps[1]).toMatchObject({
        modeName: '手动烹饪',
        settings: '100°C · 速度 2 · 05:00 · 正转',
      });
    });
  });

  describe('brands and demo data', () => {
    it('keeps DEMO’s recipes invisible and untouchable for OTHER', async () => {
      const { id, last } = await released('I-001');
      const otherList = await read(other, '/api/recipe/list?onPage=false', last);
      expect(otherList.data.map((r: { number: string }) => r.number)).not.toContain('I-001');
      expect(otherList.data.map((r: { number: string }) => r.number)).toEqual(
        expect.arrayContaining(['P-2001', 'P-2002']),
      );
      for (const url of ['detail', 'history', 'simulatRecipeDetail'])
        expect((await other.get(`/api/recipe/${url}?id=${id}`)).status).toBe(404);
      expect(
        (await command(other, '/api/recipe/batchRecallEditing', { ids: [id] })).data.results[0],
      ).toMatchObject({
        ok: false,
        status: 404,
      });
      expect((await command(other, '/api/recipe/copy', { id })).http).toBe(404);
      expect(
        (await command(other, '/api/recipe/update', { ...content('I-001'), id, revision: 2 })).http,
      ).toBe(404);
      expect((await demo.get(`/api/recipe/detail?id=${id}`)).data.status).toBe('released');
    });

    it('seeds believable demo recipes through the commands, once', async () => {
      const list = await demo.get('/api/recipe/list?number=R-100&onPage=false');
      expect(list.data.map((r: { number: string; status: string }) => [r.number, r.status]).sort()).toEqual([
        ['R-1001', 'released'],
        ['R-1002', 'released'],
        ['R-1003', 'waiting_release'],
        ['R-1004', 'editing'],
        ['R-1005', 'editing'],
      ]);
      const bin = await demo.get('/api/recipe/list?status=recycle_bin&number=R-09');
      expect(bin.data.list.map((r: { number: string }) => r.number)).toEqual(['R-0901']);
      const wings = list.data.find((r: { number: string }) => r.number === 'R-1002');
      expect(wings).toMatchObject({ online: true, paid: true, createdBy: 'demo' });
      const picture = await demo.request('GET', `/api/file/download?fileCode=${wings.pictureFileCode}`);
      expect(picture.headers.get('content-type')).toBe('image/png');
      // Its ingredients are measured in the brand's units, named in the preview's language.
      const wingsOnDevice = async (lang: string) =>
        (await demo.get(`/api/recipe/simulatRecipeDetail?id=${wings.id}&lang=${lang}`)).data.ingredients;
      expect(await wingsOnDevice('en')).toMatchObject([
        { name: 'Chicken wings', quantity: 8, unit: 'pcs' },
        { name: 'Honey', quantity: 2, unit: 'tbsp' },
      ]);
      expect((await wingsOnDevice('zh'))[0]).toMatchObject({ name: '鸡翅中', quantity: 8, unit: '只' });

      const before = (await store.readAll({ maxCount: 100_000 })).length;
      await seedDemoRecipes(pool, store, api.config);
      expect((await store.readAll({ maxCount: 100_000 })).length).toBe(before);
    });

    it('feeds the home counts and rankings', async () => {
      const counts = await demo.get('/api/common/loadBrandIndexCount');
      const all = await demo.get('/api/recipe/list?onPage=false');
      const bin = await demo.get('/api/recipe/list?onPage=false&status=recycle_bin');
      expect(counts.data.recipeCount).toBe(all.data.length + bin.data.length);
      expect(counts.data.recycledRecipeCount).toBe(bin.data.length);
      const ranking = await demoEn.get('/api/common/loadBrandRecipeRanking');
      // The demo seed's cooking sessions rank the released demo recipes.
      expect(ranking.data.length).toBeGreaterThan(0);
      expect(ranking.data[0]).toEqual({
        recipeId: expect.any(String),
        recipeNumber: expect.any(String),
        recipeName: expect.any(String),
        count: expect.any(Number),
      });
      // The category ranking counts cooking: cook M-001 (category Soups) twice through the writes device-ingest makes.
      const soup = (await demo.get('/api/recipe/list?onPage=false&number=M-001')).data[0];
      await pool.query(
        `INSERT INTO devices (brand_owner_code, sn, product_code, activated_at)
         VALUES ('DEMO', 'SN-RANK-1', 'TM-6', now()) ON CONFLICT DO NOTHING`,
      );
      const device = (await pool.query(`SELECT id FROM devices WHERE sn = 'SN-RANK-1'`)).rows[0];
      const at = new Date().toISOString();
      await storeCookingSessions(
        pool,
        ['rank-1', 'rank-2'].map((messageId) => ({
          deviceId: device.id,
          brandOwnerCode: 'DEMO',
          receivedAt: at,
          message: {
            messageId,
            recipeId: soup.id,
            recipeVersion: 1,
            mode: 'BOIL',
            startedAt: at,
            endedAt: at,
            outcome: 'completed' as const,
          },
        })),
      );
      const categories = await demoEn.get('/api/common/loadRecipeCategoryRanking');
      expect(categories.data[0]).toMatchObject({ categoryName: 'Soups', count: 2 });
    });
  });

  it('builds the same list and details again when the projection is rebuilt', async () => {
    const rows = async () => ({
      list: (await pool.query('SELECT * FROM recipe_list ORDER BY recipe_id')).rows,
      detail: (await pool.query('SELECT * FROM recipe_detail ORDER BY recipe_id')).rows,
    });
    expect(await waitForProjection(pool, 'recipes', await store.headPosition(), { timeoutMs: 10_000 })).toBe(
      true,
    );
    const before = await rows();
    expect(before.list.length).toBeGreaterThan(20);
    const recipes = allProjections.find((p) => p.name === 'recipes')!;
    const result = await rebuildProjection(pool, store, recipes, {
      signal: new AbortController().signal,
      pollIntervalMs: 20,
    });
    expect(result.replaced).not.toBeNull();
    expect(await rows()).toEqual(before);
  });
});
