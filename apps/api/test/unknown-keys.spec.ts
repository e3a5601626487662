import { loggedIn, startTestApi, type Client, type TestApi } from './harness.js';

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
}

/** POSTs that read: a list asked by POST (its body is the filter), the device SDK's mode list (body unread). */
const READS = /\/(list|allDevModes)$/;

describe('a key the request does not know', () => {
  let api: TestApi;
  let admin: Client;
  let adminEn: Client;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await loggedIn(api.baseUrl);
    adminEn = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
  });

  it('is refused by every write of the API with 400 naming the key', async () => {
    const doc = (await (await admin.request('GET', '/api/docs-json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => method === 'post' && op.requestBody?.content?.['application/json'])
        .filter(() => !READS.test(path))
        .map(() => path),
    );
    expect(writes.length).toBeGreaterThan(60);
    const answers: string[] = [];
    for (const path of writes) {
      const res = await admin.post(path, { colour: 'red' });
      answers.push(`${path} → ${res.status} ${res.data?.fieldErrors?.colour ? 'colour' : res.desc}`);
    }
    expect(answers.filter((a) => !a.endsWith('→ 400 colour'))).toEqual([]);
  }, 120_000);

  it('names a misspelled field of a recipe save in zh and en, with every other problem at once', async () => {
    const zh = await admin.post('/api/recipe/save', { nmae: '番茄炖牛腩', mainLang: 'zh' });
    expect(zh.status).toBe(400);
    expect(zh.desc).toBe('输入有误：nmae：不是此请求的字段（请检查拼写）');
    expect(zh.data.fieldErrors).toMatchObject({
      nmae: '不是此请求的字段（请检查拼写）',
      number: expect.any(String),
    });

    const en = await adminEn.post('/api/recipe/save', { id: crypto.randomUUID(), revision: 1, revison: 2 });
    expect(en.status).toBe(400);
    expect(en.desc).toBe('Invalid input: revison: is not a field of this request (check its spelling)');
  });

  it('names a misspelled field deep in a recipe, at its path', async () => {
    const res = await adminEn.post('/api/recipe/add', {
      type: 'SOUP',
      number: 'UK-1',
      mainLang: 'zh',
      langs: ['zh'],
      texts: { zh: { name: '汤' } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [],
          steps: [{ number: 1, workMode: 'MANUAL', tempreature: 80, descriptions: { zh: '翻炒' } }],
        },
      ],
      difficulty: 'easy',
    });
    expect(res.status).toBe(400);
    expect(res.data.fieldErrors).toEqual({
      'servingVersions.0.steps.0.tempreature': 'is not a field of this request (check its spelling)',
    });
  });

  it('is not what the API itself answers: a step sent back with its worked-out heating logic is saved', async () => {
    const content = {
      type: 'SOUP',
      number: 'UK-2',
      mainLang: 'zh',
      langs: ['zh'],
      texts: { zh: { name: '汤' } },
      servingVersions: [
        { servings: 2, steps: [{ number: 1, workMode: 'MANUAL', descriptions: { zh: '炒' } }] },
      ],
    };
    const added = await admin.post('/api/recipe/add', content);
    expect(added.status).toBe(200);
    const steps = [{ number: 1, workMode: 'MANUAL', descriptions: { zh: '翻炒' }, heatingLogic: 'boil' }];
    const saved = await admin.post('/api/recipe/update', {
      ...content,
      id: added.data.id,
      revision: added.data.revision,
      servingVersions: [{ servings: 2, steps }],
    });
    expect(saved.status).toBe(200);
  });

  it('is refused on a reference record’s change, and the record stays as it was', async () => {
    const added = await admin.post('/api/boUnit/add', { names: { zh: '克数' } });
    expect(added.status).toBe(200);
    const res = await adminEn.post('/api/boUnit/update', {
      id: added.data.id,
      version: added.data.version,
      names: { zh: '千克' },
      nmaes: { en: 'kg' },
    });
    expect(res.status).toBe(400);
    expect(res.desc).toBe('Invalid input: nmaes: is not a field of this request (check its spelling)');
    const detail = await admin.get(`/api/boUnit/detail?id=${added.data.id}`);
    expect(detail.data.names).toEqual({ zh: '克数' });
  });
});
