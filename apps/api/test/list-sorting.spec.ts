import type { AppUserListPage, DeviceListPage, JobRun, NoticePage, Page, SavedView } from '@kb/contracts';
import { eventually } from '@kb/testing';
import { signedInForSuite, testApiForSuite, type Client } from './harness.js';

/** Sorting every list by its columns (server-side, stable under cursor paging) and saved list views. */
describe('list sorting and saved views', () => {
  const api = testApiForSuite();
  const { demo, editor, viewer, other } = signedInForSuite(api, 'en', 'demo', 'editor', 'viewer', 'other');
  const { demo: demoZh } = signedInForSuite(api, 'zh', 'demo');

  /** Every page of a keyset list read by following `nextCursor` (page numbers only label the answers). */
  async function walk<T>(client: Client, url: string): Promise<T[]> {
    const rows: T[] = [];
    let after: string | null = null;
    for (let pageNum = 1; pageNum < 100; pageNum++) {
      const cursor: string = after ? `&after=${encodeURIComponent(after)}` : '';
      const page = await client.get<Page<T> & { nextCursor: string | null }>(
        `${url}&pageSize=10&pageNum=${pageNum}${cursor}`,
      );
      expect(page.status).toBe(200);
      rows.push(...page.data.list);
      after = page.data.nextCursor;
      if (!after) return rows;
    }
    throw new Error('the cursor never ended');
  }

  const compare = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;

  it('sorts the devices by SN both ways, the same through cursors as in one list', async () => {
    const all = await demo.get<DeviceListPage>('/api/device/list?onPage=false');
    const expected = all.data.list.map((d) => d.sn).sort();
    expect(expected).toHaveLength(15);
    const asc = await walk<{ sn: string }>(demo, '/api/device/list?orderBy=sn&order=asc');
    expect(asc.map((d) => d.sn)).toEqual(expected);
    const desc = await walk<{ sn: string }>(demo, '/api/device/list?orderBy=sn&order=desc');
    expect(desc.map((d) => d.sn)).toEqual([...expected].reverse());
    const theirs = await other.get<DeviceListPage>('/api/device/list?orderBy=sn&onPage=false');
    expect(theirs.data.list.every((d) => d.sn.startsWith('OT'))).toBe(true);
  });

  it('keeps ties in one stable order across pages (many devices share a version)', async () => {
    const byVersion = await walk<{ id: string; apkVersion: string | null }>(
      demo,
      '/api/device/list?orderBy=apkVersion&order=desc',
    );
    expect(new Set(byVersion.map((d) => d.id)).size).toBe(15);
    const versions = byVersion.map((d) => d.apkVersion);
    expect(versions).toEqual([...versions].sort((a, b) => compare(b, a)));
    const byOffset = [];
    for (const pageNum of [1, 2])
      byOffset.push(
        ...(
          await demo.get<DeviceListPage>(
            `/api/device/list?orderBy=apkVersion&order=desc&pageSize=10&pageNum=${pageNum}`,
          )
        ).data.list,
      );
    expect(byOffset.map((d) => d.id)).toEqual(byVersion.map((d) => d.id));
  });

  it('reads the same rows through cursors as in one list on columns that may be empty, both ways', async () => {
    for (const url of [
      '/api/user/list?orderBy=nickname&order=asc',
      '/api/user/list?orderBy=nickname&order=desc',
      '/api/user/list?orderBy=region&order=asc',
      '/api/user/list?orderBy=status&order=desc',
      '/api/device/list?orderBy=subModel&order=desc',
      '/api/device/list?orderBy=activatedAt&order=asc',
    ]) {
      const whole = await demo.get<Page<{ id: string }>>(`${url}&onPage=false`);
      const walked = await walk<{ id: string }>(demo, url);
      expect(walked.map((r) => r.id)).toEqual(whole.data.list.map((r) => r.id));
    }
  });

  it('sorts app users, fault records, notices and recipes by their columns', async () => {
    const users = await walk<{ account: string }>(demo, '/api/user/list?orderBy=account&order=asc');
    expect(users.length).toBeGreaterThan(1);
    expect(users.map((u) => u.account)).toEqual(users.map((u) => u.account).sort());
    // Registered in the app or only known from a device: both kinds, in order both ways through cursors.
    for (const order of ['asc', 'desc'] as const) {
      const url = `/api/user/list?orderBy=registered&order=${order}`;
      const registered = (await walk<{ registered: boolean }>(demo, url)).map((u) => u.registered);
      expect(new Set(registered).size).toBe(2);
      expect(registered).toEqual(order === 'asc' ? [...registered].sort() : [...registered].sort().reverse());
    }
    const newest = await demo.get<AppUserListPage>('/api/user/list?orderBy=registeredAt&order=desc');
    const times = newest.data.list.map((u) => u.registeredAt);
    expect(times).toEqual([...times].sort().reverse());

    const faults = await demo.get<Page<{ sn: string }>>('/api/deviceFaultLog/list?orderBy=sn&onPage=false');
    expect(faults.status).toBe(200);
    expect(faults.data.list.map((f) => f.sn)).toEqual(faults.data.list.map((f) => f.sn).sort());

    const notices = await demo.get<NoticePage>('/api/inform/list?orderBy=number&order=asc&onPage=false');
    expect(notices.status).toBe(200);
    const numbers = notices.data.list.map((n) => n.number);
    expect(numbers).toEqual([...numbers].sort());

    // The recipe list sorts as well (its rows come from the projector, which this suite does not run).
    expect((await demo.get('/api/recipe/list?orderBy=number&order=desc')).status).toBe(200);
    expect((await demo.get('/api/recipe/list?orderBy=names')).status).toBe(400);
  });

  it('sorts the search records by result count, search time and language both ways, the same through cursors', async () => {
    for (const [field, order] of [
      ['resultCount', 'asc'],
      ['resultCount', 'desc'],
      ['searchedAt', 'asc'],
      ['searchedAt', 'desc'],
      ['lang', 'asc'],
      ['lang', 'desc'],
    ] as const) {
      const url = `/api/userSearchRecord/list?orderBy=${field}&order=${order}`;
      const whole = await demo.get<
        Page<{ id: string; resultCount: number; searchedAt: string; lang: string }>
      >(`${url}&onPage=false`);
      const values = whole.data.list.map((r) => String(r[field]).padStart(24, '0'));
      expect(values.length).toBeGreaterThan(2);
      expect(new Set(values).size).toBeGreaterThan(1);
      expect(values).toEqual(order === 'asc' ? [...values].sort() : [...values].sort().reverse());
      const walked = await walk<{ id: string }>(demo, url);
      expect(walked.map((r) => r.id)).toEqual(whole.data.list.map((r) => r.id));
    }
    // The region (which may be empty) reads the same through cursors as in one list.
    for (const order of ['asc', 'desc']) {
      const url = `/api/userSearchRecord/list?orderBy=region&order=${order}`;
      const whole = await demo.get<Page<{ id: string }>>(`${url}&onPage=false`);
      expect((await walk<{ id: string }>(demo, url)).map((r) => r.id)).toEqual(
        whole.data.list.map((r) => r.id),
      );
    }
  });

  it('sorts the reference lists (categories, tags, banners…) by number and last change', async () => {
    for (const [number, zh] of [
      ['T-B', '快手菜'],
      ['T-C', '素食'],
      ['T-A', '汤'],
    ])
      expect((await demo.post('/api/recipeTag/add', { number, names: { zh } })).status).toBe(200);
    // A whole reference list (`onPage=false`) is the rows themselves.
    const tags = await demo.get<{ number: string }[]>(
      '/api/recipeTag/list?orderBy=number&order=desc&onPage=false',
    );
    expect(tags.status).toBe(200);
    const numbers = tags.data.map((tag) => tag.number);
    expect(numbers).toEqual(['T-C', 'T-B', 'T-A']);
    const changed = await demo.get<{ number: string }[]>(
      '/api/recipeTag/list?orderBy=updatedAt&order=asc&onPage=false',
    );
    expect(changed.data.map((c) => c.number)).toEqual(['T-B', 'T-C', 'T-A']);
    // Banners have no number: sorting by it is refused, not ignored.
    const banners = await demo.get('/api/ccBanner/list?orderBy=number');
    expect(banners.status).toBe(400);
    expect(banners.data.fieldErrors.orderBy).toBe('This list cannot be sorted by that field');
  });

  it('refuses a column a list does not sort by, and a foreign cursor, in the caller’s language', async () => {
    const en = await demo.get('/api/device/list?orderBy=lastConnectAt');
    expect(en.status).toBe(400);
    expect(en.data.fieldErrors.orderBy).toBe('This list cannot be sorted by that field');
    const zh = await demoZh.get('/api/user/list?orderBy=password_hash');
    expect(zh.status).toBe(400);
    expect(zh.data.fieldErrors.orderBy).toBe('此列表不能按该字段排序');
    const order = await demo.get('/api/inform/list?orderBy=number&order=sideways');
    expect(order.status).toBe(400);
    expect(order.data.fieldErrors.order).toBe('The sort order must be asc or desc');
    const forged = await demo.get(`/api/device/list?orderBy=sn&after=${encodeURIComponent('s.bm90IGpzb24')}`);
    expect(forged.status).toBe(400);
    expect(forged.data.fieldErrors.after).toBe('Invalid page cursor; start again from page 1');
  });

  it('saves a view, lists it to its owner, shares it with the brand and deletes it', async () => {
    const state = {
      filters: { sn: 'DM', online: null },
      orderBy: 'sn',
      order: 'desc',
      columns: ['sn', 'ip'],
    };
    const saved = await editor.post<SavedView>('/api/savedView/save', {
      list: 'device',
      name: 'DM by SN',
      state,
    });
    expect(saved.status).toBe(200);
    expect(saved.desc).toBe('View saved');
    expect(saved.data).toMatchObject({ name: 'DM by SN', shared: false, mine: true, deletable: true, state });

    // Private: the brand's other staff and other brands do not see it.
    expect((await viewer.get<SavedView[]>('/api/savedView/list?list=device')).data).toEqual([]);
    expect((await other.get<SavedView[]>('/api/savedView/list?list=device')).data).toEqual([]);
    expect((await editor.get<SavedView[]>('/api/savedView/list?list=recipe')).data).toEqual([]);

    // The same name again replaces the view, here sharing it.
    const shared = await editor.post<SavedView>('/api/savedView/save', {
      list: 'device',
      name: 'DM by SN',
      state,
      shared: true,
    });
    expect(shared.data.id).toBe(saved.data.id);
    const seen = (await viewer.get<SavedView[]>('/api/savedView/list?list=device')).data;
    expect(seen).toEqual([
      expect.objectContaining({ name: 'DM by SN', owner: 'editor', mine: false, deletable: false }),
    ]);
    expect((await other.get<SavedView[]>('/api/savedView/list?list=device')).data).toEqual([]);

    // Only its owner or an admin deletes it; another brand cannot even find it.
    const refused = await viewer.post('/api/savedView/delete', { id: saved.data.id });
    expect(refused.status).toBe(403);
    expect(refused.desc).toBe('Only the one who saved this view, or an admin, can delete it');
    expect((await other.post('/api/savedView/delete', { id: saved.data.id })).status).toBe(404);
    const adminSees = (await demo.get<SavedView[]>('/api/savedView/list?list=device')).data;
    expect(adminSees[0]?.deletable).toBe(true);
    const deleted = await demo.post('/api/savedView/delete', { id: saved.data.id });
    expect(deleted.data).toEqual({ deleted: 1 });
    expect((await editor.get<SavedView[]>('/api/savedView/list?list=device')).data).toEqual([]);
  });

  it('refuses a view without a name, of no list, or sorted by a column its list does not sort by', async () => {
    const unnamed = await demoZh.post('/api/savedView/save', { list: 'device', name: ' ', state: {} });
    expect(unnamed.status).toBe(400);
    expect(unnamed.data.fieldErrors.name).toBe('请输入视图名称');
    const noList = await demo.post('/api/savedView/save', { list: 'kitchen', name: 'x', state: {} });
    expect(noList.status).toBe(400);
    expect(noList.data.fieldErrors.list).toBe('No such list');
    const badSort = await demo.post('/api/savedView/save', {
      list: 'notice',
      name: 'x',
      state: { orderBy: 'sn' },
    });
    expect(badSort.status).toBe(400);
    expect(badSort.data.fieldErrors['state.orderBy']).toBe('This list cannot be sorted by that field');
  });

  /** Starts an export and answers the finished run and the file's bytes. */
  async function exported(client: Client, route: string, body: unknown) {
    const started = await client.post<JobRun>(route, body);
    expect(started.status).toBe(200);
    const run = await eventually(
      async () => (await client.get<JobRun>(`/api/recipe/asyncTask/detail?id=${started.data.id}`)).data,
      (r) => r.state === 'succeeded' || r.state === 'failed',
      60_000,
      `the export ${route} to end`,
    );
    expect(run.state).toBe('succeeded');
    const file = await client.request('GET', `/api/jobs/download?id=${run.id}`);
    expect(file.status).toBe(200);
    return { run, bytes: Buffer.from(await file.arrayBuffer()) };
  }

  it('exports the devices the list shows, in its filter and sort, as CSV in the asker’s language', async () => {
    const { run, bytes } = await exported(demo, '/api/device/exportData', {
      format: 'csv',
      sn: 'DMTM6',
      orderBy: 'sn',
      order: 'asc',
    });
    expect(run.output?.name).toBe('devices.csv');
    const lines = bytes
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^SN,Sub-model,Brand,Product,Activated at,Online,IP/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['DMTM6000001', 'DMTM6000002', 'DMTM6000003']);
    const zh = await exported(demoZh, '/api/device/exportData', { format: 'csv', sn: 'DMTM6000001' });
    expect(zh.bytes.toString('utf8')).toContain('设备SN,型号,品牌,产品');
  });

  it('exports fault records, app users and notices as xlsx workbooks', async () => {
    for (const [route, name] of [
      ['/api/deviceFaultLog/exportData', 'fault-records.xlsx'],
      ['/api/user/exportData', 'app-users.xlsx'],
      ['/api/inform/exportData', 'notices.xlsx'],
    ] as const) {
      const { run, bytes } = await exported(demo, route, { format: 'xlsx', orderBy: undefined });
      expect(run.output?.name).toBe(name);
      // An xlsx file is a zip: it starts with the zip's local file header.
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    }
  });

  it('refuses an export of a filter or sort the list refuses, before any job starts', async () => {
    const badSort = await demo.post('/api/device/exportData', { format: 'csv', orderBy: 'lastConnectAt' });
    expect(badSort.status).toBe(400);
    expect(badSort.data.fieldErrors.orderBy).toBe('This list cannot be sorted by that field');
    const badFormat = await demoZh.post('/api/user/exportData', { format: 'pdf' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.data.fieldErrors.format).toBe('文件格式须为 CSV 或 xlsx');
    const badRange = await demo.post('/api/deviceFaultLog/exportData', {
      format: 'csv',
      from: '2026-02-01',
      to: '2026-01-01',
    });
    expect(badRange.status).toBe(400);
  });
});
