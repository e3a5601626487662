import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { OfflinePackContentInput, RecipeContentInput } from '@kb/contracts';
import { prepareDatabase } from '../src/bootstrap.js';
import type { Client, ProjectedApi } from './harness.js';
import { command, pngBytes, read, uploadImage, startProjectedApi, signedIn } from './harness.js';
import {
  buildPack,
  startIngestProcess,
  unzip,
  waitForBuild,
  type RunningIngestProcess,
} from './offline-packs-support.js';
import { eventually, OFFLINE_PACK_INPUT } from '@kb/testing';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('offline pack files: built by device-ingest, downloaded, published (/api/offlineRecipes build, buildStatus, download)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  let other: Client;
  let ingest: RunningIngestProcess | undefined;
  let picture: string;
  let stepPicture: string;
  const pictureBytes = pngBytes(300, 7);
  const stepBytes = pngBytes(500, 9);
  const recipes: Record<'a' | 'b' | 'c' | 'd', string> = {} as never;

  const recipe = (number: string, zhName = `汤${number}`): RecipeContentInput => ({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs: ['zh', 'en'],
    texts: {
      zh: { name: zhName, description: '慢炖的汤' },
      en: { name: `Soup ${number}`, description: 'A slow soup' },
    },
    servingVersions: [
      {
        servings: 2,
        ingredients: [{ names: { zh: '排骨', en: 'Pork ribs' }, quantity: 300 }],
        steps: [
          {
            number: 1,
            workMode: 'SLOW_COOK',
            minutes: 60,
            descriptions: { zh: '慢炖', en: 'Slow-cook' },
            mediaFileCode: stepPicture,
          },
        ],
      },
    ],
    difficulty: 'easy',
    productCodes: ['TM-6'],
    pictureFileCode: picture,
  });

  async function releasedRecipe(number: string): Promise<string> {
    const added = await command(demo, '/api/recipe/add', recipe(number));
    expect(added.status).toBe(200);
    await command(demo, '/api/recipe/submit', { id: added.data.id });
    const released = await command(demo, '/api/recipe/batchRelease', { ids: [added.data.id] });
    expect(released.data.succeeded).toBe(1);
    await read(demo, `/api/recipe/detail?id=${added.data.id}`, released);
    return added.data.id as string;
  }

  const content = (number: string, overrides: Partial<OfflinePackContentInput> = {}) => {
    const recipeIds = [recipes.a, recipes.b, recipes.c];
    return { ...OFFLINE_PACK_INPUT, number, recipeIds, ...overrides };
  };

  async function download(client: Client, packId: string) {
    const res = await client.request('GET', `/api/offlineRecipes/download?id=${packId}`);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '5000' });
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    picture = await uploadImage(demo, 'soup.png', pictureBytes);
    stepPicture = await uploadImage(demo, 'step.png', stepBytes);
    recipes.a = await releasedRecipe('B-SOUP-A');
    recipes.b = await releasedRecipe('B-SOUP-B');
    recipes.c = await releasedRecipe('B-SOUP-C');
  });
  afterAll(async () => {
    await ingest?.stop();
    await api.stop();
  });

  it('queues a build, writes the zip when device-ingest works it, and refuses to publish before', async () => {
    const added = await command(demo, '/api/offlineRecipes/add', content('B-INIT'));
    expect(added.status).toBe(200);
    const id = added.data.id as string;

    const unbuilt = await command(demoEn, '/api/offlineRecipes/updateTestStatus', { id, testing: true });
    expect(unbuilt).toMatchObject({
      http: 409,
      desc: 'Offline recipe pack B-INIT has no finished build of its current content; build it before publishing',
    });
    const nothing = await demoEn.get(`/api/offlineRecipes/download?id=${id}`);
    expect(nothing).toMatchObject({
      status: 404,
      desc: 'The offline recipe pack has no file to download yet',
    });
    expect((await demo.get(`/api/offlineRecipes/buildStatus?id=${id}`)).data).toBeNull();

    // No worker yet: the build waits in the queue at 0 %, and the list shows it.
    const started = await command(demo, '/api/offlineRecipes/build', { id });
    expect(started).toMatchObject({
      http: 200,
      desc: '已开始生成离线菜谱包文件',
      data: { status: 'queued', progress: 0, current: true, revision: 0, requestedBy: 'demo', sha256: null },
    });
    const twice = await command(demo, '/api/offlineRecipes/build', { id });
    expect(twice.data.id).toBe(started.data.id);
    const listed = await read(demo, '/api/offlineRecipes/list?number=B-INIT', added);
    expect(listed.data.list[0].build).toMatchObject({ id: started.data.id, status: 'queued', progress: 0 });

    ingest = await startIngestProcess(api.config);
    const build = await waitForBuild(demo, id);
    expect(build).toMatchObject({
      status: 'done',
      progress: 100,
      current: true,
      fileName: 'B-INIT-initial-r0.zip',
      error: null,
    });
    expect(build.sha256).toMatch(/^[0-9a-f]{64}$/);

    const { res, bytes } = await download(demo, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('B-INIT-initial-r0.zip');
    expect(res.headers.get('x-checksum-sha256')).toBe(build.sha256);
    expect(bytes.length).toBe(build.size);
    expect(sha256(bytes)).toBe(build.sha256);

    const files = await unzip(bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest).toMatchObject({
      format: 'kitchen-offline-pack/1',
      brandOwnerCode: 'DEMO',
      // The build's own facts (id, time, who) are in its row, not in the file: same content, same bytes.
      pack: { id, number: 'B-INIT', type: 'initial' },
      model: {
        productCode: 'TM-6',
        factoryModel: 'KC-R600',
        subBrandCode: 'DEMO-CHEF',
        subBrandName: 'ChefMate',
        customerModel: 'ChefMate C6',
      },
      languages: ['en', 'zh'],
      baseline: null,
      removedRecipeIds: [],
    });
    expect(manifest.pack).not.toHaveProperty('builtAt');
    expect(manifest.recipes.map((r: any) => [r.number, r.version, r.languages])).toEqual([
      ['B-SOUP-A', 1, ['zh', 'en']],
      ['B-SOUP-B', 1, ['zh', 'en']],
      ['B-SOUP-C', 1, ['zh', 'en']],
    ]);
    expect(manifest.catalog).toEqual([
      { id: recipes.a, number: 'B-SOUP-A', version: 1 },
      { id: recipes.b, number: 'B-SOUP-B', version: 1 },
      { id: recipes.c, number: 'B-SOUP-C', version: 1 },
    ]);
    // Every file but the manifest is listed with its size and SHA-256, and the zip holds exactly those.
    expect([...files.keys()].filter((f) => f !== 'manifest.json').sort()).toEqual(
      manifest.files.map((f: any) => f.path).sort(),
    );
    for (const f of manifest.files) {
      const data = files.get(f.path)!;
      expect({ path: f.path, size: data.length, sha256: sha256(data) }).toEqual(f);
    }
    // Each recipe in each of its languages, its media as paths inside the pack.
    const zh = JSON.parse(files.get(`recipes/${recipes.a}/zh.json`)!.toString('utf8'));
    const en = JSON.parse(files.get(`recipes/${recipes.a}/en.json`)!.toString('utf8'));
    expect(zh).toMatchObject({
      number: 'B-SOUP-A',
      version: 1,
      lang: 'zh',
      name: '汤B-SOUP-A',
      description: '慢炖的汤',
    });
    expect(en).toMatchObject({ lang: 'en', name: 'Soup B-SOUP-A', description: 'A slow soup' });
    expect(en.servingVersions[0].ingredients[0]).toMatchObject({ name: 'Pork ribs', quantity: 300 });
    expect(en.servingVersions[0].steps[0]).toMatchObject({ description: 'Slow-cook', workMode: 'SLOW_COOK' });
    expect(files.get(en.picture)!.equals(pictureBytes)).toBe(true);
    expect(files.get(en.servingVersions[0].steps[0].media)!.equals(stepBytes)).toBe(true);
    expect(en.picture).toBe(`media/${picture}.png`);

    // Built: test and online are allowed; an online pack is not rebuilt.
    const test = await command(demo, '/api/offlineRecipes/updateTestStatus', { id, testing: true });
    expect(test.data).toMatchObject({ testStatus: 'testing', changed: true });
    const online = await command(demo, '/api/offlineRecipes/updateReleaseStatus', { id, online: true });
    expect(online.data).toMatchObject({ releaseStatus: 'online', changed: true });
    const rebuild = await command(demoEn, '/api/offlineRecipes/build', { id });
    expect(rebuild).toMatchObject({
      http: 409,
      desc: 'Offline recipe pack B-INIT is online; its file cannot be rebuilt. Take it offline first',
    });
  });

  it('holds in an incremental pack only what changed since the model’s released pack, and the ids removed', async () => {
    // B gets a second version; D is new; C leaves the selection.
    const recalled = await command(demo, '/api/recipe/batchRecallEditing', { ids: [recipes.b] });
    expect(recalled.data.succeeded).toBe(1);
    const detail = await read(demo, `/api/recipe/detail?id=${recipes.b}`, recalled);
    const revised = await command(demo, '/api/recipe/update', {
      id: recipes.b,
      revision: detail.data.revision,
      ...recipe('B-SOUP-B', '新版汤B'),
    });
    expect(revised.status).toBe(200);
    await command(demo, '/api/recipe/submit', { id: recipes.b });
    const released = await command(demo, '/api/recipe/batchRelease', { ids: [recipes.b] });
    expect(released.data.succeeded).toBe(1);
    await read(demo, `/api/recipe/detail?id=${recipes.b}`, released);
    recipes.d = await releasedRecipe('B-SOUP-D');

    const added = await command(
      demo,
      '/api/offlineRecipes/add',
      content('B-INC', { type: 'incremental', recipeIds: [recipes.a, recipes.b, recipes.d] }),
    );
    expect(added.status).toBe(200);
    const build = await buildPack(demo, added.data.id);
    expect(build.fileName).toBe('B-INC-incremental-r0.zip');
    const { bytes } = await download(demo, added.data.id);
    expect(sha256(bytes)).toBe(build.sha256);
    const files = await unzip(bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    const initial = (await read(demo, '/api/offlineRecipes/list?number=B-INIT')).data.list[0];
    expect(manifest.baseline).toEqual({ packId: initial.id, number: 'B-INIT', buildId: initial.build.id });
    expect(manifest.pack.type).toBe('incremental');
    expect(manifest.recipes.map((r: any) => [r.id, r.version])).toEqual([
      [recipes.b, 2],
      [recipes.d, 1],
    ]);
    expect(manifest.removedRecipeIds).toEqual([recipes.c]);
    expect(manifest.catalog).toEqual([
      { id: recipes.a, number: 'B-SOUP-A', version: 1 },
      { id: recipes.b, number: 'B-SOUP-B', version: 2 },
      { id: recipes.d, number: 'B-SOUP-D', version: 1 },
    ]);
    // A is unchanged: none of its files are in the pack.
    expect([...files.keys()].some((f) => f.includes(recipes.a))).toBe(false);
    const zhB = JSON.parse(files.get(`recipes/${recipes.b}/zh.json`)!.toString('utf8'));
    expect(zhB).toMatchObject({ name: '新版汤B', version: 2 });
  });

  it('shows why a build failed, in the caller’s language, and builds on a retry once the cause is gone', async () => {
    const e = await releasedRecipe('B-SOUP-E');
    const added = await command(
      demo,
      '/api/offlineRecipes/add',
      content('B-FAIL', { recipeIds: [recipes.a, e] }),
    );
    expect(added.status).toBe(200);
    const recalled = await command(demo, '/api/recipe/batchRecallEditing', { ids: [e] });
    expect(recalled.data.succeeded).toBe(1);
    await read(demo, `/api/recipe/detail?id=${e}`, recalled);

    await command(demo, '/api/offlineRecipes/build', { id: added.data.id });
    const failed = await waitForBuild(demoEn, added.data.id);
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: 'offline_pack_build_recipes_unavailable',
      error: 'Recipes B-SOUP-E are no longer released or were removed; they cannot be packed',
      sha256: null,
    });
    const zh = await demo.get(`/api/offlineRecipes/buildStatus?id=${added.data.id}`);
    expect(zh.data.error).toBe('菜谱B-SOUP-E已不在发布状态或已删除，无法打包');
    expect((await demo.get(`/api/offlineRecipes/download?id=${added.data.id}`)).status).toBe(404);

    await command(demo, '/api/recipe/submit', { id: e });
    const again = await command(demo, '/api/recipe/batchRelease', { ids: [e] });
    expect(again.data.succeeded).toBe(1);
    await read(demo, `/api/recipe/detail?id=${e}`, again);
    const retried = await buildPack(demo, added.data.id);
    expect(retried).toMatchObject({ status: 'done', error: null });
    expect(retried.id).not.toBe(failed.id);

    // A save changes the content: the build is no longer current and publishing waits for a new one.
    const saved = await command(demo, '/api/offlineRecipes/update', {
      id: added.data.id,
      revision: 0,
      ...content('B-FAIL', { recipeIds: [recipes.a] }),
    });
    expect(saved.status).toBe(200);
    const stale = await read(demo, `/api/offlineRecipes/detail?id=${added.data.id}`, saved);
    expect(stale.data.build).toMatchObject({ id: retried.id, status: 'done', current: false });
    // Built again: only the newest file is kept.
    const rebuilt = await buildPack(demo, added.data.id);
    const fileOf = (buildId: string) =>
      path.join(api.config.FILES_DIR, 'DEMO', 'offline-packs', added.data.id, `${buildId}.zip`);
    expect(existsSync(fileOf(rebuilt.id))).toBe(true);
    // The worker removes a superseded file once the new build is recorded done: wait for it, within a bound.
    await eventually(
      () => existsSync(fileOf(retried.id)),
      (exists) => !exists,
      10_000,
      'the superseded file gone',
    );
    expect(existsSync(fileOf(retried.id))).toBe(false);
    expect(sha256((await download(demo, added.data.id)).bytes)).toBe(rebuilt.sha256);
    // The initial pack's released file stays whatever is built later.
    const initial = (await read(demo, '/api/offlineRecipes/list?number=B-INIT')).data.list[0];
    expect(
      existsSync(
        path.join(api.config.FILES_DIR, 'DEMO', 'offline-packs', initial.id, `${initial.build.id}.zip`),
      ),
    ).toBe(true);
    await command(demo, '/api/offlineRecipes/update', {
      id: added.data.id,
      revision: saved.data.revision,
      ...content('B-FAIL', { recipeIds: [recipes.a, recipes.b] }),
    });
    const refused = await command(demo, '/api/offlineRecipes/updateReleaseStatus', {
      id: added.data.id,
      online: true,
      overrideReason: 'Build check',
    });
    expect(refused.http).toBe(409);
  });

  it('builds unchanged content into the same bytes, and names units and tags in each language', async () => {
    const unit = await command(demo, '/api/boUnit/add', { names: { zh: '毫升', en: 'ml' } });
    const tag = await command(demo, '/api/recipeTag/add', {
      number: 'B-TAG',
      names: { zh: '快手菜', en: 'Quick' },
    });
    expect([unit.status, tag.status]).toEqual([200, 200]);
    const base = recipe('B-SOUP-N');
    const added = await command(demo, '/api/recipe/add', {
      ...base,
      tagIds: [tag.data.id],
      servingVersions: [
        {
          ...base.servingVersions![0]!,
          ingredients: [{ names: { zh: '排骨', en: 'Pork ribs' }, quantity: 300, unitId: unit.data.id }],
        },
      ],
    });
    expect(added.status).toBe(200);
    const n = added.data.id as string;
    await command(demo, '/api/recipe/submit', { id: n });
    const released = await command(demo, '/api/recipe/batchRelease', { ids: [n] });
    expect(released.data.succeeded).toBe(1);
    await read(demo, `/api/recipe/detail?id=${n}`, released);

    const pack = await command(
      demo,
      '/api/offlineRecipes/add',
      content('B-SAME', { recipeIds: [recipes.a, n] }),
    );
    const id = pack.data.id as string;
    const first = await buildPack(demo, id);
    const firstBytes = (await download(demo, id)).bytes;
    const files = await unzip(firstBytes);
    const en = JSON.parse(files.get(`recipes/${n}/en.json`)!.toString('utf8'));
    const zh = JSON.parse(files.get(`recipes/${n}/zh.json`)!.toString('utf8'));
    expect(en.servingVersions[0].ingredients[0].unit).toEqual({ id: unit.data.id, name: 'ml' });
    expect(zh.servingVersions[0].ingredients[0].unit).toEqual({ id: unit.data.id, name: '毫升' });
    expect(en.tags).toEqual([{ id: tag.data.id, name: 'Quick' }]);
    expect(zh.tags).toEqual([{ id: tag.data.id, name: '快手菜' }]);

    // Changed, the pack is other bytes; changed back, it is the same bytes again, from a new build.
    const changed = await command(demo, '/api/offlineRecipes/update', {
      id,
      revision: 0,
      ...content('B-SAME', { recipeIds: [recipes.a] }),
    });
    expect(changed.status).toBe(200);
    const other = await buildPack(demo, id);
    expect(other.sha256).not.toBe(first.sha256);
    const back = await command(demo, '/api/offlineRecipes/update', {
      id,
      revision: changed.data.revision,
      ...content('B-SAME', { recipeIds: [recipes.a, n] }),
    });
    expect(back.status).toBe(200);
    const again = await buildPack(demo, id);
    expect(again.id).not.toBe(first.id);
    expect(again.sha256).toBe(first.sha256);
    expect((await download(demo, id)).bytes.equals(firstBytes)).toBe(true);
  });

  it('seeds the demo packs once, however often the database is prepared, and they build', async () => {
    await prepareDatabase(api.config);
    const numbers = await eventually(
      async () =>
        ((await demo.get('/api/offlineRecipes/list?onPage=false&number=OP-')).data as { number: string }[])
          .map((p) => p.number)
          .sort(),
      (listed) => listed.length >= 2,
      20_000,
      'the demo packs listed',
    );
    expect(numbers).toEqual(['OP-1001', 'OP-1002']);
    const listed = await demo.get('/api/offlineRecipes/list?onPage=false&number=OP-1001');
    const build = await buildPack(demo, listed.data[0].id);
    const files = await unzip((await download(demo, listed.data[0].id)).bytes);
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(build.status).toBe('done');
    expect(manifest.recipes.map((r: any) => r.number)).toEqual(['R-1001']);
    expect(manifest.model).toMatchObject({ productCode: 'TM-6', customerModel: 'ChefMate C6' });
  });

  it('keeps builds and files of DEMO from OTHER', async () => {
    const initial = (await read(demo, '/api/offlineRecipes/list?number=B-INIT')).data.list[0];
    expect((await other.get(`/api/offlineRecipes/buildStatus?id=${initial.id}`)).status).toBe(404);
    expect((await command(other, '/api/offlineRecipes/build', { id: initial.id })).http).toBe(404);
    const { res, bytes } = await download(other, initial.id);
    expect(res.status).toBe(404);
    expect(bytes.toString('utf8')).not.toContain('B-INIT');
  });

  it('lets only one of two adds with the same number win; the other is told the number is taken', async () => {
    const [first, second] = await Promise.all([
      command(demoEn, '/api/offlineRecipes/add', content('B-RACE')),
      command(demoEn, '/api/offlineRecipes/add', content('b-race')),
    ]);
    const answers = [first, second].sort((x, y) => x.http - y.http);
    expect(answers.map((a) => a.http)).toEqual([200, 400]);
    expect(answers[1]).toMatchObject({
      desc: expect.stringMatching(/^An offline recipe pack numbered (B-RACE|b-race) already exists$/),
      data: { fieldErrors: { number: expect.stringMatching(/already exists$/) } },
    });
    const listed = await read(demo, '/api/offlineRecipes/list?onPage=false&number=b-race', answers[0]);
    expect(listed.data).toHaveLength(1);
  });
});
