import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { JobRun, RecipeContentInput } from '@kb/contracts';
import { insertJobRun, type Pool } from '@kb/platform';
import { eventually } from '@kb/testing';
import {
  command,
  fileForm,
  loggedIn,
  pngBytes,
  read,
  uploadImage,
  type Client,
  startProjectedApi,
  type ProjectedApi,
} from './harness.js';
import { startIngestProcess, unzip, type RunningIngestProcess } from './offline-packs-support.js';
import { archiveOf, sha256, startImport, storedZip, waitForJob } from './recipe-jobs-support.js';

describe('recipe zip export and import (/api/recipe/export, importData, asyncTask/detail)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let other: Client;
  let otherZh: Client;
  let demoZh: Client;
  let pool: Pool;
  let ingest: RunningIngestProcess;
  let exported: Buffer;
  const pictureBytes = pngBytes(400, 3);
  const stepBytes = pngBytes(600, 5);
  const ids: Record<'a' | 'b', string> = {} as never;

  const recipe = (
    number: string,
    productCodes: string[],
    picture: string,
    step: string,
  ): RecipeContentInput => ({
    type: 'SOUP',
    number,
    mainLang: 'en',
    langs: ['en', 'de'],
    texts: {
      de: { name: `Tomatensuppe ${number}`, description: 'Süßsauer', chefTips: 'Reife Tomaten nehmen' },
      en: { name: `Tomato soup ${number}`, description: 'Sweet and sour', chefTips: 'Use ripe tomatoes' },
    },
    servingVersions: [
      {
        servings: 2,
        ingredients: [
          {
            names: { de: 'Tomate', en: 'Tomato' },
            quantity: 300,
            descriptions: { de: 'Gewürfelt', en: 'Diced' },
          },
        ],
        steps: [
          {
            number: 1,
            workMode: 'SLOW_COOK',
            minutes: 30,
            descriptions: { de: 'Schmoren', en: 'Slow-cook' },
            mediaFileCode: step,
          },
        ],
      },
      {
        servings: 4,
        ingredients: [{ names: { de: 'Tomate', en: 'Tomato' }, quantity: 600 }],
        steps: [
          {
            number: 1,
            workMode: 'SLOW_COOK',
            minutes: 45,
            descriptions: { de: 'Schmoren', en: 'Slow-cook' },
          },
        ],
      },
    ],
    difficulty: 'easy',
    productCodes,
    pictureFileCode: picture,
  });

  /** The brand's X- numbers as the command side claimed them (written with the events, no projection lag). */
  const claimedOf = async (brand: string) =>
    (
      await pool.query<{ number: string }>(
        `SELECT number FROM recipe_numbers WHERE brand_owner_code = $1 AND number LIKE 'X-%' ORDER BY number`,
        [brand],
      )
    ).rows.map((r) => r.number);
  const recipesOf = async (brand: string) =>
    (
      await pool.query<{ number: string }>(
        `SELECT number FROM recipe_list WHERE brand_owner_code = $1 AND number LIKE 'X-%' ORDER BY number`,
        [brand],
      )
    ).rows.map((r) => r.number);
  const filesOf = async (brand: string) =>
    Number(
      (await pool.query('SELECT count(*) AS n FROM files WHERE brand_owner_code = $1', [brand])).rows[0].n,
    );
  /** Waits until the brand's list read model shows the X- numbers `done` asks for (the projector runs beside). */
  const listed = (brand: string, done: (numbers: string[]) => boolean) =>
    eventually(() => recipesOf(brand), done, 60_000, `${brand}'s recipe list`);

  beforeAll(async () => {
    // A small export cap, so a filter matching more than it (DEMO's library) is refused without 20,000 recipes.
    api = await startProjectedApi({ READ_WAIT_MS: '5000', RECIPE_EXPORT_MAX: '3' }, 10);
    demo = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    other = await loggedIn(api.baseUrl, 'other', 'other12345', 'en');
    otherZh = await loggedIn(api.baseUrl, 'other', 'other12345', 'zh');
    demoZh = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'zh');
    pool = api.pool;
    ingest = await startIngestProcess(api.config);
    const picture = await uploadImage(demo, 'soup.png', pictureBytes);
    const step = await uploadImage(demo, 'step.png', stepBytes);
    // TM-6 is a model of both brands; TM-7 only of DEMO.
    const a = await command(demo, '/api/recipe/add', recipe('X-SOUP-A', ['TM-6'], picture, step));
    const b = await command(demo, '/api/recipe/add', recipe('X-SOUP-B', ['TM-6', 'TM-7'], picture, step));
    expect([a.status, b.status]).toEqual([200, 200]);
    ids.a = a.data.id;
    ids.b = b.data.id;
    await read(demo, `/api/recipe/detail?id=${ids.b}`, b);
    // the export selects from the list's read model: wait until it shows both
    await listed('DEMO', (numbers) => numbers.length >= 2);
  }, 120_000);
  afterAll(async () => {
    await ingest?.stop();
    await api.stop();
  });

  it('exports the selected recipes into one zip: manifest with checksums, every language, serving versions, media', async () => {
    const started = await command(demo, '/api/recipe/export', { ids: [ids.a, ids.b] });
    expect(started).toMatchObject({
      http: 200,
      desc: 'The recipe export has started',
    });
    // Started: still queued, or already taken up by a worker on a quiet machine.
    expect(['queued', 'running']).toContain(started.data.state);
    const run = await waitForJob(demo, started.data.id);
    expect(run).toMatchObject({ state: 'succeeded', progress: { done: 2, total: 2, percent: 100 } });
    expect(run.items.map((i) => [i.key, i.outcome]).sort()).toEqual([
      ['X-SOUP-A', 'exported'],
      ['X-SOUP-B', 'exported'],
    ]);
    const res = await demo.request('GET', `/api/jobs/download?id=${run.id}`);
    expect(res.status).toBe(200);
    exported = Buffer.from(await res.arrayBuffer());
    expect(exported.length).toBe(run.output!.size);
    const files = await unzip(exported);
    const manifest = JSON.parse(files.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({
      format: 'kitchen-recipes/1',
      brandOwnerCode: 'DEMO',
      count: 2,
      languages: ['de', 'en'],
    });
    for (const f of manifest.files) expect(sha256(files.get(f.path)!)).toBe(f.sha256);
    const a = JSON.parse(files.get('recipes/X-SOUP-A.json')!.toString());
    expect(a.content.texts.en).toMatchObject({ name: 'Tomato soup X-SOUP-A', chefTips: 'Use ripe tomatoes' });
    expect(a.content.servingVersions.map((v: { servings: number }) => v.servings)).toEqual([2, 4]);
    const media = [...files.keys()].filter((k) => k.startsWith('media/'));
    expect(media).toHaveLength(2);
    expect(media.map((m) => files.get(m)!).sort(Buffer.compare)).toEqual(
      [pictureBytes, stepBytes].sort(Buffer.compare),
    );
    // another brand cannot follow or download DEMO's job
    expect((await other.get(`/api/recipe/asyncTask/detail?id=${run.id}`)).http).toBe(404);
    expect((await other.request('GET', `/api/jobs/download?id=${run.id}`)).status).toBe(404);
  });

  it('follows a running job by its progress alone; the per-item report comes once it has finished', async () => {
    const id = randomUUID();
    await insertJobRun(pool, { id, kind: 'recipe-import', brandOwnerCode: 'DEMO', startedBy: 'demo' });
    const lines = Array.from({ length: 3 }, (_, i) => ({ key: `R-${i}`, outcome: 'imported' }));
    await pool.query(
      `UPDATE job_runs SET state = 'running', progress_done = 3, progress_total = 10, results = $2::jsonb WHERE id = $1`,
      [id, JSON.stringify(lines)],
    );
    const running = (await demo.get(`/api/recipe/asyncTask/detail?id=${id}`)).data as JobRun;
    expect(running).toMatchObject({
      state: 'running',
      progress: { done: 3, total: 10, percent: 30 },
      items: [],
    });
    await pool.query(
      `UPDATE job_runs SET state = 'succeeded', progress_done = 10, finished_at = now() WHERE id = $1`,
      [id],
    );
    const done = (await demo.get(`/api/recipe/asyncTask/detail?id=${id}`)).data as JobRun;
    expect(done.items.map((i) => i.key)).toEqual(['R-0', 'R-1', 'R-2']);
  });

  it('exports what the list filter shows, of the caller’s brand only, refusing a filter over the cap in zh and en', async () => {
    const runsOf = async (brand: string) =>
      Number(
        (await pool.query('SELECT count(*) AS n FROM job_runs WHERE brand_owner_code = $1', [brand])).rows[0]
          .n,
      );
    // the list's own filter: a number prefix, any case
    const started = await command(demo, '/api/recipe/export', { filter: { number: 'x-soup-b' } });
    expect(started).toMatchObject({ http: 200, desc: 'The recipe export has started' });
    const run = await waitForJob(demo, started.data.id);
    expect(run.items.map((i) => [i.key, i.outcome])).toEqual([['X-SOUP-B', 'exported']]);
    const files = await unzip(
      Buffer.from(await (await demo.request('GET', `/api/jobs/download?id=${run.id}`)).arrayBuffer()),
    );
    expect(JSON.parse(files.get('manifest.json')!.toString()).recipes).toEqual([
      { number: 'X-SOUP-B', file: 'recipes/X-SOUP-B.json' },
    ]);

    const [demoRuns, otherRuns] = [await runsOf('DEMO'), await runsOf('OTHER')];
    // OTHER's filter never reaches DEMO's recipes
    expect(await command(other, '/api/recipe/export', { filter: { number: 'X-SOUP' } })).toMatchObject({
      http: 400,
      desc: 'There are no recipes to export',
    });
    // DEMO's whole library (its demo recipes and these two) is more than the cap of 3
    expect(await command(demo, '/api/recipe/export', { filter: {} })).toMatchObject({
      http: 400,
      desc: 'At most 3 recipes can be exported at once; narrow the filter',
    });
    expect(await command(demoZh, '/api/recipe/export', { filter: { status: 'editing' } })).toMatchObject({
      http: 400,
      desc: '一次最多导出3个菜谱，请缩小筛选范围',
    });
    expect(await command(demoZh, '/api/recipe/export', { filter: { status: 'cooking' } })).toMatchObject({
      http: 400,
      desc: '输入有误：filter.status：菜谱状态有误',
    });
    expect([await runsOf('DEMO'), await runsOf('OTHER')]).toEqual([demoRuns, otherRuns]);
  });

  it('imports the export into OTHER: same content with new ids, an unknown model refused, history says imported', async () => {
    const started = await startImport(other, exported, 'demo-library.zip');
    expect(started).toMatchObject({ http: 200, desc: 'The recipe import has started' });
    const run = await waitForJob(other, started.data.id);
    expect(run.state).toBe('succeeded');
    expect(run.items.map((i) => [i.key, i.outcome, i.message]).sort()).toEqual([
      ['X-SOUP-A', 'created', null],
      ['X-SOUP-B', 'refused', 'Unknown model(s): TM-7'],
    ]);
    await listed('OTHER', (numbers) => numbers.length >= 1);
    const list = await other.get('/api/recipe/list?number=X-SOUP&pageSize=20');
    expect(list.data.list).toHaveLength(1);
    const copy = list.data.list[0];
    expect(copy.id).not.toBe(ids.a);
    const [source, imported] = await Promise.all([
      demo.get(`/api/recipe/detail?id=${ids.a}`),
      other.get(`/api/recipe/detail?id=${copy.id}`),
    ]);
    const strip = (c: Record<string, any>) => ({
      ...c,
      pictureFileCode: null,
      servingVersions: c.servingVersions.map((v: any) => ({
        ...v,
        steps: v.steps.map((s: any) => ({ ...s, mediaFileCode: null })),
      })),
    });
    expect(strip(imported.data.content)).toEqual(strip(source.data.content));
    expect(imported.data.content.pictureFileCode).not.toBe(source.data.content.pictureFileCode);
    const picture = await other.request(
      'GET',
      `/api/file/download?fileCode=${imported.data.content.pictureFileCode}`,
    );
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(pictureBytes);
    const history = await otherZh.get(`/api/recipe/history?id=${copy.id}`);
    expect(history.data.entries?.[0]?.title ?? history.data[0]?.title).toBe('从“demo-library.zip”导入');
  });

  it('reports a second import of the same zip as skipped per recipe, never overwriting', async () => {
    const before = await claimedOf('OTHER');
    expect(before).toEqual(['X-SOUP-A']);
    const started = await startImport(otherZh, exported, 'demo-library.zip');
    const run = await waitForJob(otherZh, started.data.id);
    expect(run.items.map((i) => [i.key, i.outcome, i.message]).sort()).toEqual([
      ['X-SOUP-A', 'skipped', '编号X-SOUP-A已存在，未覆盖'],
      ['X-SOUP-B', 'refused', '未知型号：TM-7'],
    ]);
    // The run has ended, and numbers are claimed with the events they name: nothing is still to come.
    expect(await claimedOf('OTHER')).toEqual(before);
  });

  it('asks first what the zip names that OTHER lacks, and imports with the mapping chosen for it', async () => {
    const upload = await other.json('POST', '/api/file/upload', {
      body: fileForm(exported, 'demo-library.zip', 'zip'),
    });
    const check = await other.post('/api/recipe/importCheck', { fileCode: upload.data.fileCode });
    expect(check).toMatchObject({
      status: 200,
      data: { models: ['TM-7'], categories: [], tags: [], accessories: [], units: [], langs: [] },
    });
    const started = await other.post('/api/recipe/importData', {
      fileCode: upload.data.fileCode,
      fileName: 'demo-library.zip',
      mapping: { models: { 'TM-7': 'TM-6' } },
    });
    const run = await waitForJob(other, started.data.id);
    expect(run.items.map((i) => [i.key, i.outcome]).sort()).toEqual([
      ['TM-7', 'choice'],
      ['X-SOUP-A', 'skipped'],
      ['X-SOUP-B', 'created'],
    ]);
    await listed('OTHER', (numbers) => numbers.length >= 2);
    const list = await other.get('/api/recipe/list?number=X-SOUP-B');
    expect(list.data.list[0].productCodes).toEqual(['TM-6']);
    // A misspelled kind of reference in the mapping is refused, naming it.
    const wrong = await other.post('/api/recipe/importData', {
      fileCode: upload.data.fileCode,
      fileName: 'demo-library.zip',
      mapping: { modles: {} },
    });
    expect(Object.keys(wrong.data.fieldErrors)).toEqual(['mapping.modles']);
  });

  async function refused(bytes: Buffer, name = 'bad.zip'): Promise<JobRun> {
    const [recipes, files] = [await claimedOf('OTHER'), await filesOf('OTHER')];
    const started = await startImport(other, bytes, name);
    expect(started.http).toBe(200);
    const run = await waitForJob(other, started.data.id);
    expect(await claimedOf('OTHER')).toEqual(recipes);
    // only the uploaded zip itself was stored
    expect(await filesOf('OTHER')).toBe(files + 1);
    return run;
  }

  it('refuses a file that is not a zip, at upload and at import', async () => {
    const upload = await other.json('POST', '/api/file/upload', {
      body: fileForm(Buffer.from('not a zip at all'), 'recipes.zip', 'zip'),
    });
    expect(upload.http).toBe(415);
    const picture = await uploadImage(other, 'x.png', pngBytes(100, 2));
    const started = await other.json('POST', '/api/recipe/importData', {
      json: { fileCode: picture, fileName: 'x.png' },
    });
    expect(started).toMatchObject({
      http: 415,
      desc: 'Import failed: wrong file format, only a zip file can be imported',
    });
    const empty = await other.json('POST', '/api/recipe/importData', {
      json: { fileCode: picture, fileName: '' },
    });
    expect(empty).toMatchObject({ http: 400 });
  });

  it('refuses path traversal in an entry name, writing nothing', async () => {
    const files = await unzip(exported);
    const entries: [string, Buffer][] = [
      ['recipes/X-SOUP-A.json', files.get('recipes/X-SOUP-A.json')!],
      ['../../evil.sh', Buffer.from('rm -rf /')],
    ];
    const run = await refused(archiveOf(entries));
    expect(run).toMatchObject({
      state: 'failed',
      error: 'Import failed: the archive holds an unsafe path “../../evil.sh”',
    });
  });

  it('refuses an archive that expands past the limit (zip bomb), writing nothing', async () => {
    const bomb = storedZip(
      [
        ['recipes/big.json', Buffer.from('{}')],
        ['manifest.json', Buffer.from('{}')],
      ],
      {
        'recipes/big.json': 0xfffffff0,
      },
    );
    const run = await refused(bomb);
    expect(run).toMatchObject({
      state: 'failed',
      error: 'Import failed: the archive expands to more than 2048 MB',
    });
  });

  it('refuses a bad manifest, writing nothing', async () => {
    const files = await unzip(exported);
    const recipeA = files.get('recipes/X-SOUP-A.json')!;
    const wrongFormat = await refused(
      archiveOf([['recipes/X-SOUP-A.json', recipeA]], { format: 'something-else/9' }),
    );
    expect(wrongFormat.state).toBe('failed');
    expect(wrongFormat.error).toMatch(/^Import failed: manifest.json is not valid \(format/);
    const tampered = archiveOf([['recipes/X-SOUP-A.json', recipeA]]);
    // a recipe changed after the manifest was written
    const changed = Buffer.from(
      tampered.toString('latin1').replace('Tomato soup X-SOUP-A', 'Tomato soup X-SOUP-Z'),
      'latin1',
    );
    const run = await refused(changed);
    expect(run).toMatchObject({
      state: 'failed',
      error: 'Import failed: the checksum of “recipes/X-SOUP-A.json” does not match the manifest',
    });
  });

  it('refuses a recipe naming an unknown model, writing nothing', async () => {
    const files = await unzip(exported);
    const entry = JSON.parse(files.get('recipes/X-SOUP-A.json')!.toString());
    entry.number = 'X-SOUP-NEW';
    entry.content.number = 'X-SOUP-NEW';
    entry.content.productCodes = ['NOPE-1'];
    const run = await refused(archiveOf([['recipes/X-SOUP-NEW.json', Buffer.from(JSON.stringify(entry))]]));
    expect(run.state).toBe('succeeded');
    expect(run.items).toMatchObject([
      { key: 'X-SOUP-NEW', outcome: 'refused', message: 'Unknown model(s): NOPE-1' },
    ]);
  });

  describe('a DEMO export of its demo recipes into OTHER, which lacks Chinese, two units and two models', () => {
    const SEEDED = {
      'R-1001': '5e0c1a2b-0001-4d10-8a00-00000000d001',
      'R-1002': '5e0c1a2b-0002-4d10-8a00-00000000d002',
      'R-1005': '5e0c1a2b-0005-4d10-8a00-00000000d005',
    };
    let zip: Buffer;
    /** The report: the choices as made, then the recipes by number. */
    const reportOf = (run: JobRun) => {
      const lines = run.items.map((i) => [i.key, i.outcome, i.message]);
      const choices = lines.filter((l) => l[1] === 'choice');
      return [...choices, ...lines.filter((l) => l[1] !== 'choice').sort()];
    };
    /** OTHER's recipe of a number, once its list shows it. */
    const otherRecipe = async (number: string) =>
      (await eventually(
        async () =>
          (await other.get(`/api/recipe/list?number=${number}`)).data.list.find(
            (r: { number: string }) => r.number === number,
          ),
        (found) => found !== undefined,
        60_000,
        `${number} in OTHER's list`,
      )) as { id: string; mainLang: string; langs: string[] };
    const langsOf = async () =>
      (
        await pool.query<{ lang_code: string }>(
          'SELECT lang_code FROM brand_languages WHERE brand_owner_code = $1 ORDER BY sort',
          ['OTHER'],
        )
      ).rows.map((r) => r.lang_code);

    beforeAll(async () => {
      const started = await command(demo, '/api/recipe/export', { ids: Object.values(SEEDED) });
      const run = await waitForJob(demo, started.data.id);
      expect(run.state).toBe('succeeded');
      zip = Buffer.from(await (await demo.request('GET', `/api/jobs/download?id=${run.id}`)).arrayBuffer());
    });

    it('asks about each language, unit and model OTHER lacks, and says which it can create', async () => {
      const upload = await other.json('POST', '/api/file/upload', { body: fileForm(zip, 'demo.zip', 'zip') });
      const check = await other.post('/api/recipe/importCheck', { fileCode: upload.data.fileCode });
      expect(check.data).toEqual({
        categories: [],
        tags: [],
        accessories: [],
        // 克 is OTHER's g by its English name.
        units: ['pcs', 'tbsp'],
        models: ['AF-8', 'TM-7'],
        langs: ['zh'],
        mainOf: { zh: 3 },
        creatable: { categories: [], tags: [], units: ['pcs', 'tbsp'] },
      });
    });

    it('drops the Chinese texts, creates the units, maps the models: the report says each choice', async () => {
      const langsBefore = await langsOf();
      const upload = await other.json('POST', '/api/file/upload', { body: fileForm(zip, 'demo.zip', 'zip') });
      const started = await other.post('/api/recipe/importData', {
        fileCode: upload.data.fileCode,
        fileName: 'demo.zip',
        mapping: {
          langs: { zh: 'drop' },
          create: { units: ['pcs', 'tbsp'] },
          models: { 'TM-7': 'TM-6', 'AF-8': 'AF-5' },
        },
      });
      expect(started.status).toBe(200);
      const run = await waitForJob(other, started.data.id);
      expect(run.state).toBe('succeeded');
      expect(reportOf(run)).toEqual([
        ['zh', 'choice', 'Language Chinese: its texts were dropped, not imported'],
        ['pcs', 'choice', 'Unit: created'],
        ['tbsp', 'choice', 'Unit: created'],
        ['TM-7', 'choice', 'Model: mapped to the brand’s “TM-6”'],
        ['AF-8', 'choice', 'Model: mapped to the brand’s “AF-5”'],
        ['R-1001', 'created', null],
        ['R-1002', 'created', null],
        // Its only language was Chinese: nothing of it is left to import.
        [
          'R-1005',
          'refused',
          'Every language of the recipe (Chinese) was dropped as chosen; it cannot be imported',
        ],
      ]);
      expect(await langsOf()).toEqual(langsBefore);
      // The main language Chinese was dropped: OTHER's main language, English, is the recipe's now.
      const wings = await otherRecipe('R-1002');
      expect([wings.mainLang, wings.langs]).toEqual(['en', ['en', 'de']]);
      const detail = await other.get(`/api/recipe/detail?id=${wings.id}`);
      expect(Object.keys(detail.data.content.texts).sort()).toEqual(['de', 'en']);
      expect(detail.data.content.servingVersions[0].ingredients[0].names).toEqual({
        en: 'Chicken wings',
        de: 'Hähnchenflügel',
      });
      const preview = await other.get(`/api/recipe/simulatRecipeDetail?id=${wings.id}&lang=en`);
      expect(preview.data.ingredients).toMatchObject([
        { name: 'Chicken wings', quantity: 8, unit: 'pcs' },
        { name: 'Honey', quantity: 2, unit: 'tbsp' },
      ]);
      const units = await other.get('/api/boUnit/list?onPage=false');
      expect(units.data.map((u: { names: Record<string, string> }) => u.names)).toEqual(
        expect.arrayContaining([
          { en: 'pcs', de: 'Stück' },
          { en: 'tbsp', de: 'EL' },
        ]),
      );
      // R-1001's beef is in grams: OTHER's own g.
      const stew = await other.get(`/api/recipe/detail?id=${(await otherRecipe('R-1001')).id}`);
      expect(stew.data.content.servingVersions[0].ingredients[0].unitId).toBe(
        '5e0c1a2b-0101-4e10-8c00-00000000a101',
      );
    });

    it('creates a category and a tag OTHER lacks from the zip’s names, in OTHER’s languages', async () => {
      const category = await demo.post('/api/recipeCategory/add', {
        number: 'X-CAT',
        mainLang: 'zh',
        names: { zh: '汤羹', en: 'Soups', de: 'Suppen' },
      });
      const tag = await demo.post('/api/recipeTag/add', {
        number: 'X-TAG',
        names: { zh: '快手', en: 'Quick' },
      });
      const added = await command(demo, '/api/recipe/add', {
        ...recipe('X-SOUP-C', ['TM-6'], null as never, null as never),
        pictureFileCode: null,
        categoryId: category.data.id,
        tagIds: [tag.data.id],
      });
      expect(added.status).toBe(200);
      await listed('DEMO', (numbers) => numbers.includes('X-SOUP-C'));
      const exported = await command(demo, '/api/recipe/export', { ids: [added.data.id] });
      const run = await waitForJob(demo, exported.data.id);
      const bytes = Buffer.from(
        await (await demo.request('GET', `/api/jobs/download?id=${run.id}`)).arrayBuffer(),
      );
      const entry = JSON.parse((await unzip(bytes)).get('recipes/X-SOUP-C.json')!.toString());
      expect(entry.refs).toMatchObject({
        category: 'X-CAT',
        categoryNames: { zh: '汤羹', en: 'Soups', de: 'Suppen' },
        tagNames: { 'X-TAG': { zh: '快手', en: 'Quick' } },
      });

      const upload = await other.json('POST', '/api/file/upload', { body: fileForm(bytes, 'c.zip', 'zip') });
      const check = await other.post('/api/recipe/importCheck', { fileCode: upload.data.fileCode });
      expect(check.data).toMatchObject({
        categories: ['X-CAT'],
        tags: ['X-TAG'],
        creatable: { categories: ['X-CAT'], tags: ['X-TAG'], units: [] },
      });
      const started = await other.post('/api/recipe/importData', {
        fileCode: upload.data.fileCode,
        fileName: 'c.zip',
        mapping: { create: { categories: ['X-CAT'], tags: ['X-TAG'] } },
      });
      const imported = await waitForJob(other, started.data.id);
      expect(reportOf(imported)).toEqual([
        ['X-CAT', 'choice', 'Category: created'],
        ['X-TAG', 'choice', 'Tag: created'],
        ['X-SOUP-C', 'created', null],
      ]);
      const copy = await other.get(`/api/recipe/detail?id=${(await otherRecipe('X-SOUP-C')).id}`);
      const [theirCategory, theirTag] = [
        await other.get(`/api/recipeCategory/detail?id=${copy.data.content.categoryId}`),
        (await other.get('/api/recipeTag/list?onPage=false')).data.find(
          (t: { id: string }) => t.id === copy.data.content.tagIds[0],
        ),
      ];
      // Chinese is not OTHER's: the names it has are kept, its main language is OTHER's.
      expect(theirCategory.data).toMatchObject({
        number: 'X-CAT',
        mainLang: 'en',
        names: { en: 'Soups', de: 'Suppen' },
      });
      expect(theirTag).toMatchObject({ number: 'X-TAG', names: { en: 'Quick' } });
    });

    it('refuses enabling a language to a role that cannot edit the brand’s languages, and an unknown language', async () => {
      const editor = await loggedIn(api.baseUrl, 'editor', 'editor12345', 'zh');
      const upload = await editor.json('POST', '/api/file/upload', {
        body: fileForm(zip, 'demo.zip', 'zip'),
      });
      const body = (langs: Record<string, string>) => ({
        fileCode: upload.data.fileCode,
        fileName: 'demo.zip',
        mapping: { langs },
      });
      expect(await editor.post('/api/recipe/importData', body({ ja: 'enable' }))).toMatchObject({
        status: 403,
        desc: '只有管理员能为品牌启用语言；请选择删除该语言的文字',
      });
      expect(await demo.post('/api/recipe/importData', body({ xx: 'drop' }))).toMatchObject({
        status: 400,
        desc: 'The system does not know the language “xx”',
      });
      const wrong = await demo.post('/api/recipe/importData', body({ ja: 'keep' }));
      expect(wrong.data.fieldErrors).toEqual({
        'mapping.langs.ja': 'Choose to enable the language or drop its texts',
      });
    });

    it('enables Chinese for OTHER when chosen: the Chinese-only recipe is imported whole', async () => {
      const upload = await otherZh.json('POST', '/api/file/upload', {
        body: fileForm(zip, 'demo.zip', 'zip'),
      });
      const started = await otherZh.post('/api/recipe/importData', {
        fileCode: upload.data.fileCode,
        fileName: 'demo.zip',
        mapping: { langs: { zh: 'enable' } },
      });
      const run = await waitForJob(otherZh, started.data.id);
      expect(reportOf(run)).toEqual([
        ['zh', 'choice', '语言中文：已为本品牌启用'],
        ['R-1001', 'skipped', '编号R-1001已存在，未覆盖'],
        ['R-1002', 'skipped', '编号R-1002已存在，未覆盖'],
        ['R-1005', 'created', null],
      ]);
      expect(await langsOf()).toEqual(['en', 'de', 'zh']);
      const draft = await otherRecipe('R-1005');
      expect([draft.mainLang, draft.langs]).toEqual(['zh', ['zh']]);
    });
  });

  it('takes an import up again after its workers process was killed mid-way, creating each recipe once', async () => {
    // Twelve recipes of new numbers (their own per attempt), each a copy of X-SOUP-A with its media.
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const numbers = Array.from({ length: 12 }, (_, i) => `K-${tag}-${String(i + 1).padStart(2, '0')}`);
    const files = await unzip(exported);
    const source = JSON.parse(files.get('recipes/X-SOUP-A.json')!.toString());
    const media = [...files].filter(([name]) => !name.startsWith('recipes/') && name !== 'manifest.json');
    const recipes = numbers.map((number): [string, Buffer] => [
      `recipes/${number}.json`,
      Buffer.from(JSON.stringify({ ...source, number, content: { ...source.content, number } })),
    ]);
    const blocked = numbers[7]!;
    // The eighth recipe's number claim is held by an open transaction of ours, so the import stops there (on a
    // connection of its own: the pools end a transaction left idle).
    const holder = new pg.Client({ connectionString: api.config.DATABASE_URL });
    await holder.connect();
    let runId = '';
    let killed = false;
    try {
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO recipe_numbers (brand_owner_code, number, recipe_id) VALUES ('OTHER', $1, $2)`,
        [blocked, randomUUID()],
      );
      const started = await startImport(other, archiveOf([...recipes, ...media]), 'killed.zip');
      expect(started).toMatchObject({ http: 200 });
      runId = started.data.id;
      await eventually(
        async () =>
          (
            await pool.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'
                  AND query LIKE 'INSERT INTO recipe_numbers%'`,
            )
          ).rows[0].n as number,
        (n) => n > 0,
        60_000,
        'the import waiting on the held number',
      );
      expect(await claimedNumbers(tag)).toEqual(numbers.slice(0, 7));
      await ingest.kill();
      killed = true;
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(killed).toBe(true);
    // A new workers process takes the run up once the dead one's job lock has expired.
    ingest = await startIngestProcess(api.config);
    const run = await waitForJob(other, runId, 150_000);
    expect(run.state).toBe('succeeded');
    expect(run.items.map((i) => [i.key, i.outcome])).toEqual(numbers.map((n) => [n, 'created']));
    expect(await claimedNumbers(tag)).toEqual(numbers);
    const shown = await eventually(
      () => listedNumbers(tag),
      (l) => l.length >= numbers.length,
      60_000,
      'the imported recipes in the list',
    );
    expect(shown).toEqual(numbers);
  }, 300_000);

  const claimedNumbers = async (tag: string) =>
    (
      await pool.query<{ number: string }>(
        `SELECT number FROM recipe_numbers WHERE brand_owner_code = 'OTHER' AND number LIKE $1 ORDER BY number`,
        [`K-${tag}-%`],
      )
    ).rows.map((r) => r.number);
  const listedNumbers = async (tag: string) =>
    (
      await pool.query<{ number: string }>(
        `SELECT number FROM recipe_list WHERE brand_owner_code = 'OTHER' AND number LIKE $1 ORDER BY number`,
        [`K-${tag}-%`],
      )
    ).rows.map((r) => r.number);
});
