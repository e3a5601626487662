import { randomUUID } from 'node:crypto';
import type { DeviceListPage, FaultRecord, Page, SavedView } from '@kb/contracts';
import { storeFaults } from '@kb/devices';
import { createPool, type Pool } from '@kb/platform';
import { sortedBothWays, startTestApi, type Client, type TestApi, signedIn } from './harness.js';

/**
 * Sorting the staff, fault record, APK, offline pack, test device, paying user, review, online category and
 * reference lists by their columns on the server, and saving their views; a column a list does not sort by is
 * refused in the caller's language.
 */
describe('sorting the other lists', () => {
  let api: TestApi;
  let demo: Client;
  let demoZh: Client;
  let pool: Pool;
  beforeAll(async () => {
    api = await startTestApi();
    ({ demo } = await signedIn(api.baseUrl, 'en', 'demo'));
    ({ demo: demoZh } = await signedIn(api.baseUrl, 'zh', 'demo'));
    pool = createPool(api.config.DATABASE_URL, { max: 2 });
  });
  afterAll(async () => {
    await pool?.end();
    await api.stop();
  });

  /** A whole list (`onPage=false`) as asked. */
  async function whole<T>(client: Client, url: string): Promise<T[]> {
    const page = await client.get<Page<T> | T[]>(`${url}${url.includes('?') ? '&' : '?'}onPage=false`);
    expect(page.status).toBe(200);
    return Array.isArray(page.data) ? page.data : page.data.list;
  }

  const ascending = (values: string[]) => [...values].sort();

  it('sorts the staff by account and role both ways, and pages the same order', async () => {
    const byAccount = (await whole<{ account: string }>(demo, '/api/staff/list?orderBy=account')).map(
      (s) => s.account,
    );
    expect(byAccount.length).toBeGreaterThan(2);
    expect(byAccount).toEqual(ascending(byAccount));
    const desc = (await whole<{ account: string }>(demo, '/api/staff/list?orderBy=account&order=desc')).map(
      (s) => s.account,
    );
    expect(desc).toEqual([...byAccount].reverse());
    const paged: string[] = [];
    for (const pageNum of [1, 2, 3]) {
      const page = await demo.get<Page<{ account: string }>>(
        `/api/staff/list?orderBy=account&order=desc&pageSize=10&pageNum=${pageNum}`,
      );
      paged.push(...page.data.list.map((s) => s.account));
    }
    expect(paged).toEqual(desc);
    const roles = (await whole<{ role: string }>(demo, '/api/staff/list?orderBy=role')).map((s) => s.role);
    expect(roles).toEqual(ascending(roles));
  });

  it('sorts the test devices by SN and by when they were added', async () => {
    const devices = await demo.get<DeviceListPage>('/api/device/list?orderBy=sn&onPage=false');
    const sns = devices.data.list.slice(0, 4).map((d) => d.sn);
    for (const sn of [sns[2], sns[0], sns[3], sns[1]])
      expect((await demo.post('/api/testDevice/add', { sn })).status).toBe(200);
    const bySn = await whole<{ sn: string }>(demo, '/api/testDevice/list?orderBy=sn&order=asc');
    expect(bySn.map((d) => d.sn)).toEqual(sns);
    const byAdded = await whole<{ sn: string }>(demo, '/api/testDevice/list?orderBy=createdAt&order=asc');
    expect(byAdded.map((d) => d.sn)).toEqual([sns[2], sns[0], sns[3], sns[1]]);
    const newest = await whole<{ sn: string }>(demo, '/api/testDevice/list');
    expect(newest.map((d) => d.sn)).toEqual([sns[1], sns[3], sns[0], sns[2]]);
  });

  it('sorts the test devices by the sub-brand and product names shown, in the caller’s language', async () => {
    // One device of each product not yet in the group (the group keeps what an earlier attempt added).
    const inGroup = new Set((await whole<{ sn: string }>(demo, '/api/testDevice/list')).map((d) => d.sn));
    const devices = (await demo.get<DeviceListPage>('/api/device/list?orderBy=sn&onPage=false')).data.list;
    const byProduct = new Map<string, string>();
    for (const d of devices)
      if (d.productCode && !inGroup.has(d.sn) && !byProduct.has(d.productCode))
        byProduct.set(d.productCode, d.sn);
    for (const sn of byProduct.values())
      expect((await demo.post('/api/testDevice/add', { sn })).status).toBe(200);
    for (const [client, field] of [
      [demo, 'productName'],
      [demoZh, 'productName'],
      [demo, 'subBrandName'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const names = (
          await whole<Record<typeof field, string | null>>(
            client,
            `/api/testDevice/list?orderBy=${field}&order=${order}`,
          )
        ).map((d) => d[field]);
        expect(new Set(names).size).toBeGreaterThan(1);
        const sorted = ascending(names.filter((n): n is string => n !== null));
        expect(names.filter((n) => n !== null)).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('sorts the paying users by level, end date, number and account, ties in one stable order across pages', async () => {
    // Two more app users (of this attempt), so that the twelve paying users fill more than a page.
    await pool.query(
      `INSERT INTO app_users (brand_owner_code, account)
       SELECT 'DEMO', 'paying-' || $1::text || '-' || g || '@example.com' FROM generate_series(1, 2) g`,
      [Date.now().toString(36)],
    );
    await pool.query(
      `INSERT INTO paying_users (brand_owner_code, app_user_id, vip_level, start_date, end_date, updated_by)
       SELECT u.brand_owner_code, u.id, 1 + (row_number() OVER (ORDER BY u.seq))::int % 3,
              DATE '2026-01-01', DATE '2026-06-01' + (row_number() OVER (ORDER BY u.seq))::int, 'test'
         FROM app_users u WHERE u.brand_owner_code = 'DEMO' ORDER BY u.seq LIMIT 12`,
    );
    const byLevel = await whole<{ id: string; vipLevel: number }>(
      demo,
      '/api/vipUser/list?orderBy=vipLevel&order=desc',
    );
    expect(byLevel.length).toBeGreaterThan(5);
    const levels = byLevel.map((p) => p.vipLevel);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    const paged: string[] = [];
    for (const pageNum of [1, 2])
      paged.push(
        ...(
          await demo.get<Page<{ id: string }>>(
            `/api/vipUser/list?orderBy=vipLevel&order=desc&pageSize=10&pageNum=${pageNum}`,
          )
        ).data.list.map((p) => p.id),
      );
    expect(paged).toEqual(byLevel.map((p) => p.id));
    const ends = (await whole<{ endDate: string }>(demo, '/api/vipUser/list?orderBy=endDate')).map(
      (p) => p.endDate,
    );
    expect(ends).toEqual(ascending(ends));
    // The user's own columns, from the joined app user.
    for (const field of ['userNumber', 'account'] as const) {
      const values = (
        await sortedBothWays<{ id: string } & Record<typeof field, string>>(
          demo,
          `/api/vipUser/list?orderBy=${field}`,
        )
      ).map((p) => p[field]);
      expect(values).toEqual(ascending(values));
    }
  });

  it('sorts the fault records by SN, type and report time both ways, the same across pages', async () => {
    // Reports from three devices in a city of this attempt only, so a retry in the same database reads its own.
    const city = `S${Date.now().toString(36)}`;
    const devices = (
      await demo.get<DeviceListPage>('/api/device/list?orderBy=sn&onPage=false')
    ).data.list.slice(0, 3);
    const now = Date.now();
    for (const [d, device] of devices.entries())
      await storeFaults(
        pool,
        ['E-C', 'E-A', 'E-B', 'E-A'].map((type, k) => {
          const reportedAt = new Date(now - (1 + d + 3 * k) * 60_000).toISOString();
          const message = {
            messageId: randomUUID(),
            type,
            reportedAt,
            city,
            country: 'CN',
            errorLog: 'overheat',
          };
          return { deviceId: device.id, brandOwnerCode: 'DEMO', receivedAt: reportedAt, message };
        }),
      );
    const list = `/api/deviceFaultLog/list?city=${city}`;
    const bySn = await sortedBothWays<FaultRecord>(demo, `${list}&orderBy=sn`);
    expect(bySn.map((f) => f.sn)).toEqual(devices.flatMap((d) => Array<string>(4).fill(d.sn)));
    const byType = await sortedBothWays<FaultRecord>(demo, `${list}&orderBy=type`);
    expect(byType.map((f) => f.type)).toEqual([
      ...Array<string>(6).fill('E-A'),
      ...Array<string>(3).fill('E-B'),
      ...Array<string>(3).fill('E-C'),
    ]);
    const byTime = (await sortedBothWays<FaultRecord>(demo, `${list}&orderBy=reportedAt`)).map(
      (f) => f.reportedAt,
    );
    expect(new Set(byTime).size).toBe(12);
    expect(byTime).toEqual([...byTime].sort());
  });

  it('sorts the online categories by name, sort value and recipe count', async () => {
    const added = await demo.post('/api/appOnlineCategory/batchAdd', {
      categories: [
        { names: { zh: 'B 早餐' }, sort: 3 },
        { names: { zh: 'C 晚餐' }, sort: 1 },
        { names: { zh: 'A 午餐' }, sort: 2 },
      ],
    });
    expect(added.status).toBe(200);
    const names = async (url: string) =>
      (await whole<{ name: string }>(demoZh, url)).map((c) => c.name).filter((n) => /^[ABC] /.test(n));
    expect(await names('/api/appOnlineCategory/list?orderBy=name')).toEqual(['A 午餐', 'B 早餐', 'C 晚餐']);
    expect(await names('/api/appOnlineCategory/list?orderBy=name&order=desc')).toEqual([
      'C 晚餐',
      'B 早餐',
      'A 午餐',
    ]);
    expect(await names('/api/appOnlineCategory/list?orderBy=sort&order=desc')).toEqual([
      'B 早餐',
      'A 午餐',
      'C 晚餐',
    ]);
    expect((await demo.get('/api/appOnlineCategory/list?orderBy=recipeCount&order=desc')).status).toBe(200);
  });

  it('sorts the reviews, APKs, offline packs and units by their columns', async () => {
    const reviews = await whole<{ score: number }>(demo, '/api/recipeUserEvaluation/list?orderBy=score');
    expect(reviews.map((r) => r.score)).toEqual(reviews.map((r) => r.score).sort());
    const bySn = await whole<{ sn: string }>(demo, '/api/recipeUserEvaluation/list?orderBy=sn&order=desc');
    expect(bySn.map((r) => r.sn)).toEqual(ascending(bySn.map((r) => r.sn)).reverse());
    for (const url of [
      '/api/subApk/list?orderBy=versionNumber&order=desc',
      '/api/subApk/list?orderBy=fileSize',
      '/api/offlineRecipes/list?orderBy=number',
      '/api/offlineRecipes/list?orderBy=recipeCount&order=desc',
    ])
      expect((await demo.get(url)).status).toBe(200);
    for (const zh of ['千克', '毫升', '勺'])
      expect((await demo.post('/api/boUnit/add', { names: { zh } })).status).toBe(200);
    const units = await whole<{ name: string }>(demo, '/api/boUnit/list?orderBy=updatedAt&order=desc');
    expect(units.slice(0, 3).map((u) => u.name)).toEqual(['勺', '毫升', '千克']);
  });

  it('refuses a column a list does not sort by with a 400 in the caller’s language, never a 500', async () => {
    for (const url of [
      '/api/staff/list?orderBy=password_hash',
      '/api/subApk/list?orderBy=returnReason',
      '/api/offlineRecipes/list?orderBy=build',
      '/api/testDevice/list?orderBy=remark',
      '/api/vipUser/list?orderBy=state',
      '/api/recipeUserEvaluation/list?orderBy=content',
      '/api/appOnlineCategory/list?orderBy=pictureFileCode',
      '/api/boUnit/list?orderBy=number',
    ]) {
      const en = await demo.get(url);
      expect({ url, status: en.status }).toEqual({ url, status: 400 });
      expect(en.data.fieldErrors.orderBy).toBe('This list cannot be sorted by that field');
      const zh = await demoZh.get(url);
      expect(zh.status).toBe(400);
      expect(zh.data.fieldErrors.orderBy).toBe('此列表不能按该字段排序');
    }
    const order = await demoZh.get('/api/staff/list?orderBy=account&order=up');
    expect(order.status).toBe(400);
    expect(order.data.fieldErrors.order).toBeTruthy();
  });

  it('keeps saved views of these lists, checked against each list’s columns', async () => {
    const saved = await demo.post<SavedView>('/api/savedView/save', {
      list: 'apk',
      name: 'Newest applied',
      state: { filters: { reviewStatus: 'pending' }, orderBy: 'appliedAt', order: 'desc' },
    });
    expect(saved.status).toBe(200);
    expect((await demo.get<SavedView[]>('/api/savedView/list?list=apk')).data.map((v) => v.name)).toEqual([
      'Newest applied',
    ]);
    const wrong = await demoZh.post('/api/savedView/save', {
      list: 'payingUser',
      name: 'x',
      state: { orderBy: 'regionName' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data.fieldErrors['state.orderBy']).toBe('此列表不能按该字段排序');
    for (const [list, orderBy, status] of [
      ['staff', 'createdAt', 200],
      ['review', 'evaluatedAt', 200],
      ['onlineCategory', 'sort', 200],
      ['paidRecipe', 'number', 200],
      ['recipeModel', 'status', 200],
      ['tag', 'number', 200],
      ['tag', 'sort', 400],
      ['unit', 'number', 400],
    ] as const) {
      const answer = await demo.post('/api/savedView/save', { list, name: 'mine', state: { orderBy } });
      expect({ list, orderBy, status: answer.status }).toEqual({ list, orderBy, status });
    }
  });
});
