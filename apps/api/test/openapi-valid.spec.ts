import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { EventStore } from '@kb/event-store';
import { createPool, type Pool } from '@kb/platform';
import { allProjections, runProjections, waitForProjection } from '@kb/read-models';
import { EVENT_STORE } from '../src/infra/tokens.js';
import { CONTENT_ENTITIES } from '../src/modules/content/content.entities.js';
import {
  accessoryEntity,
  ingredientUnitEntity,
  recipeCategoryEntity,
  recipeTagEntity,
} from '../src/modules/catalog/catalog.entities.js';
import { faultTypeEntity } from '../src/modules/devices/fault-type.entity.js';
import { recipeEvaluationEntity } from '../src/modules/recipe-evaluations/recipe-evaluation.entity.js';
import { apkCommands, offlinePackCommands, recipeCommands } from '@kb/aggregates';
import { staffGetRoutes, staffPostRoutes } from '@kb/contracts';
import { Client, loggedIn, PUBLIC_ROUTES, startTestApi, type TestApi } from './harness.js';

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  'x-permission'?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface OpenApiDoc {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

describe('the staff API’s OpenAPI document (/api/docs-json)', () => {
  let api: TestApi;
  let doc: OpenApiDoc;
  let pool: Pool;
  let stop: AbortController;
  let projecting: Promise<void>;
  beforeAll(async () => {
    api = await startTestApi();
    // On a connection of its own: left idle in the pool while the tests below read the document, the server would
    // close it under the first request that reuses it.
    const answer = await fetch(`${api.baseUrl}/api/docs-json`, { headers: { connection: 'close' } });
    doc = (await answer.json()) as OpenApiDoc;
    // The read models the lists read, filled from the demo's events as the projector would.
    pool = createPool(api.db.url, { max: 16 });
    stop = new AbortController();
    const store = api.app.get<EventStore>(EVENT_STORE);
    projecting = runProjections(pool, store, allProjections, { signal: stop.signal, pollIntervalMs: 20 });
    const head = await store.headPosition();
    for (const projection of ['recipes', 'apk_packages'])
      expect(await waitForProjection(pool, projection, head, { timeoutMs: 90_000 })).toBe(true);
  }, 180_000);
  afterAll(async () => {
    stop.abort();
    await projecting;
    await pool.end();
    await api.stop();
  }, 60_000);

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
  const operation = (route: string) => operations().find((o) => o.route === route)?.op;
  /** The schema of an operation's success (the envelope), refs to the document's components kept resolvable. */
  const answerSchema = (route: string, status = '200'): Schema => ({
    ...operation(route)!.responses[status]!.content!['application/json']!.schema!,
    components: doc.components,
  });
  const dataSchema = (route: string) =>
    (answerSchema(route).properties as Record<string, Schema> | undefined)?.data;

  it('is a valid OpenAPI 3.1 document by the specification’s own schema', async () => {
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect({ valid: result.valid, errors: result.errors }).toEqual({ valid: true, errors: undefined });
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('gives every operation an id, a tag, its success with a schema and the refusals its shape can give', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const wrong = operations().flatMap(({ route, op }) => {
      const problems: string[] = [];
      if (!op.tags?.length) problems.push('no tag');
      const ok = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (!ok.some(([, r]) => Object.values(r.content ?? {}).some((c) => c.schema)))
        problems.push('no 2xx schema');
      const takesInput = !!op.requestBody || !!op.parameters?.length;
      if (takesInput && !op.responses['400']) problems.push('takes input without 400');
      if (op.requestBody && !op.responses['413']) problems.push('takes a body without 413');
      for (const status of ['414', '500', '503']) if (!op.responses[status]) problems.push(`no ${status}`);
      const refusals = Object.entries(op.responses).filter(([status]) => /^[45]\d\d$/.test(status));
      for (const [status, r] of refusals)
        if (r.content?.['application/json']?.schema?.$ref !== '#/components/schemas/Refusal')
          problems.push(`${status} not in the refusal envelope`);
      return problems.map((p) => `${route}: ${p}`);
    });
    expect(wrong).toEqual([]);
  });

  it('asks for the session cookie, and lists 401 and 403, on every operation but the public ones', () => {
    for (const { route, op } of operations()) {
      const guarded = !PUBLIC_ROUTES.includes(route);
      expect({ route, permission: !!op['x-permission'] }).toEqual({ route, permission: guarded });
      expect({ route, security: op.security }).toEqual({ route, security: guarded ? [{ cookie: [] }] : [] });
      expect({ route, refusals: ['401', '403'].filter((s) => s in op.responses) }).toEqual({
        route,
        refusals: guarded ? ['401', '403'] : [],
      });
    }
    expect(operation('POST /api/auth/login')!.responses['429']).toBeDefined();
  });

  it('documents downloads as files of their type, not as the envelope', () => {
    const downloads = operations().filter(
      ({ route }) => /\/(export|download\w*)$/.test(route) && route.startsWith('GET'),
    );
    expect(downloads.length).toBeGreaterThan(8);
    for (const { route, op } of downloads)
      expect({ route, types: Object.keys(op.responses['200']!.content ?? {}) }).not.toEqual({
        route,
        types: ['application/json'],
      });
  });

  it('documents the data each declared command and reference record answers (not an empty schema)', () => {
    const reference = [
      ...CONTENT_ENTITIES,
      recipeCategoryEntity,
      recipeTagEntity,
      ingredientUnitEntity,
      accessoryEntity,
      faultTypeEntity,
      recipeEvaluationEntity,
    ].flatMap((e) =>
      ['list', 'detail', 'add', 'update', 'delete'].flatMap((endpoint) => {
        const route = `${endpoint === 'list' || endpoint === 'detail' ? 'GET' : 'POST'} /api/${e.route}/${endpoint}`;
        return operation(route) ? [route] : [];
      }),
    );
    const commands = [recipeCommands, apkCommands, offlinePackCommands].flatMap((declared) =>
      declared.commands.map((c) => `POST /api/${declared.route}/${c.route}`),
    );
    const queries = [
      'GET /api/recipe/list',
      'GET /api/recipe/detail',
      'GET /api/subApk/list',
      'GET /api/subApk/detail',
      'GET /api/recipe/asyncTask/detail',
      'GET /api/jobs/list',
      'GET /api/offlineRecipes/buildStatus',
    ];
    const routes = [...reference, ...commands, ...queries];
    expect(reference.length).toBeGreaterThan(40);
    expect(commands.length).toBeGreaterThan(30);
    const undocumented = routes.filter((route) => {
      const data = dataSchema(route);
      return !data || Object.keys(data).length === 0;
    });
    expect(undocumented).toEqual([]);
  });

  it('declares the answer of every operation: no envelope with an empty `data`', () => {
    const json = operations().filter(({ op }) => op.responses['200']?.content?.['application/json']);
    const undeclared = json
      .filter(({ route }) => {
        const data = dataSchema(route);
        return !data || Object.keys(data).length === 0;
      })
      .map(({ route }) => route);
    console.info(
      `${operations().length} operations, ${json.length} answering JSON, ${undeclared.length} with an undeclared answer`,
    );
    expect(undeclared).toEqual([]);
  });

  it('documents every route of the web’s typed client, with its declared answer', () => {
    const routes = [
      ...Object.keys(staffGetRoutes).map((path) => `GET /api${path}`),
      ...Object.keys(staffPostRoutes).map((path) => `POST /api${path}`),
    ];
    const missing = routes.filter((route) => {
      const data = operation(route) && dataSchema(route);
      return !data || Object.keys(data).length === 0;
    });
    expect(missing).toEqual([]);
  });

  it('describes what the API really answers: lists, details and refusals match their documented schemas', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // zod's formats: what the answers carry, checked as the document names them.
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
    for (const format of ['email', 'uri', 'date', 'time', 'regex']) ajv.addFormat(format, true);
    const demo = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    /** Calls `route` (GET `url`, or POST it `json`) and checks the answer against the schema of its status. */
    const check = async (client: Client, route: string, url: string, status = '200', json?: unknown) => {
      const answer = json === undefined ? await client.get(url) : await client.post(url, json);
      const { http, ...body } = answer;
      const validate = ajv.compile(answerSchema(route, status));
      const valid = validate(body);
      expect({ url, http, errors: valid ? [] : validate.errors }).toEqual({
        url,
        http: Number(status),
        errors: [],
      });
      return body.data;
    };

    const recipes = await check(demo, 'GET /api/recipe/list', '/api/recipe/list?pageSize=50');
    expect(recipes.list.length).toBeGreaterThan(0);
    await check(demo, 'GET /api/recipe/list', '/api/recipe/list?onPage=false');
    for (const recipe of recipes.list.slice(0, 5))
      await check(demo, 'GET /api/recipe/detail', `/api/recipe/detail?id=${recipe.id}`);

    const apks = await check(demo, 'GET /api/subApk/list', '/api/subApk/list?pageSize=50');
    expect(apks.list.length).toBeGreaterThan(0);
    for (const apk of apks.list.slice(0, 5))
      await check(demo, 'GET /api/subApk/detail', `/api/subApk/detail?id=${apk.id}`);

    await check(demo, 'POST /api/recipeCategory/add', '/api/recipeCategory/add', '200', {
      number: 'OA-1',
      mainLang: 'en',
      names: { en: 'Soups', zh: '汤' },
      sort: 1,
    });
    // The same number again: a refusal naming the field, in the refusal envelope.
    await check(demo, 'POST /api/recipeCategory/add', '/api/recipeCategory/add', '400', {
      number: 'OA-1',
      mainLang: 'en',
      names: { en: 'Soups again' },
    });
    const categories = await check(demo, 'GET /api/recipeCategory/list', '/api/recipeCategory/list');
    expect(categories.list.length).toBeGreaterThan(0);
    await check(
      demo,
      'GET /api/recipeCategory/detail',
      `/api/recipeCategory/detail?id=${categories.list[0].id}`,
    );
    await check(demo, 'GET /api/recipeTag/list', '/api/recipeTag/list?onPage=false');
    await check(demo, 'GET /api/accessory/list', '/api/accessory/list');
    await check(demo, 'GET /api/ccBanner/list', '/api/ccBanner/list');
    await check(demo, 'GET /api/auth/me', '/api/auth/me');
    await check(demo, 'GET /api/jobs/list', '/api/jobs/list');

    // The aggregates' other queries: histories, the device preview, rollouts, offline packs, statistics.
    const recipeId = recipes.list[0].id;
    await check(demo, 'GET /api/recipe/countRemove', '/api/recipe/countRemove');
    await check(
      demo,
      'GET /api/recipe/simulatRecipeDetail',
      `/api/recipe/simulatRecipeDetail?id=${recipeId}`,
    );
    await check(demo, 'GET /api/recipe/history', `/api/recipe/history?id=${recipeId}`);
    await check(
      demo,
      'GET /api/recipeUserEvaluation/recipeStatistics',
      `/api/recipeUserEvaluation/recipeStatistics?recipeId=${recipeId}`,
    );
    const apkId = apks.list[0].id;
    await check(demo, 'GET /api/subApk/history', `/api/subApk/history?id=${apkId}`);
    await check(demo, 'GET /api/subApk/rollout/detail', `/api/subApk/rollout/detail?id=${apkId}`);
    await check(
      demo,
      'GET /api/subApk/rollout/compatibility',
      `/api/subApk/rollout/compatibility?id=${apkId}`,
    );
    await check(demo, 'GET /api/subApk/rollout/paused', '/api/subApk/rollout/paused');
    const packs = await check(demo, 'GET /api/offlineRecipes/list', '/api/offlineRecipes/list');
    await check(demo, 'GET /api/offlineRecipes/search', '/api/offlineRecipes/search');
    if (packs.list.length) {
      await check(
        demo,
        'GET /api/offlineRecipes/detail',
        `/api/offlineRecipes/detail?id=${packs.list[0].id}`,
      );
      await check(
        demo,
        'GET /api/offlineRecipes/history',
        `/api/offlineRecipes/history?id=${packs.list[0].id}`,
      );
    }

    // The people, device, notice, lookup, home and shared screens' answers.
    const devices = await check(demo, 'GET /api/device/list', '/api/device/list?pageSize=20');
    expect(devices.list.length).toBeGreaterThan(0);
    const device = devices.list[0];
    await check(demo, 'GET /api/device/detail', `/api/device/detail?id=${device.id}`);
    await check(demo, 'GET /api/device/status', `/api/device/status?ids=${device.id}`);
    await check(demo, 'GET /api/device/search', `/api/device/search?keyword=${device.sn.slice(0, 3)}`);
    await check(demo, 'GET /api/device/telemetryHistory', `/api/device/telemetryHistory?id=${device.id}`);
    await check(demo, 'GET /api/testDevice/list', '/api/testDevice/list');
    await check(demo, 'GET /api/deviceFaultLog/list', '/api/deviceFaultLog/list');
    await check(demo, 'GET /api/deviceFaultLog/summary', '/api/deviceFaultLog/summary');
    const users = await check(demo, 'GET /api/user/list', '/api/user/list?pageSize=20');
    expect(users.list.length).toBeGreaterThan(0);
    const user = users.list[0];
    await check(demo, 'GET /api/user/detail', `/api/user/detail?id=${user.id}`);
    for (const part of ['devices', 'favourites', 'cooking', 'reviews'])
      await check(demo, `GET /api/user/${part}`, `/api/user/${part}?id=${user.id}`);
    await check(demo, 'GET /api/userSearchRecord/list', '/api/userSearchRecord/list');
    await check(demo, 'GET /api/userSearchRecord/topTerms', '/api/userSearchRecord/topTerms?days=0');
    await check(demo, 'GET /api/vipUser/list', '/api/vipUser/list');
    const staff = await check(demo, 'GET /api/staff/list', '/api/staff/list');
    await check(demo, 'GET /api/staff/changes', `/api/staff/changes?id=${staff.list[0].id}`);
    await check(demo, 'GET /api/savedView/list', '/api/savedView/list?list=device');
    await check(demo, 'GET /api/search', `/api/search?q=${recipes.list[0].number}`);
    await check(demo, 'GET /api/preferences', '/api/preferences');
    await check(demo, 'POST /api/preferences', '/api/preferences', '200', { colorScheme: 'dark' });
    await check(demo, 'GET /api/inform/list', '/api/inform/list');
    await check(demo, 'GET /api/inform/health', '/api/inform/health');
    await check(demo, 'GET /api/audit/history', `/api/audit/history?kind=recipe&id=${recipes.list[0].id}`);
    await check(demo, 'GET /api/appOnlineCategory/list', '/api/appOnlineCategory/list');
    await check(demo, 'GET /api/sysSupportLang/list', '/api/sysSupportLang/list');
    await check(demo, 'GET /api/common/loadTagsByLang', '/api/common/loadTagsByLang?lang=en');
    await check(demo, 'GET /api/accessory/listAll', '/api/accessory/listAll');
    for (const lookup of [
      'loadBrandOwnerProduct',
      'loadSubBrand',
      'loadBrandProductTree',
      'loadCountry',
      'loadProduct',
      'loadArea',
      'loadSysSupportLang',
      'loadBrandIndexCount',
      'loadBrandRecipeRanking',
      'loadRecipeCategoryRanking',
    ])
      await check(demo, `GET /api/common/${lookup}`, `/api/common/${lookup}`);
    await check(demo, 'GET /api/common/loadDict', '/api/common/loadDict?dictTypeFlag=WORK_MODE');
    await check(demo, 'POST /api/cofarSdk/allDevModes', '/api/cofarSdk/allDevModes', '200', {});
    await check(new Client(api.baseUrl), 'GET /api/public/config', '/api/public/config');

    // Refusals: not logged in, and a record of no one.
    await check(new Client(api.baseUrl), 'GET /api/recipe/list', '/api/recipe/list', '401');
    await check(
      demo,
      'GET /api/recipe/detail',
      '/api/recipe/detail?id=00000000-0000-4000-8000-000000000000',
      '404',
    );
    await check(demo, 'GET /api/recipe/list', '/api/recipe/list?pageSize=7', '400');
  }, 120_000);
});
