import { loggedIn, startTestApi, type Client, type TestApi } from './harness.js';

describe('reference loads', () => {
  let api: TestApi;
  let demo: Client;
  beforeAll(async () => {
    api = await startTestApi();
    demo = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
  });
  afterAll(async () => {
    await api.stop();
  });

  it('lists the system languages, whole or paged', async () => {
    const all = await demo.get('/api/common/loadSysSupportLang?onPage=false');
    expect(all.data.map((l: { langCode: string }) => l.langCode)).toEqual(
      expect.arrayContaining(['zh', 'en', 'de', 'fr', 'es', 'it', 'ja', 'ko']),
    );
    const page = await demo.get('/api/common/loadSysSupportLang?pageNum=2&pageSize=10');
    expect(page.data).toMatchObject({ pageNum: 2, pageSize: 10, total: all.data.length });
    const bad = await demo.get('/api/common/loadSysSupportLang?pageSize=7');
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.desc).toContain('Page size must be 10, 20, 50 or 100');
  });

  it('loads the three dictionaries, localised, and refuses an unknown one', async () => {
    const units = await demo.get('/api/common/loadDict?dictTypeFlag=INGREDIENTS_UNIT');
    expect(units.data.find((u: { code: string }) => u.code === 'g')).toMatchObject({
      name: 'g',
      nameZh: '克',
    });
    const modes = await demo.get('/api/common/loadDict?dictTypeFlag=WORK_MODE');
    expect(modes.data.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Knead', 'Steam', 'Air fryer']),
    );
    const heating = await demo.get('/api/common/loadDict?dictTypeFlag=HOT_WIND_MODE');
    expect(heating.data).toHaveLength(4);
    expect((await demo.get('/api/common/loadDict?dictTypeFlag=NOPE')).desc).toContain(
      'Unknown dictionary type',
    );
  });

  it('loads the brand’s models, sub-brands, sub-brand models and the product tree', async () => {
    const products = await demo.get('/api/common/loadBrandOwnerProduct?brandOwnerCode=DEMO');
    expect(products.data.map((p: { potType: string }) => p.potType)).toEqual(
      expect.arrayContaining(['ROBOT_COOKER', 'AIR_FRYER', 'STAND_MIXER', 'OVEN', 'ROBOT_COOKER_AIR_FRYER']),
    );
    const subs = await demo.get('/api/common/loadSubBrand');
    expect(subs.data.map((s: { subBrandCode: string }) => s.subBrandCode)).toEqual([
      'DEMO-CHEF',
      'DEMO-AIR',
      'DEMO-BAKE',
    ]);
    const sub = await demo.get('/api/common/loadSubBrandProduct?subBrandCode=DEMO-AIR');
    expect(sub.data.map((p: { customerModel: string }) => p.customerModel)).toEqual([
      'AirCrisp 5L',
      'AirCrisp Dual',
    ]);
    const tree = await demo.get('/api/common/loadBrandProductTree');
    expect(tree.data[0].children).toHaveLength(3);
    expect(tree.data[0].children[1].children).toHaveLength(2);
  });

  it('refuses to load another brand’s reference data by naming it', async () => {
    const res = await demo.get('/api/common/loadBrandOwnerProduct?brandOwnerCode=OTHER');
    expect(res).toMatchObject({ status: 403, desc: 'You do not have permission for this' });
    const sub = await demo.get('/api/common/loadSubBrandProduct?subBrandCode=OTHER-ONE');
    expect(sub.data).toEqual([]);
  });

  it('loads countries and areas by level', async () => {
    const countries = await demo.get('/api/common/loadCountry');
    expect(countries.data.find((c: { countryCode: string }) => c.countryCode === 'DE').countryName).toBe(
      'Germany',
    );
    const regions = await demo.get('/api/common/loadArea?countryCode=CN');
    expect(regions.data.map((a: { areaName: string }) => a.areaName)).toContain('Guangdong');
    const cities = await demo.get('/api/common/loadArea?parentCode=CN-GD');
    expect(cities.data.map((a: { areaName: string }) => a.areaName)).toEqual(
      expect.arrayContaining(['Shenzhen', 'Foshan']),
    );
  });

  it('answers the working modes with §9 defaults (form-encoded POST)', async () => {
    const res = await demo.json('POST', '/api/cofarSdk/allDevModes', {
      body: new URLSearchParams({ brandOwnerCode: 'DEMO' }),
    });
    const knead = res.data.workModes.find((m: { code: string }) => m.code === 'KNEAD');
    expect(knead).toMatchObject({
      name: 'Knead',
      cycle: { forward: 27, pause: 3, reverse: 27 },
      defaults: { minutes: 3 },
    });
    const steam = res.data.workModes.find((m: { code: string }) => m.code === 'STEAM');
    expect(steam.countdownStartsAtTemperature).toBe(95);
    expect(res.data.heatingModes.map((h: { name: string }) => h.name)).toEqual([
      'Upper tube',
      'Lower tube',
      'Both tubes',
      'Hot air',
    ]);
  });

  it('gives the home counts (the demo devices, none online yet, and their bound users) and empty rankings', async () => {
    const counts = await demo.get('/api/common/loadBrandIndexCount?brandOwnerCode=DEMO');
    expect(counts.data).toEqual({
      recipeCount: 0,
      recycledRecipeCount: 0,
      recipeCategoryCount: 0,
      deviceCount: 15,
      onlineDeviceCount: 0,
      activatedDeviceCount: 15,
      // Two of each model's three demo devices are bound to an app user.
      userCount: 10,
    });
    expect((await demo.get('/api/common/loadBrandRecipeRanking')).data).toEqual([]);
  });

  it('downloads an import template and refuses an unknown name', async () => {
    const res = await demo.request(
      'GET',
      '/api/common/downloadImportAccountTpl?fileName=vip-user-import.csv',
    );
    expect(res.headers.get('content-disposition')).toContain('vip-user-import.csv');
    expect(await res.text()).toContain('account,vipLevel');
    expect((await demo.get('/api/common/downloadImportAccountTpl?fileName=nope.csv')).status).toBe(404);
  });
});
