import { signedInForSuite, testApiForSuite } from './harness.js';

/** The one text rule of libs/contracts at the API's door: bad characters are a 400 naming the field. */
describe('text rule at the API', () => {
  const api = testApiForSuite();
  const { demo: zh } = signedInForSuite(api, 'zh', 'demo');
  const { demo: en } = signedInForSuite(api, 'en', 'demo');

  const recipe = (texts: Record<string, unknown>, stepText = '切碎') => ({
    type: 'SOUP',
    number: `TXT-${Math.random().toString(36).slice(2, 8)}`,
    mainLang: 'zh',
    langs: ['zh'],
    texts: { zh: texts },
    servingVersions: [
      { servings: 2, steps: [{ number: 1, workMode: 'MANUAL', descriptions: { zh: stepText } }] },
    ],
    productCodes: ['TM-6'],
  });

  it.each([
    ['a NUL in a name', recipe({ name: '番茄\u0000汤' }), 'texts.zh.name'],
    [
      'a lone surrogate in a description',
      recipe({ name: '番茄汤', description: 'x\ud800' }),
      'texts.zh.description',
    ],
    [
      'an escape character in a step text',
      recipe({ name: '番茄汤' }, 'stir\u001b[2J'),
      'servingVersions.0.steps.0.descriptions.zh',
    ],
  ])('refuses %s on recipe add with 400 naming the field, in zh and en', async (_, body, field) => {
    const inZh = await zh.post('/api/recipe/add', body);
    expect(inZh).toMatchObject({ http: 400, status: 400 });
    expect(inZh.desc).toContain(field);
    expect(inZh.desc).toContain('不能包含控制字符或无效字符');
    const inEn = await en.post('/api/recipe/add', body);
    expect(inEn.desc).toContain(field);
    expect(inEn.desc).toContain('must not contain control characters');
    const list = await zh.get(`/api/recipe/list?number=${encodeURIComponent(body.number)}`);
    expect(list.data.total).toBe(0);
  });

  it('keeps line breaks in multi-line text and refuses them in a name', async () => {
    const ok = await zh.post('/api/recipe/add', recipe({ name: '番茄汤', description: '第一行\n第二行' }));
    expect(ok.status).toBe(200);
    const bad = await zh.post('/api/recipe/add', recipe({ name: '番茄\n汤' }));
    expect(bad.status).toBe(400);
    expect(bad.desc).toContain('texts.zh.name');
  });

  it('refuses a NUL in a list filter instead of failing in the database', async () => {
    const list = await en.get('/api/recipe/list?name=%00');
    expect(list).toMatchObject({ http: 400, status: 400 });
    expect(list.desc).toContain('name');
  });

  it('refuses bad characters in category, tag and test-device creates', async () => {
    const category = await en.post('/api/recipeCategory/add', {
      number: 'TXT1',
      mainLang: 'zh',
      names: { zh: '汤\ud800' },
      sort: 1,
    });
    expect(category).toMatchObject({ status: 400 });
    expect(category.desc).toContain('names.zh');
    const device = await en.post('/api/testDevice/add', { sn: 'SN\u0000', remark: '' });
    expect(device).toMatchObject({ status: 400 });
    expect(device.desc).toContain('sn');
  });
});
