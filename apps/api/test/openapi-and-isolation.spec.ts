import { loadConfig } from '../src/config.js';
import { READ_POSITION_HEADER } from '../src/infra/read-your-writes.js';
import { fileForm, pngBytes, projectedApiForSuite, signedInForSuite, staffDocForSuite } from './harness.js';

const PNG = pngBytes();

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

describe('OpenAPI document and brand isolation', () => {
  // The projector, so that an offline pack can be made of a released recipe (the API checks the recipe read model).
  const api = projectedApiForSuite({ READ_WAIT_MS: '5000' }, 12);
  const { demo, other } = signedInForSuite(api, 'en', 'demo', 'other');
  const doc = staffDocForSuite<OpenApiDoc>(api);

  it('lists every route of the platform', () => {
    const routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/auth/captcha',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'GET /api/auth/me',
        'POST /api/sysUser/updatePassword',
        'POST /api/sysUser/setPassword',
        'POST /api/email/captcha',
        'POST /api/email/verify',
        'POST /api/file/upload',
        'GET /api/file/download',
        'GET /api/common/loadBrandOwnerProduct',
        'GET /api/common/loadSubBrand',
        'GET /api/common/loadSubBrandProduct',
        'GET /api/common/loadBrandProductTree',
        'GET /api/common/loadCountry',
        'GET /api/common/loadProduct',
        'GET /api/common/loadArea',
        'GET /api/common/loadDict',
        'GET /api/common/loadSysSupportLang',
        'GET /api/common/loadBrandIndexCount',
        'GET /api/common/loadBrandRecipeRanking',
        'GET /api/common/loadRecipeCategoryRanking',
        'GET /api/common/downloadImportAccountTpl',
        'POST /api/cofarSdk/allDevModes',
        'GET /api/health',
        ...['list', 'detail', 'search', 'lastSubmitVersionInfo', 'history'].map(
          (r) => `GET /api/subApk/${r}`,
        ),
        ...[
          'add',
          'update',
          'delete',
          'batchDelete',
          'addAndApproval',
          'commitApproval',
          'recall',
          'updateTestStatus',
          'updateReleaseStatus',
          'auditPass',
          'auditReturn',
          'batchAudit',
        ].map((r) => `POST /api/subApk/${r}`),
        ...['list', 'detail', 'search', 'history', 'buildStatus', 'download', 'compatibility'].map(
          (r) => `GET /api/offlineRecipes/${r}`,
        ),
        ...['add', 'update', 'delete', 'batchDelete', 'updateTestStatus', 'updateReleaseStatus', 'build'].map(
          (r) => `POST /api/offlineRecipes/${r}`,
        ),
      ]),
    );
    const ui = fetch(`${api.baseUrl}/api/docs`).then((r) => r.status);
    return expect(ui).resolves.toBe(200);
  });

  it('walks every route as OTHER against DEMO’s records and finds none visible or changeable', async () => {
    // DEMO's records, and strings only DEMO's data contains.
    const file = await demo.json('POST', '/api/file/upload', { body: fileForm(PNG, 'demo-secret.png') });
    const demoIds: Record<string, string> = {
      fileCode: file.data.fileCode,
      id: file.data.fileCode,
      brandOwnerCode: 'DEMO',
      subBrandCode: 'DEMO-CHEF',
    };
    // A DEMO recipe for every /api/recipe/* route: OTHER sends its id and must never see its number or name.
    const recipe = await demo.post('/api/recipe/add', {
      type: 'SOUP',
      number: 'SECRET-R1',
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: '秘制红烧肉' }, en: { name: 'Secret braised pork' } },
      pictureFileCode: file.data.fileCode,
      productCodes: ['TM-6'],
    });
    expect(recipe.status).toBe(200);
    const recipeIds: Record<string, string> = { ...demoIds, id: recipe.data.id as string };
    // A DEMO APK package for every /api/subApk/* route.
    const apk = await demo.post('/api/subApk/add', {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: 'SECRET-APK-9',
      updateNotes: '秘密更新说明',
      bootLogo: file.data.fileCode,
    });
    expect(apk.status).toBe(200);
    const apkIds: Record<string, string> = { ...demoIds, id: apk.data.id as string };
    // A DEMO offline pack for every /api/offlineRecipes/* route, made of a released DEMO recipe.
    const packRecipe = await demo.post('/api/recipe/add', {
      type: 'SOUP',
      number: 'SECRET-R2',
      mainLang: 'zh',
      langs: ['zh'],
      texts: { zh: { name: '秘制老火汤' } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [{ names: { zh: '排骨' }, quantity: 300 }],
          steps: [{ number: 1, workMode: 'SLOW_COOK', minutes: 60, descriptions: { zh: '慢炖' } }],
        },
      ],
      difficulty: 'easy',
      pictureFileCode: file.data.fileCode,
      productCodes: ['TM-6'],
    });
    await demo.post('/api/recipe/submit', { id: packRecipe.data.id });
    const releasing = await demo.request('POST', '/api/recipe/batchRelease', {
      json: { ids: [packRecipe.data.id] },
    });
    const releasedAt = releasing.headers.get(READ_POSITION_HEADER)!;
    expect(((await releasing.json()) as { data: { succeeded: number } }).data.succeeded).toBe(1);
    await demo.json('GET', `/api/recipe/detail?id=${packRecipe.data.id}`, {
      headers: { [READ_POSITION_HEADER]: releasedAt },
    });
    const pack = await demo.post('/api/offlineRecipes/add', {
      number: 'SECRET-PACK-7',
      type: 'initial',
      productCode: 'TM-6',
      subBrandCode: 'DEMO-CHEF',
      recipeIds: [packRecipe.data.id],
    });
    expect({ status: pack.status, desc: pack.desc }).toEqual({ status: 200, desc: 'Saved successfully' });
    const packIds: Record<string, string> = { ...demoIds, id: pack.data.id as string };
    const demoMarkers = [
      'SECRET-R1',
      'SECRET-APK-9',
      'SECRET-R2',
      'SECRET-PACK-7',
      '秘制老火汤',
      '秘密更新说明',
      '秘制红烧肉',
      'Secret braised pork',
      file.data.fileCode,
      'demo-secret',
      'DEMO-CHEF',
      'ChefMate',
      '演示厨房电器',
      'demo@demo.kitchen.local',
    ];

    const walked: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (p === '/api/auth/logout') continue; // would end OTHER's own session, not touch DEMO's data
        const ids = p.startsWith('/api/recipe/')
          ? recipeIds
          : p.startsWith('/api/subApk/')
            ? apkIds
            : p.startsWith('/api/offlineRecipes/')
              ? packIds
              : demoIds;
        const query = new URLSearchParams();
        for (const param of op.parameters ?? []) {
          if (param.in === 'query') query.set(param.name, ids[param.name] ?? 'DEMO');
        }
        const url = `${p}${query.size ? `?${query}` : ''}`;
        const body = JSON.stringify({ ...ids, ids: [ids.id] });
        const res = await other.request(method.toUpperCase(), url, {
          body: method === 'get' ? undefined : body,
          headers: method === 'get' ? {} : { 'content-type': 'application/json' },
        });
        // An event stream never ends by itself: what it has sent at once is what another brand could read.
        const text = res.headers.get('content-type')?.startsWith('text/event-stream')
          ? await firstChunk(res)
          : Buffer.from(await res.arrayBuffer()).toString('latin1');
        for (const marker of demoMarkers) {
          expect({
            route: `${method} ${p}`,
            leaked: text.includes(Buffer.from(marker).toString('latin1')) ? marker : null,
          }).toEqual({
            route: `${method} ${p}`,
            leaked: null,
          });
        }
        expect(res.status).not.toBe(500);
        walked.push(`${method} ${p}`);
      }
    }
    expect(walked.length).toBeGreaterThanOrEqual(24);
    // DEMO's file is still there and intact after OTHER's attempts.
    const still = await demo.request('GET', `/api/file/download?fileCode=${file.data.fileCode}`);
    expect(Buffer.from(await still.arrayBuffer()).equals(PNG)).toBe(true);
    // DEMO's recipe has only its own creation in its history: none of OTHER's commands reached it.
    const history = await demo.get(`/api/recipe/history?id=${recipe.data.id}`);
    expect(history.data.entries.map((e: { type: string }) => e.type)).toEqual(['RecipeCreated']);
    // 25 recipe routes, the job routes export, importCheck, importData and asyncTask/detail, and translate and its
    // confirm.
    expect(walked.filter((r) => r.includes('/api/recipe/'))).toHaveLength(31);
    // DEMO's APK package: only its own creation, none of OTHER's 26 /api/subApk/* calls (17, and 9 of rollouts)
    // reached it.
    const apkHistory = await demo.get(`/api/subApk/history?id=${apk.data.id}`);
    expect(apkHistory.data.entries.map((e: { type: string }) => e.type)).toEqual(['ApkPackageCreated']);
    expect(walked.filter((r) => r.includes('/api/subApk/'))).toHaveLength(26);
    // DEMO's offline pack: only its own creation, none of OTHER's 13 /api/offlineRecipes/* calls reached it.
    const packHistory = await demo.get(`/api/offlineRecipes/history?id=${pack.data.id}`);
    expect(packHistory.data.entries.map((e: { type: string }) => e.type)).toEqual(['OfflinePackCreated']);
    expect(walked.filter((r) => r.includes('/api/offlineRecipes/'))).toHaveLength(14);
    // DEMO can still log in: OTHER's walk changed none of DEMO's accounts.
    expect((await demo.get('/api/auth/me')).data.user.account).toBe('demo');
  });

  it('refuses to start in production with CAPTCHA_TEST_CODE set, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: '0000' })).toThrow(
      /CAPTCHA_TEST_CODE: must not be set in production/,
    );
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

/** The first bytes of a streamed answer, then the stream is closed. */
async function firstChunk(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return Buffer.from(value ?? new Uint8Array()).toString('latin1');
}
