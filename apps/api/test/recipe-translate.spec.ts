import type { JobRun, RecipeContentInput, RecipeTranslationProposal } from '@kb/contracts';
import type { Pool } from '@kb/platform';
import { eventually, fakeTranslation, startTranslationServer, type TranslationServer } from '@kb/testing';
import { command, read, type Client, startProjectedApi, type ProjectedApi, signedIn } from './harness.js';
import { startIngestProcess, type RunningIngestProcess } from './offline-packs-support.js';
import { waitForJob } from './recipe-jobs-support.js';

describe('recipe translation (/api/recipe/translate, translate/confirm) through a LibreTranslate server', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoZh: Client;
  let other: Client;
  let pool: Pool;
  let ingest: RunningIngestProcess;
  let server: TranslationServer;
  const ids: Record<'a' | 'b' | 'single' | 'c', string> = {} as never;
  let proposedJob: JobRun;

  const recipe = (number: string, step: string, langs = ['zh', 'en']): RecipeContentInput => ({
    type: 'SOUP',
    number,
    mainLang: 'zh',
    langs,
    texts: {
      zh: { name: `番茄汤${number}`, description: '酸甜可口', chefTips: '趁热吃' },
      ...(langs.includes('en') ? { en: { name: `Old name ${number}` } } : {}),
    },
    servingVersions: [
      {
        servings: 2,
        ingredients: [{ names: { zh: '番茄' }, quantity: 300, descriptions: { zh: '切块' } }],
        steps: [{ number: 1, workMode: 'SLOW_COOK', minutes: 30, descriptions: { zh: step } }],
      },
    ],
    difficulty: 'easy',
    productCodes: ['TM-6'],
  });
  const detailOf = async (client: Client, id: string, after?: string | null) =>
    (await read(client, `/api/recipe/detail?id=${id}`, after)).data;
  const translate = (client: Client, body: unknown) => command(client, '/api/recipe/translate', body);
  const confirm = (client: Client, body: unknown) => command(client, '/api/recipe/translate/confirm', body);

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '5000' }, 5);
    ({ demo, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ demo: demoZh } = await signedIn(api.baseUrl, 'zh', 'demo'));
    pool = api.pool;
    server = await startTranslationServer({ apiKey: 'k-123' });
    ingest = await startIngestProcess(api.config, {
      TRANSLATION_PROVIDER: 'libretranslate',
      TRANSLATION_URL: server.url,
      TRANSLATION_API_KEY: 'k-123',
      TRANSLATION_RETRIES: '2',
      TRANSLATION_TIMEOUT_MS: '2000',
    });
    const made = await Promise.all([
      command(demo, '/api/recipe/add', recipe('T-A', '慢炖三十分钟')),
      command(demo, '/api/recipe/add', recipe('T-B', '慢炖 BOOM')),
      command(demo, '/api/recipe/add', recipe('T-ONE', '慢炖', ['zh'])),
      command(demo, '/api/recipe/add', recipe('T-C', '慢炖')),
    ]);
    expect(made.map((m) => m.status)).toEqual([200, 200, 200, 200]);
    [ids.a, ids.b, ids.single, ids.c] = made.map((m) => m.data.id as string) as [
      string,
      string,
      string,
      string,
    ];
    // the translation reads the recipe read models: wait until they hold all four
    await eventually(
      async () =>
        (await pool.query(`SELECT count(*)::int AS n FROM recipe_list WHERE number LIKE 'T-%'`)).rows[0].n,
      (n) => n === 4,
      30_000,
      'the four recipes in the list read model',
    );
  }, 120_000);
  afterAll(async () => {
    await ingest?.stop();
    await server?.stop();
    await api.stop();
  });

  it('refuses a request without recipes, source or target, or with the source as a target, in zh and en', async () => {
    const cases: [unknown, string, string][] = [
      [
        { ids: [], sourceLang: 'zh', targetLangs: ['en'] },
        'Invalid input: ids: Select the multi-language recipes to translate',
        '输入有误：ids：请选择要翻译的多语言菜谱',
      ],
      [
        { ids: [ids.a], sourceLang: '', targetLangs: ['en'] },
        'Invalid input: sourceLang: Choose the source language',
        '输入有误：sourceLang：请选择源语言',
      ],
      [
        { ids: [ids.a], sourceLang: 'zh', targetLangs: [] },
        'Invalid input: targetLangs: Choose at least one target language',
        '输入有误：targetLangs：请选择目标语言',
      ],
      [
        { ids: [ids.a], sourceLang: 'zh', targetLangs: ['zh'] },
        'Invalid input: targetLangs: A target language cannot be the source language',
        '输入有误：targetLangs：目标语言不能与源语言相同',
      ],
    ];
    for (const [body, en, zh] of cases) {
      expect(await translate(demo, body)).toMatchObject({ http: 400, desc: en });
      expect(await translate(demoZh, body)).toMatchObject({ http: 400, desc: zh });
    }
    expect(await translate(demo, { ids: [ids.single], sourceLang: 'zh', targetLangs: ['en'] })).toMatchObject(
      {
        http: 400,
        desc: 'Only multi-language recipes can be translated; every selected recipe has one language',
      },
    );
    // another brand's recipes are not there for it, alone or among its own
    expect(await translate(other, { ids: [ids.a], sourceLang: 'zh', targetLangs: ['en'] })).toMatchObject({
      http: 404,
      desc: 'The recipe does not exist',
    });
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM job_runs WHERE kind = 'recipe-translate'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('proposes each recipe’s texts side by side; a provider failure is that recipe’s, a 429 is retried, nothing is saved', async () => {
    server.failNext(1, 429);
    const started = await translate(demo, {
      ids: [ids.a, ids.b, ids.single],
      sourceLang: 'zh',
      targetLangs: ['en'],
    });
    expect(started).toMatchObject({
      http: 200,
      desc: 'The recipe translation has started',
    });
    // Started: still queued, or already taken up by a worker on a quiet machine.
    expect(['queued', 'running']).toContain(started.data.state);
    const run = await waitForJob(demo, started.data.id);
    expect(run).toMatchObject({
      state: 'succeeded',
      progress: { done: 3, total: 3, percent: 100 },
      summary: { proposed: 1, failed: 1, refused: 1, provider: 'libretranslate', demo: false },
    });
    expect(run.items.map((i) => [i.key, i.outcome, i.message])).toEqual([
      ['T-A', 'proposed', null],
      ['T-B', 'failed', 'Translation failed: libretranslate: HTTP 500 Translation engine crashed'],
      ['T-ONE', 'refused', 'Recipe T-ONE has one language only and cannot be translated'],
    ]);
    const proposal = run.items[0]!.data as RecipeTranslationProposal;
    expect(proposal).toMatchObject({
      number: 'T-A',
      provider: 'libretranslate',
      demo: false,
      sourceLang: 'zh',
    });
    // Each field names what it is, its source, the proposed translation and what the target holds now (which
    // confirming overwrites): the recipe's old English name, nothing yet for the rest.
    const field = (path: string, source: string, current = '') => ({
      path,
      source,
      translations: { en: fakeTranslation(source, 'en') },
      current: { en: current },
    });
    expect(proposal.fields).toEqual([
      field('texts.name', '番茄汤T-A', 'Old name T-A'),
      field('texts.description', '酸甜可口'),
      field('texts.chefTips', '趁热吃'),
      field('servingVersions.0.ingredients.0.names', '番茄'),
      field('servingVersions.0.ingredients.0.descriptions', '切块'),
      field('servingVersions.0.steps.0.descriptions', '慢炖三十分钟'),
    ]);
    // the first request was answered 429 and tried again; the failing recipe was tried 1 + 2 retries
    expect(server.requests.filter((r) => r.texts.some((t) => t.includes('BOOM')))).toHaveLength(3);
    expect(server.requests[0]!.body).toMatchObject({
      source: 'zh',
      target: 'en',
      format: 'text',
      api_key: 'k-123',
    });
    // in Chinese, the same report
    const zh = (await demoZh.get(`/api/recipe/asyncTask/detail?id=${run.id}`)).data as JobRun;
    expect(zh.items[1]!.message).toBe('翻译失败：libretranslate: HTTP 500 Translation engine crashed');
    // nothing is saved before confirmation
    for (const id of [ids.a, ids.b]) {
      const detail = await detailOf(demo, id);
      expect(detail.content.texts.en.name).toMatch(/^Old name/);
      expect(detail.content.servingVersions[0].steps[0].descriptions.en).toBeUndefined();
    }
    proposedJob = run;
  });

  it('refuses a confirmation that carries texts, and another brand’s confirmation', async () => {
    expect(
      await confirm(demo, { id: proposedJob.id, texts: { 'texts.name': { en: 'Edited' } } }),
    ).toMatchObject({
      http: 400,
      // A confirmation carries no texts: the key is refused as unknown, as on every write.
      desc: 'Invalid input: texts: is not a field of this request (check its spelling)',
    });
    expect(await confirm(other, { id: proposedJob.id })).toMatchObject({
      http: 404,
      desc: 'The job does not exist',
    });
    expect(await confirm(demo, { id: proposedJob.id, recipeIds: [ids.b] })).toMatchObject({
      http: 400,
      desc: `Confirmation failed: the translation job has no translation of recipe ${ids.b}`,
    });
    expect((await detailOf(demo, ids.a)).content.texts.en.name).toBe('Old name T-A');
  });

  it('saves the proposal as RecipeTranslated: the recipe shows the translated texts, its history says so; never twice', async () => {
    const saved = await confirm(demo, { id: proposedJob.id });
    expect(saved).toMatchObject({
      http: 200,
      desc: 'The translation of 1 recipe(s) was saved',
      data: { succeeded: 1, failed: 0 },
    });
    const detail = await detailOf(demo, ids.a, saved.position);
    expect(detail.content.texts.en).toEqual({
      name: 'EN: 番茄汤T-A',
      description: 'EN: 酸甜可口',
      chefTips: 'EN: 趁热吃',
    });
    expect(detail.content.texts.zh.name).toBe('番茄汤T-A');
    const version = detail.content.servingVersions[0];
    expect(version.ingredients[0].names).toEqual({ zh: '番茄', en: 'EN: 番茄' });
    expect(version.ingredients[0].descriptions).toEqual({ zh: '切块', en: 'EN: 切块' });
    expect(version.steps[0].descriptions).toEqual({ zh: '慢炖三十分钟', en: 'EN: 慢炖三十分钟' });
    const history = await demo.get(`/api/recipe/history?id=${ids.a}`);
    const last = history.data.entries.at(-1);
    expect(last).toMatchObject({
      type: 'RecipeTranslated',
      title: 'Translated (zh → en, libretranslate)',
      data: { provider: 'libretranslate', sourceLang: 'zh', targetLangs: ['en'], jobId: proposedJob.id },
    });
    const zhHistory = await demoZh.get(`/api/recipe/history?id=${ids.a}`);
    expect(zhHistory.data.entries.at(-1).title).toBe('翻译（zh → en，libretranslate）');

    expect(await confirm(demo, { id: proposedJob.id })).toMatchObject({
      http: 409,
      desc: 'Confirmation failed: This translation of recipe T-A was already confirmed',
    });
    expect(await confirm(demoZh, { id: proposedJob.id })).toMatchObject({
      http: 409,
      desc: '确认失败：菜谱T-A的这次翻译已确认保存，不能重复确认',
    });
  });

  it('refuses to save a proposal over a recipe changed since it was made, and saves nothing', async () => {
    const started = await translate(demo, { ids: [ids.c], sourceLang: 'zh', targetLangs: ['en'] });
    const run = await waitForJob(demo, started.data.id);
    expect(run.items.map((i) => i.outcome)).toEqual(['proposed']);
    const changed = await command(demo, '/api/recipe/batchUpdateOnlineStatus', {
      ids: [ids.c],
      online: true,
    });
    expect(changed).toMatchObject({ http: 200, data: { succeeded: 1 } });
    const refused = await confirm(demo, { id: run.id });
    expect(refused.http).toBe(409);
    expect(refused.desc).toMatch(/^Confirmation failed: .*T-C/);
    const detail = await detailOf(demo, ids.c, changed.position);
    expect(detail.content.texts.en.name).toBe('Old name T-C');
    expect(detail.content.online).toBe(true);
    const { rows } = await pool.query(
      'SELECT count(*)::int AS n FROM recipe_translation_confirmations WHERE run_id = $1',
      [run.id],
    );
    expect(rows[0].n).toBe(0);
  });
});
