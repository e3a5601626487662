import type { AuditChange, AuditHistory, RecipeContentInput } from '@kb/contracts';
import { eventually } from '@kb/testing';
import type { Client, ProjectedApi } from './harness.js';
import { command, loggedIn, read, uploadImage, startProjectedApi, signedIn } from './harness.js';

/** The ended records of a kind once the stream summary shows `id` (the projector may lag on a loaded machine). */
function endedUntil(client: Client, kind: string, id: string) {
  return eventually(
    () => client.get(`/api/audit/ended?kind=${kind}`),
    (page) => page.data.items.some((r: { id: string }) => r.id === id),
    90_000,
    `${id} among the ended ${kind} records`,
  );
}

/** A change line as the screen shows it: "label: before → after". */
const line = (c: AuditChange) => `${c.label}: ${c.before?.text ?? '∅'} → ${c.after?.text ?? '∅'}`;

describe('the auditor’s history (/api/audit)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  let auditor: Client;
  let viewer: Client;
  let picture: string;
  let category: string;
  let tag: string;
  let unit: string;

  const content = (number: string, speed: number, extra = false): RecipeContentInput => ({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: { zh: { name: `番茄汤${number}` }, en: { name: `Tomato soup ${number}` } },
    servingVersions: [
      {
        servings: 2,
        ingredients: [
          { names: { zh: '番茄', en: 'Tomato' }, quantity: 3, unitId: unit },
          ...(extra ? [{ names: { zh: '盐', en: 'Salt' }, quantity: 1, unitId: unit }] : []),
        ],
        steps: [
          { number: 1, workMode: 'FOOD_PROCESSOR', speed: 4, seconds: 20, descriptions: { zh: '切碎' } },
          { number: 3, workMode: 'FOOD_PROCESSOR', speed, seconds: 30, descriptions: { zh: '打匀' } },
        ],
      },
    ],
    categoryId: category,
    tagIds: [tag],
    productCodes: ['TM-6'],
    pictureFileCode: picture,
  });

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '10000' }, 8);
    ({ demo, viewer } = await signedIn(api.baseUrl, 'zh', 'demo', 'viewer'));
    ({ demo: demoEn, audit: auditor } = await signedIn(api.baseUrl, 'en', 'demo', 'audit'));
    // Each projection holds a client for its run lock: room for those and their batches.
    picture = await uploadImage(demo, 'soup.png');
    category = (
      await demo.post('/api/recipeCategory/add', {
        number: 'H-SOUP',
        mainLang: 'zh',
        names: { zh: '汤羹', en: 'Soups' },
      })
    ).data.id;
    tag = (await demo.post('/api/recipeTag/add', { number: 'H-QUICK', names: { zh: '快手菜', en: 'Quick' } }))
      .data.id;
    unit = (await demo.post('/api/boUnit/add', { names: { zh: '个', en: 'piece' } })).data.id;
    expect([category, tag, unit].every(Boolean)).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await api.stop();
  }, 180_000);

  /** A recipe created with step 3 at speed 3, then saved with speed 5 and one more ingredient. */
  async function revisedRecipe(number: string) {
    const added = await command(demo, '/api/recipe/add', content(number, 3));
    expect(added.http).toBe(200);
    const id = added.data.id as string;
    const saved = await command(demo, '/api/recipe/save', { ...content(number, 5, true), id, revision: 0 });
    expect(saved.data).toMatchObject({ revision: 1, changed: true });
    return id;
  }

  it('words a content edit per serving version and step, with labels and names in the reader’s language', async () => {
    const id = await revisedRecipe('HIS-001');
    const en = await demoEn.get<AuditHistory>(`/api/audit/history?kind=recipe&id=${id}`);
    expect(en.http).toBe(200);
    expect(en.data).toMatchObject({ kind: 'recipe', id, number: 'HIS-001', ended: false });
    const [created, revised] = en.data.entries;
    expect(created!.changes.map(line)).toEqual([
      'status: ∅ → in editing',
      'number: ∅ → HIS-001',
      'Chinese · name: ∅ → 番茄汤HIS-001',
    ]);
    expect(revised!.title).toBeTruthy();
    expect(revised!.actor).toBe('demo');
    expect(revised!.changes.map(line)).toEqual([
      '2 servings · Ingredient 2: ∅ → Salt 1 piece',
      '2 servings · Step 3 · speed: 3 → 5',
    ]);
    expect(revised!.changes[0]!.op).toBe('added');

    const zh = await demo.get<AuditHistory>(`/api/audit/history?kind=recipe&id=${id}`);
    expect(zh.data.entries[1]!.changes.map(line)).toEqual([
      '2 人份 · 食材 2: ∅ → 盐 1 个',
      '2 人份 · 步骤 3 · 速度: 3 → 5',
    ]);
    expect(zh.data.entries[0]!.status).toBe('编辑中 · v0');
  });

  it('names categories, tags, models and units instead of ids, and shows files as files', async () => {
    const id = await revisedRecipe('HIS-002');
    const other = (
      await demo.post('/api/recipeCategory/add', {
        number: 'H-MAIN',
        mainLang: 'zh',
        names: { zh: '主菜', en: 'Mains' },
      })
    ).data.id;
    const second = await uploadImage(demo, 'soup2.png');
    await command(demo, '/api/recipe/save', {
      ...content('HIS-002', 5, true),
      categoryId: other,
      tagIds: [],
      pictureFileCode: second,
      id,
      revision: 1,
    });
    const history = await demoEn.get<AuditHistory>(`/api/audit/history?kind=recipe&id=${id}`);
    const changes = history.data.entries.at(-1)!.changes;
    expect(changes.map(line)).toEqual(['category: Soups → Mains', 'tags: Quick → ∅', 'picture: file → file']);
    expect(changes[2]).toMatchObject({ before: { fileCode: picture }, after: { fileCode: second } });
    const text = JSON.stringify(history.data);
    for (const raw of [category, other, tag, 'categoryId', 'tagIds', 'pictureFileCode'])
      expect(text).not.toContain(raw);
  });

  it('names a category as it was called when each event happened, even once it is deleted', async () => {
    const add = await demo.post('/api/recipeCategory/add', {
      number: 'H-BROTH',
      mainLang: 'zh',
      names: { zh: '清汤', en: 'Broths' },
    });
    const broths = add.data as { id: string; version: number };
    const id = await revisedRecipe('HIS-008');
    await command(demo, '/api/recipe/save', {
      ...content('HIS-008', 5, true),
      categoryId: broths.id,
      id,
      revision: 1,
    });
    const renamed = await demo.post('/api/recipeCategory/update', {
      id: broths.id,
      version: broths.version,
      number: 'H-BROTH',
      mainLang: 'zh',
      names: { zh: '高汤', en: 'Stocks' },
    });
    expect(renamed.http).toBe(200);
    const back = await command(demo, '/api/recipe/save', { ...content('HIS-008', 5, true), id, revision: 2 });
    expect(back.data).toMatchObject({ revision: 3, changed: true });

    const categoryLines = async (client: Client) => {
      const history = await client.get<AuditHistory>(`/api/audit/history?kind=recipe&id=${id}`);
      expect(history.http).toBe(200);
      return history.data.entries.slice(2).map((e) => e.changes.map(line));
    };
    // Moved under its old name, moved back from its new one.
    expect(await categoryLines(demoEn)).toEqual([['category: Soups → Broths'], ['category: Stocks → Soups']]);
    expect(await categoryLines(demo)).toEqual([['分类: 汤羹 → 清汤'], ['分类: 高汤 → 汤羹']]);
    const asOf = async (revision: number) =>
      (await demoEn.get(`/api/audit/state?kind=recipe&id=${id}&revision=${revision}`)).data.names.categories;
    expect((await asOf(2))[broths.id]).toBe('Broths');
    expect((await asOf(3))[category]).toBe('Soups');
    const compared = await demoEn.get(`/api/audit/compare?kind=recipe&id=${id}&from=2&to=3`);
    expect(compared.data.changes.map(line)).toEqual(['category: Stocks → Soups']);

    // Deleting the category (once the recipe list, read after the move back, no longer counts the recipe in it)
    // keeps its names in the trail.
    await eventually(
      () => read(demo, `/api/recipeCategory/detail?id=${broths.id}`, back),
      (detail) => detail.data.recipeCount === 0,
      60_000,
      'the recipe list counts no recipe in the category',
    );
    const deleted = await demo.post('/api/recipeCategory/delete', { id: broths.id });
    expect(deleted.http).toBe(200);
    expect(await categoryLines(demoEn)).toEqual([['category: Soups → Broths'], ['category: Stocks → Soups']]);
  }, 120_000);

  it('gives the full state as of any event with its names, and compares any two versions', async () => {
    const id = await revisedRecipe('HIS-003');
    const first = await demoEn.get(`/api/audit/state?kind=recipe&id=${id}&revision=0`);
    expect(first.http).toBe(200);
    expect(first.data.state.content.servingVersions[0].steps[1]).toMatchObject({ number: 3, speed: 3 });
    expect(first.data.state.content.servingVersions[0].ingredients).toHaveLength(1);
    expect(first.data.names).toMatchObject({
      categories: { [category]: 'Soups' },
      tags: { [tag]: 'Quick' },
      units: { [unit]: 'piece' },
      models: { 'TM-6': expect.any(String) },
    });
    const latest = await demoEn.get(`/api/audit/state?kind=recipe&id=${id}&revision=1`);
    expect(latest.data.state.content.servingVersions[0].steps[1].speed).toBe(5);
    expect((await demoEn.get(`/api/audit/state?kind=recipe&id=${id}&revision=7`)).http).toBe(404);

    const back = await demoEn.get(`/api/audit/compare?kind=recipe&id=${id}&from=1&to=0`);
    expect(back.data.changes.map(line)).toEqual([
      '2 servings · Ingredient 2: Salt 1 piece → ∅',
      '2 servings · Step 3 · speed: 5 → 3',
    ]);
    expect(back.data.changes[0].op).toBe('removed');
  });

  it('keeps a cleared recipe’s history for auditors and admins, refuses it to a viewer, and lists it', async () => {
    const id = await revisedRecipe('HIS-004');
    await command(demo, '/api/recipe/delete', { id });
    const cleared = await command(demo, '/api/recipe/clear', { id });
    expect(cleared.data.status).toBe('cleared');

    const byAuditor = await auditor.get<AuditHistory>(`/api/audit/history?kind=recipe&id=${id}`);
    expect(byAuditor.http).toBe(200);
    expect(byAuditor.data).toMatchObject({ ended: true, status: 'cleared · v0' });
    expect(byAuditor.data.entries.map((e) => e.status)).toEqual([
      'in editing · v0',
      'in editing · v0',
      'in the recycle bin · v0',
      'cleared · v0',
    ]);
    expect(byAuditor.data.entries[1]!.changes.map(line)).toContain('2 servings · Step 3 · speed: 3 → 5');

    const refused = await viewer.get(`/api/audit/history?kind=recipe&id=${id}`);
    expect(refused).toMatchObject({
      http: 403,
      desc: '没有权限：只读角色不能审计：查看已清除、已删除记录的历史',
    });
    expect((await viewer.get(`/api/audit/export?kind=recipe&id=${id}`)).http).toBe(403);
    // A live record's history is every reader's.
    const live = await revisedRecipe('HIS-005');
    expect((await viewer.get(`/api/audit/history?kind=recipe&id=${live}`)).http).toBe(200);

    const ended = await endedUntil(auditor, 'recipe', id);
    expect(ended.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, number: 'HIS-004', status: 'cleared · v0', endedBy: 'demo' }),
      ]),
    );
    expect((await viewer.get('/api/audit/ended?kind=recipe')).http).toBe(403);
    expect((await auditor.get('/api/audit/ended?kind=nothing')).http).toBe(400);
    const badCursor = await auditor.get('/api/audit/ended?kind=recipe&before=2026-13-99T00:00:00Z|recipe-x');
    expect(badCursor).toMatchObject({ http: 400, desc: expect.stringContaining('Invalid page position') });
  }, 180_000);

  it('exports a history as CSV with a BOM, one row per change, in the reader’s language', async () => {
    const id = await revisedRecipe('HIS-006');
    const res = await demo.request('GET', `/api/audit/export?kind=recipe&id=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toContain('recipe-HIS-006-history.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('序号,时间,操作人,操作,操作后状态,原因,变更项,变更前,变更后');
    expect(rows).toHaveLength(1 + 3 + 2);
    expect(rows.at(-1)).toMatch(/^2,[^,]+,demo,[^,]+,编辑中 · v0,,2 人份 · 步骤 3 · 速度,3,5$/);
    expect(rows.at(-2)).toMatch(/,2 人份 · 食材 2,,盐 1 个$/);
  });

  it('reads an APK’s trail: statuses in words, the return reason, files as files, and deletion for auditors', async () => {
    const draft = await command(demo, '/api/subApk/add', {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: '7.0.0',
      modeName: 'Chef',
    });
    const id = draft.data.id as string;
    const logo = await uploadImage(demo, 'logo.png');
    await command(demo, '/api/subApk/update', {
      id,
      revision: 0,
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: '7.0.0',
      modeName: 'Chef mode',
      bootLogo: logo,
    });
    const deleted = await command(demo, '/api/subApk/delete', { id });
    expect(deleted.http).toBe(200);
    const history = await auditor.get<AuditHistory>(`/api/audit/history?kind=apk&id=${id}`);
    expect(history.data).toMatchObject({ number: '7.0.0', ended: true });
    const revised = history.data.entries[1]!;
    expect(revised.changes.map(line)).toEqual(['mode name: Chef → Chef mode', 'boot logo: ∅ → file']);
    expect(revised.changes[1]!.after).toEqual({ text: 'file', fileCode: logo });
    expect(history.data.entries.at(-1)!.status).toBe('deleted · not in test · not online');
    expect((await viewer.get(`/api/audit/history?kind=apk&id=${id}`)).http).toBe(403);
    const ended = await endedUntil(auditor, 'apk', id);
    expect(ended.data.items.map((i: { id: string }) => i.id)).toContain(id);
  }, 180_000);

  it('keeps each brand’s trails to itself', async () => {
    const id = await revisedRecipe('HIS-007');
    const other = await loggedIn(api.baseUrl, 'other', 'other12345', 'en');
    expect((await other.get(`/api/audit/history?kind=recipe&id=${id}`)).http).toBe(404);
    expect((await other.get(`/api/audit/export?kind=recipe&id=${id}`)).http).toBe(404);
  });
});
