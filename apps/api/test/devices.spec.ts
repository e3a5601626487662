import type { DeviceDetail, DeviceListPage, FaultSummary, TelemetryHistory } from '@kb/contracts';
import { eventually } from '@kb/testing';
import pg from 'pg';
import type { Client, TestApi } from './harness.js';
import { expectDeepPageRefused, startTestApi, uploadImage, signedIn } from './harness.js';

/** The device screens' endpoints over the seeded demo fleets (DEMO: 15 devices, OTHER: 4). */
describe('devices, test devices and fault records', () => {
  let api: TestApi;
  let demo: Client;
  let demoZh: Client;
  let other: Client;
  let demoIds: string[];
  beforeAll(async () => {
    api = await startTestApi();
    ({ demo, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ demo: demoZh } = await signedIn(api.baseUrl, 'zh', 'demo'));
    const all = await demo.get<DeviceListPage>('/api/device/list?onPage=false');
    demoIds = all.data.list.map((d) => d.id);
  });
  afterAll(() => api.stop());

  const sns = (page: { list: { sn: string }[] }) => page.list.map((d) => d.sn);

  it('lists the brand’s devices newest first with the §3 columns, and only its own', async () => {
    const page = await demo.get<DeviceListPage>('/api/device/list?pageNum=1&pageSize=10');
    expect(page.status).toBe(200);
    expect(page.data.total).toBe(15);
    expect(page.data.totalExact).toBe(true);
    expect(page.data.list).toHaveLength(10);
    expect(page.data.list[0]).toEqual({
      id: expect.any(String),
      sn: 'DMOV4000003',
      subModel: 'BakeHome Oven 40',
      subBrandCode: 'DEMO-BAKE',
      subBrandName: 'BakeHome',
      productCode: 'OV-40',
      productName: 'Smart oven OV-40',
      activatedAt: expect.any(String),
      online: false,
      ip: expect.stringMatching(/^10\.20\./),
      lastConnectAt: expect.any(String),
      apkVersion: '2.0.3',
      mcuVersion: '1.4.2',
      tpVersion: '3.0.1',
      isTestDevice: false,
    });
    expect(page.data.nextCursor).toEqual(expect.any(String));
    expect(Date.parse(page.data.serverTime)).not.toBeNaN();
    const theirs = await other.get<DeviceListPage>('/api/device/list');
    expect(theirs.data.total).toBe(4);
    expect(sns(theirs.data).every((sn) => sn.startsWith('OT'))).toBe(true);
  });

  it('reads the next page by its cursor exactly as by its page number', async () => {
    const first = await demo.get<DeviceListPage>('/api/device/list?pageSize=10');
    const byNumber = await demo.get<DeviceListPage>('/api/device/list?pageSize=10&pageNum=2');
    const byCursor = await demo.get<DeviceListPage>(
      `/api/device/list?pageSize=10&pageNum=2&after=${first.data.nextCursor}`,
    );
    expect(sns(byCursor.data)).toEqual(sns(byNumber.data));
    expect(byCursor.data.list).toHaveLength(5);
    expect(byCursor.data.nextCursor).toBeNull();
    const bad = await demo.get('/api/device/list?after=abc');
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.after).toBe('Invalid page cursor; start again from page 1');
  });

  it('reads pages by number through the first 10,000 devices, deeper only after a cursor', async () => {
    await expectDeepPageRefused(demo, '/api/device/list');
    const first = await demo.get<DeviceListPage>('/api/device/list?pageSize=10');
    const afterFirst = await demo.get<DeviceListPage>(
      `/api/device/list?pageSize=10&pageNum=1001&after=${first.data.nextCursor}`,
    );
    expect(afterFirst.status).toBe(200);
    expect(afterFirst.data.list).toHaveLength(5);
  });

  it('filters on SN prefix, model, sub-brand, sub-model, versions, IP, state and dates', async () => {
    const q = async (query: string) =>
      (await demo.get<DeviceListPage>(`/api/device/list?onPage=false&${query}`)).data;
    expect(sns(await q('sn=dmtm6'))).toEqual(['DMTM6000003', 'DMTM6000002', 'DMTM6000001']);
    expect((await q('productCode=AF-5')).total).toBe(3);
    expect((await q('subBrandCode=DEMO-BAKE')).total).toBe(6);
    expect((await q(`subModel=${encodeURIComponent('ChefMate C7')}`)).total).toBe(3);
    expect((await q('apkVersion=2.1.0')).total).toBe(5);
    expect((await q('mcuVersion=1.4.2')).total).toBe(15);
    expect((await q('tpVersion=3.0.0')).total).toBe(5);
    expect(sns(await q('ip=10.20.0.'))).toEqual(['DMTM6000003', 'DMTM6000002', 'DMTM6000001']);
    expect((await q('online=true')).total).toBe(0);
    expect((await q('online=false')).total).toBe(15);
    expect((await q('activated=true')).total).toBe(15);
    const today = new Date().toISOString().slice(0, 10);
    expect((await q(`activatedFrom=${today}&activatedTo=${today}`)).total).toBe(15);
    expect((await q('activatedTo=2020-01-01')).total).toBe(0);
    expect((await q(`lastConnectFrom=${new Date(Date.now() - 3 * 3600_000).toISOString()}`)).total).toBe(15);
    expect((await q(`lastConnectFrom=${new Date(Date.now() + 60_000).toISOString()}`)).total).toBe(0);
    const backwards = await demo.get('/api/device/list?activatedFrom=2026-02-01&activatedTo=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.data.fieldErrors.activatedFrom).toBe('The start must not be after the end');
    const size = await demo.get('/api/device/list?pageSize=7');
    expect(size.status).toBe(400);
  });

  it('shows a device’s detail: bound user, recent telemetry and faults; 404 “device does not exist” otherwise', async () => {
    const [device] = (await demo.get<DeviceListPage>('/api/device/list?sn=DMTM6000001')).data.list;
    const detail = await demo.get<DeviceDetail>(`/api/device/detail?id=${device!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.data).toMatchObject({
      sn: 'DMTM6000001',
      productName: 'Robot cooker TM-6',
      network: 'wifi',
      currentMode: expect.any(String),
      inactivityTimeoutSeconds: 60,
      ownInactivityTimeout: false,
      credentialActive: true,
      pictureFileCode: null,
      user: {
        account: 'demo-user-1@example.com',
        nickname: '厨友 1',
        region: 'CN',
        regionName: 'China',
        gender: 'female',
        age: 26,
        avatarUrl: null,
        registeredAt: expect.any(String),
      },
    });
    expect(detail.data.telemetry).toHaveLength(12);
    expect(detail.data.telemetry[0]!.extra).toEqual({ temperatureC: 75, rssi: -61 });
    expect(detail.data.faults.map((f) => f.type)).toEqual(['MOTOR', 'HEATING']);
    expect(detail.data.faults[1]!.errorLog).toContain('E12 heater open circuit\nNTC=98.4C');

    const missing = await demo.get('/api/device/detail?id=6f1e5c1a-0000-4000-8000-000000000000');
    expect({ http: missing.http, desc: missing.desc }).toEqual({ http: 404, desc: 'Device does not exist' });
    const missingZh = await demoZh.get('/api/device/detail?id=6f1e5c1a-0000-4000-8000-000000000000');
    expect(missingZh.desc).toBe('设备不存在');
    const theirs = await other.get(`/api/device/detail?id=${device!.id}`);
    expect({ http: theirs.http, data: theirs.data }).toEqual({ http: 404, data: null });
  });

  it('gives the live state of the rows on screen, only the brand’s', async () => {
    const ids = demoIds.slice(0, 3);
    const status = await demo.get(`/api/device/status?ids=${ids.join(',')}`);
    expect(status.data).toHaveLength(3);
    expect(status.data[0]).toEqual({
      id: expect.any(String),
      online: false,
      lastConnectAt: expect.any(String),
      ip: expect.any(String),
      statusChangedAt: expect.any(String),
    });
    expect((await other.get(`/api/device/status?ids=${ids.join(',')}`)).data).toEqual([]);
    const since = (await demo.get<DeviceListPage>('/api/device/list')).data.serverTime;
    expect((await demo.get<DeviceListPage>(`/api/device/list?updatedSince=${since}`)).data.total).toBe(0);
  });

  it('charts a device’s samples per hour from the rollup, for its brand only', async () => {
    const [device] = (await demo.get<DeviceListPage>('/api/device/list?sn=DMTM6000001')).data.list;
    const week = await demo.get<TelemetryHistory>(`/api/device/telemetryHistory?id=${device!.id}&days=7`);
    expect(week.status).toBe(200);
    expect(week.data.bucket).toBe('hour');
    expect(week.data.points).toHaveLength(7 * 24);
    expect(week.data.points.reduce((n, p) => n + p.samples, 0)).toBe(12);
    expect(week.data.readingKeys).toEqual(['rssi', 'temperatureC']);
    const newest = week.data.points.filter((p) => p.samples > 0).at(-1)!;
    expect(newest.readings).toEqual({ temperatureC: 75, rssi: -61 });
    const year = await demo.get<TelemetryHistory>(`/api/device/telemetryHistory?id=${device!.id}&days=365`);
    expect(year.data.bucket).toBe('day');
    expect(year.data.points).toHaveLength(365);
    expect(year.data.points.reduce((n, p) => n + p.samples, 0)).toBe(12);

    const bad = await demo.get(`/api/device/telemetryHistory?id=${device!.id}&days=3`);
    expect(bad.http).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors.days).toBe(
      'The span must be 1, 7, 30 or 365 days',
    );
    const theirs = await other.get(`/api/device/telemetryHistory?id=${device!.id}&days=7`);
    expect(theirs.http).toBe(404);
  });

  it('keeps the device history partitioned a week ahead once started', async () => {
    const client = new pg.Client({ connectionString: api.db.url });
    await client.connect();
    try {
      const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
      const found = await eventually(
        async () =>
          (
            await client.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [
              `device_telemetry_p${day}`,
            ])
          ).rows[0]!.name,
        (name) => name !== null,
        20_000,
        'the telemetry partition a week ahead',
      );
      expect(found).toBe(`device_telemetry_p${day}`);
    } finally {
      await client.end();
    }
  });

  it('sets a device’s picture and its own inactivity timeout', async () => {
    const id = demoIds[5]!;
    const picture = await uploadImage(demo);
    const saved = await demo.post<DeviceDetail>('/api/device/update', {
      id,
      pictureFileCode: picture,
      inactivityTimeoutSeconds: 600,
    });
    expect(saved.desc).toBe('Saved successfully');
    expect(saved.data).toMatchObject({
      pictureFileCode: picture,
      inactivityTimeoutSeconds: 600,
      ownInactivityTimeout: true,
    });
    const back = await demo.post<DeviceDetail>('/api/device/update', { id, inactivityTimeoutSeconds: null });
    expect(back.data).toMatchObject({ inactivityTimeoutSeconds: 60, ownInactivityTimeout: false });
    const bad = await demo.post('/api/device/update', { id, inactivityTimeoutSeconds: 5 });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.inactivityTimeoutSeconds).toBe(
      'The inactivity timeout must be whole seconds between 30 and 7 days',
    );
    const foreignPicture = await uploadImage(other);
    const refused = await demo.post('/api/device/update', { id, pictureFileCode: foreignPicture });
    expect(refused.status).toBe(400);
    expect((await other.post('/api/device/update', { id, inactivityTimeoutSeconds: 90 })).status).toBe(404);
  });

  it('keeps a test device group of the brand’s devices', async () => {
    const added = await demo.post('/api/testDevice/add', { sn: 'dmaf5000001', remark: 'lab bench 1' });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({
      sn: 'DMAF5000001',
      remark: 'lab bench 1',
      productName: 'Air fryer AF-5',
      subBrandName: 'AirCrisp',
      version: 1,
      createdBy: 'demo',
    });
    const again = await demo.post('/api/testDevice/add', { sn: 'DMAF5000001' });
    expect(again.status).toBe(400);
    expect(again.data.fieldErrors.sn).toBe('Device DMAF5000001 is already a test device');
    const foreign = await other.post('/api/testDevice/add', { sn: 'DMAF5000001' });
    expect(foreign.data.fieldErrors.sn).toBe('No device with SN DMAF5000001 in your brand');
    const empty = await demo.post('/api/testDevice/add', { sn: ' ' });
    expect(empty.data.fieldErrors.sn).toBe('Enter the device SN');

    const second = await demo.post('/api/testDevice/add', { sn: 'DMSM3000002' });
    const list = await demo.get('/api/testDevice/list?pageSize=10');
    expect(list.data.total).toBe(2);
    expect(
      (await demo.get('/api/testDevice/list?productCode=SM-3')).data.list.map((t: { sn: string }) => t.sn),
    ).toEqual(['DMSM3000002']);
    expect((await demo.get('/api/testDevice/search?keyword=dmaf')).data).toHaveLength(1);
    expect(
      (await demo.get<DeviceListPage>('/api/device/list?sn=DMAF5000001')).data.list[0]!.isTestDevice,
    ).toBe(true);

    const updated = await demo.post('/api/testDevice/update', {
      id: added.data.id,
      version: 1,
      sn: 'DMAF5000002',
      remark: 'moved',
    });
    expect(updated.data).toMatchObject({ sn: 'DMAF5000002', remark: 'moved', version: 2 });
    const stale = await demo.post('/api/testDevice/update', {
      id: added.data.id,
      version: 1,
      sn: 'DMAF5000002',
    });
    expect(stale.status).toBe(409);
    expect((await other.get(`/api/testDevice/detail?id=${added.data.id}`)).status).toBe(404);
    expect((await other.post('/api/testDevice/batchDelete', { ids: [added.data.id] })).status).toBe(404);
    expect((await other.get('/api/testDevice/list')).data.total).toBe(0);

    const removed = await demo.post('/api/testDevice/batchDelete', { ids: [added.data.id, second.data.id] });
    expect(removed.data).toEqual({ deleted: 2 });
    expect((await demo.get('/api/testDevice/list')).data.total).toBe(0);
  });

  it('lists fault records with their filters and full logs, and summarises them for the charts', async () => {
    const all = await demo.get('/api/deviceFaultLog/list?pageSize=100');
    expect(all.data.total).toBe(10);
    expect(all.data.list[0]).toEqual({
      id: expect.any(String),
      deviceId: expect.any(String),
      sn: expect.any(String),
      type: 'MOTOR',
      reportedAt: expect.any(String),
      receivedAt: expect.any(String),
      country: expect.any(String),
      city: expect.any(String),
      errorLog: 'E31 motor stall at speed 8',
      productCode: expect.any(String),
      productName: expect.any(String),
      subModel: expect.any(String),
      apkVersion: '2.1.0',
    });
    const q = async (query: string) => (await demo.get(`/api/deviceFaultLog/list?${query}`)).data.total;
    expect(await q('sn=DMTM7')).toBe(2);
    expect(await q('type=HEATING')).toBe(5);
    expect(await q('country=CN&city=Hangzhou')).toBe(2);
    expect(await q(`from=${new Date(Date.now() - 10 * 3600_000).toISOString()}`)).toBe(5);
    expect(await q(`to=${new Date(Date.now() - 10 * 3600_000).toISOString()}`)).toBe(5);
    expect((await other.get('/api/deviceFaultLog/list')).data.total).toBe(4);

    const summary = await demo.get<FaultSummary>('/api/deviceFaultLog/summary?period=day');
    expect(summary.data).toMatchObject({ total: 10, deviceCount: 5, period: 'day' });
    expect(summary.data.byType).toEqual([
      { key: 'HEATING', label: null, count: 5 },
      { key: 'MOTOR', label: null, count: 5 },
    ]);
    expect(summary.data.byModel).toContainEqual({ key: 'TM-6', label: 'Robot cooker TM-6', count: 2 });
    expect(summary.data.byVersion).toEqual([{ key: '2.1.0', label: null, count: 10 }]);
    expect(summary.data.byPeriod.reduce((n, p) => n + p.count, 0)).toBe(10);
    expect(summary.data.byPeriod.length).toBeGreaterThanOrEqual(2);
    const heating = await demo.get<FaultSummary>('/api/deviceFaultLog/summary?type=HEATING&period=month');
    expect(heating.data.total).toBe(5);
    expect(heating.data.byPeriod.every((p) => /^\d{4}-\d{2}-01$/.test(p.key))).toBe(true);
    expect((await demo.get('/api/deviceFaultLog/summary?period=year')).status).toBe(400);

    const [first, second] = all.data.list as { id: string }[];
    expect((await other.post('/api/deviceFaultLog/delete', { id: first!.id })).status).toBe(404);
    expect(
      (await demo.post('/api/deviceFaultLog/batchDelete', { ids: [first!.id, second!.id] })).data,
    ).toEqual({
      deleted: 2,
    });
    expect(await q('pageSize=10')).toBe(8);
    const gone = await demo.post('/api/deviceFaultLog/delete', { id: first!.id });
    expect({ status: gone.status, desc: gone.desc }).toEqual({
      status: 404,
      desc: 'Fault record does not exist',
    });
  });

  it('walks every device route as OTHER with DEMO’s ids and never sees or changes DEMO’s devices', async () => {
    const doc = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const faults = (await demo.get('/api/deviceFaultLog/list?onPage=false')).data.list as { id: string }[];
    const test = await demo.post('/api/testDevice/add', { sn: 'DMOV4000001' });
    const ids: Record<string, Record<string, string>> = {
      '/api/device/': { id: demoIds[0]!, ids: demoIds[0]! },
      '/api/testDevice/': { id: test.data.id, sn: 'DMOV4000001' },
      '/api/deviceFaultLog/': { id: faults[0]!.id, sn: 'DM' },
    };
    const walked: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      const area = Object.keys(ids).find((a) => p.startsWith(a));
      if (!area) continue;
      for (const [method, op] of Object.entries(ops)) {
        const values = ids[area]!;
        const query = new URLSearchParams();
        for (const param of op.parameters ?? [])
          if (param.in === 'query' && values[param.name]) query.set(param.name, values[param.name]!);
        const res = await other.request(method.toUpperCase(), `${p}${query.size ? `?${query}` : ''}`, {
          json: method === 'get' ? undefined : { ...values, ids: [values.id], inactivityTimeoutSeconds: 30 },
        });
        // The SN OTHER itself sent may come back in a refusal; any other DEMO SN or model name is a leak.
        const text = (await res.text()).replaceAll('DMOV4000001', '');
        const leaked = /DM(TM|AF|SM|OV)\d|ChefMate|AirCrisp|BakeHome|demo-user/.test(text);
        expect({ route: `${method} ${p}`, leaked }).toEqual({
          route: `${method} ${p}`,
          leaked: false,
        });
        expect({ route: `${method} ${p}`, failed: res.status >= 500 }).toEqual({
          route: `${method} ${p}`,
          failed: false,
        });
        walked.push(`${method} ${p}`);
      }
    }
    expect(walked.sort()).toEqual(
      [
        ...['list', 'status', 'search', 'detail', 'telemetryHistory'].map((r) => `get /api/device/${r}`),
        ...['update', 'delete', 'batchDelete', 'revokeCredential', 'exportData'].map(
          (r) => `post /api/device/${r}`,
        ),
        ...['list', 'search', 'detail'].map((r) => `get /api/testDevice/${r}`),
        ...['add', 'update', 'delete', 'batchDelete'].map((r) => `post /api/testDevice/${r}`),
        ...['summary', 'list'].map((r) => `get /api/deviceFaultLog/${r}`),
        ...['delete', 'batchDelete', 'exportData'].map((r) => `post /api/deviceFaultLog/${r}`),
      ].sort(),
    );
    // Everything of DEMO is still there.
    expect((await demo.get('/api/device/list')).data.total).toBe(15);
    expect((await demo.get(`/api/device/detail?id=${demoIds[0]}`)).data.credentialActive).toBe(true);
    expect((await demo.get('/api/testDevice/list')).data.total).toBe(1);
    expect((await demo.get('/api/deviceFaultLog/list')).data.total).toBe(faults.length);
  });

  it('deletes devices all or none and revokes credentials', async () => {
    const [a, b] = [demoIds[13]!, demoIds[14]!];
    const mixed = await demo.post('/api/device/batchDelete', {
      ids: [a, '6f1e5c1a-0000-4000-8000-000000000000'],
    });
    expect({ status: mixed.status, desc: mixed.desc }).toEqual({
      status: 404,
      desc: 'Device does not exist',
    });
    expect((await demo.get(`/api/device/detail?id=${a}`)).status).toBe(200);
    expect((await demo.post('/api/device/revokeCredential', { ids: [a] })).data).toEqual({ revoked: 1 });
    expect((await demo.get<DeviceDetail>(`/api/device/detail?id=${a}`)).data.credentialActive).toBe(false);
    expect((await demo.post('/api/device/batchDelete', { ids: [a, b] })).data).toEqual({ deleted: 2 });
    expect((await demo.get(`/api/device/detail?id=${a}`)).status).toBe(404);
    const counts = await demo.get('/api/common/loadBrandIndexCount?brandOwnerCode=DEMO');
    expect(counts.data).toMatchObject({ deviceCount: 13, activatedDeviceCount: 13, onlineDeviceCount: 0 });
    // The unfiltered total is the brand's kept count; it follows deletions like the filtered (counted) ones.
    expect((await demo.get<DeviceListPage>('/api/device/list')).data.total).toBe(13);
    expect((await demo.get<DeviceListPage>('/api/device/list?activated=true')).data.total).toBe(13);
    expect((await other.get<DeviceListPage>('/api/device/list')).data.total).toBe(4);
  });
});
