import { bothBrandsForSuite } from './harness.js';

describe('whole lists (onPage=false) are bounded', () => {
  const { demo, other } = bothBrandsForSuite();

  it('refuses a whole list past 1000 rows with a message to page it, and pages it as before', async () => {
    const before = await demo.get('/api/recipeTag/list?onPage=false');
    expect(before.status).toBe(200);
    const missing = 1001 - before.data.length;
    const numbers = Array.from({ length: missing }, (_, i) => `BULK-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < numbers.length; i += 8) {
      const added = await Promise.all(
        numbers
          .slice(i, i + 8)
          .map((number) => demo.post('/api/recipeTag/add', { number, names: { zh: number } })),
      );
      expect(added.map((a) => a.status)).toEqual(added.map(() => 200));
    }

    const whole = await demo.get('/api/recipeTag/list?onPage=false');
    expect(whole).toEqual({
      http: 400,
      status: 400,
      desc: 'The list has more than 1000 rows and cannot be loaded at once; page through it or narrow the filters',
      data: null,
      code: 'list_too_large',
    });
    const page = await demo.get('/api/recipeTag/list?pageNum=11&pageSize=100');
    expect({ status: page.status, total: page.data.total, rows: page.data.list.length }).toEqual({
      status: 200,
      total: 1001,
      rows: 1,
    });
    // A filter that narrows the list below the bound answers it whole.
    const filtered = await demo.get('/api/recipeTag/list?onPage=false&number=BULK-00');
    expect({ status: filtered.status, rows: filtered.data.length }).toEqual({ status: 200, rows: 100 });
    // Another brand's short list is unaffected.
    const others = await other.get('/api/recipeTag/list?onPage=false');
    expect(others.status).toBe(200);
  }, 60_000);

  it('still answers the short whole lists the screens load (units, categories, recipes, languages)', async () => {
    for (const url of [
      '/api/boUnit/list?onPage=false',
      '/api/recipeCategory/list?onPage=false',
      '/api/recipe/list?onPage=false',
      '/api/common/loadSysSupportLang?onPage=false',
      '/api/device/list?onPage=false',
    ]) {
      const res = await demo.get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });
});
