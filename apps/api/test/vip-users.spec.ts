import ExcelJS from 'exceljs';
import { registerAppUser } from '@kb/devices';
import { createPool, type Pool } from '@kb/platform';
import { eventually } from '@kb/testing';
import {
  fileForm,
  pngBytes,
  startTestApi,
  uploadFile,
  type Client,
  type TestApi,
  signedIn,
} from './harness.js';
import { startIngestProcess, type RunningIngestProcess } from './offline-packs-support.js';

/*
 * Paying users end to end on the real API, Postgres, Redis and device-ingest process (whose worker imports the
 * template): good and bad rows, a re-import that changes nothing, wrong files, another brand, delete.
 */

interface ReportItem {
  key: string;
  outcome: string;
  message: string | null;
  data: { row: number; account: string };
}

describe('paying users (vipUser) and their import', () => {
  let api: TestApi;
  let demo: Client;
  let demoEn: Client;
  let editor: Client;
  let other: Client;
  let pool: Pool;
  let ingest: RunningIngestProcess;

  beforeAll(async () => {
    api = await startTestApi();
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn, editor, other } = await signedIn(api.baseUrl, 'en', 'demo', 'editor', 'other'));
    pool = createPool(api.config.DATABASE_URL, { max: 3 });
    for (const account of [
      'vip-a@example.com',
      'vip-b@example.com',
      'vip-c@example.com',
      'vip-d@example.com',
    ])
      await registerAppUser(pool, {
        brandOwnerCode: 'DEMO',
        account,
        password: 'secret-123',
        nickname: account,
      });
    await registerAppUser(pool, {
      brandOwnerCode: 'OTHER',
      account: 'other-vip@example.com',
      password: 'secret-123',
    });
    ingest = await startIngestProcess(api.config);
  }, 90_000);

  afterAll(async () => {
    await ingest?.stop();
    await pool?.end();
    await api?.stop();
  });

  const upload = (client: Client, bytes: Buffer, name: string, purpose = 'list') =>
    uploadFile(client, bytes, name, purpose);

  /** Uploads the file, imports it and answers the finished run as `client` sees it. */
  async function importFile(client: Client, bytes: Buffer, name: string) {
    const fileCode = await upload(client, bytes, name);
    const started = await client.post('/api/vipUser/importData', { fileCode, fileName: name });
    expect(started).toMatchObject({ http: 200, data: { kind: 'paying-user-import' } });
    const run = await eventually(
      () => client.get(`/api/recipe/asyncTask/detail?id=${started.data.id}`),
      (r) => r.data.state === 'succeeded' || r.data.state === 'failed',
      30_000,
      'the import finished',
    );
    return run.data;
  }

  const csv = (...lines: string[]) => Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  const GOOD_AND_BAD = csv(
    'account,vipLevel,startDate,endDate',
    'vip-a@example.com,1,2020-01-01,2099-12-31',
    'vip-b@example.com,2,2020-01-01,2020-12-31',
    'vip-a@example.com,3,2020-01-01,2099-12-31',
    'nobody@example.com,1,2020-01-01,2099-12-31',
    'other-vip@example.com,1,2020-01-01,2099-12-31',
    'vip-c@example.com,0,2020-01-01,2099-12-31',
    '"vip-c@example.com",1,2099-05-01,2099-04-01',
    ',,,',
    'vip-d@example.com,1,2026-02-30,2099-03-01',
  );
  const list = async (client: Client, query = '') =>
    (await client.get(`/api/vipUser/list?pageSize=50${query}`)).data as {
      total: number;
      list: { id: string; account: string; vipLevel: number; state: string; updatedAt: string }[];
    };

  it('imports good rows and reports every row with why a bad one was refused', async () => {
    const run = await importFile(demoEn, GOOD_AND_BAD, 'paying.csv');
    expect(run.state).toBe('succeeded');
    expect(run.progress.percent).toBe(100);
    expect(run.summary).toEqual({ rows: 8, added: 2, updated: 0, unchanged: 0, refused: 6 });
    const report = (run.items as ReportItem[]).map((i) => [i.data.row, i.data.account, i.outcome, i.message]);
    expect(report).toEqual([
      [2, 'vip-a@example.com', 'added', null],
      [3, 'vip-b@example.com', 'added', null],
      [4, 'vip-a@example.com', 'refused', 'Account repeats row 2'],
      [5, 'nobody@example.com', 'refused', 'Account not found (not an app user of this brand)'],
      [6, 'other-vip@example.com', 'refused', 'Account not found (not an app user of this brand)'],
      [7, 'vip-c@example.com', 'refused', 'Level must be a whole number from 1 to 99'],
      [8, 'vip-c@example.com', 'refused', 'The end date is before the start date'],
      [10, 'vip-d@example.com', 'refused', 'Invalid start date (write YYYY-MM-DD)'],
    ]);
    const page = await list(demo);
    expect(page.list.map((r) => [r.account, r.vipLevel, r.state])).toEqual([
      ['vip-b@example.com', 2, 'expired'],
      ['vip-a@example.com', 1, 'active'],
    ]);
    expect((await list(demo, '&state=active')).list.map((r) => r.account)).toEqual(['vip-a@example.com']);
    expect((await list(demo, '&account=vip-b')).total).toBe(1);
    const detail = await demo.get(`/api/vipUser/detail?id=${page.list[1]!.id}`);
    expect(detail.data).toMatchObject({
      account: 'vip-a@example.com',
      userNumber: expect.stringMatching(/^U\d{8}$/),
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      source: 'import',
      updatedBy: 'demo',
      importFileName: 'paying.csv',
      importRunId: run.id,
    });
    // The other brand's account was not touched.
    const others = await pool.query(
      `SELECT 1 FROM paying_users p JOIN app_users u ON u.id = p.app_user_id WHERE u.account = 'other-vip@example.com'`,
    );
    expect(others.rowCount).toBe(0);
  });

  it('re-importing the same file changes nothing and says so; a changed xlsx row is updated', async () => {
    const before = await list(demo);
    const again = await importFile(demo, GOOD_AND_BAD, 'paying.csv');
    expect(again.summary).toMatchObject({ added: 0, updated: 0, unchanged: 2, refused: 6 });
    expect((again.items as ReportItem[]).filter((i) => i.outcome === 'unchanged')).toHaveLength(2);
    expect(await list(demo)).toEqual(before);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('paying-users');
    sheet.addRow(['账号', '会员等级', '开始日期', '结束日期']);
    sheet.addRow(['vip-a@example.com', 5, new Date(Date.UTC(2020, 0, 1)), '2099-12-31']);
    sheet.addRow(['vip-c@example.com', 2, '2098-01-01', '2099-01-01']);
    const run = await importFile(demo, Buffer.from(await book.xlsx.writeBuffer()), 'paying.xlsx');
    expect(run.summary).toMatchObject({ rows: 2, added: 1, updated: 1, refused: 0 });
    expect((run.items as ReportItem[]).map((i) => [i.data.row, i.outcome])).toEqual([
      [2, 'updated'],
      [3, 'added'],
    ]);
    const after = await list(demo);
    expect(after.list.map((r) => [r.account, r.vipLevel, r.state])).toEqual([
      ['vip-c@example.com', 2, 'upcoming'],
      ['vip-b@example.com', 2, 'expired'],
      ['vip-a@example.com', 5, 'active'],
    ]);
  });

  it('refuses a file of the wrong form with a clear message and imports nothing of it', async () => {
    const count = async () => (await list(demo)).total;
    const total = await count();
    const noColumns = await importFile(demo, csv('account,level', 'vip-d@example.com,1'), 'wrong.csv');
    expect(noColumns.state).toBe('failed');
    expect(noColumns.error).toBe(
      '文件缺少模板的列：vipLevel, startDate, endDate（模板的列为 account, vipLevel, startDate, endDate），未导入任何数据',
    );
    const empty = await importFile(demoEn, csv('account,vipLevel,startDate,endDate'), 'empty.csv');
    expect(empty.error).toBe('The file holds no data row; nothing was imported');
    const broken = await importFile(demoEn, csv('account,vipLevel,startDate,endDate', '"vip-d,1'), 'q.csv');
    expect(broken.error).toBe('The file cannot be read; use the downloaded template (CSV or xlsx)');
    expect(await count()).toBe(total);

    // Not a list upload, not a file of the brand, not a spreadsheet at all.
    const image = await upload(demo, pngBytes(), 'a.png', 'image');
    const asImage = await demoEn.post('/api/vipUser/importData', { fileCode: image, fileName: 'a.png' });
    expect(asImage).toMatchObject({
      http: 415,
      desc: 'The file format must be CSV or xlsx (use the downloaded template)',
    });
    const missing = await demo.post('/api/vipUser/importData', {
      fileCode: '00000000-0000-4000-8000-000000000000',
      fileName: 'x.csv',
    });
    expect(missing).toMatchObject({ http: 404, desc: '导入文件不存在，请重新上传' });
    const notSheet = await demoEn.json('POST', '/api/file/upload', {
      body: fileForm(Buffer.from('PK\u0003\u0004zip'), 'paying.zip', 'list'),
    });
    expect(notSheet).toMatchObject({ http: 415, desc: expect.stringContaining('xlsx, csv') });
  });

  it('answers a bad filter with a clear message in the caller’s language, never a 500', async () => {
    expect(await demoEn.get('/api/vipUser/list?state=paid')).toMatchObject({
      http: 400,
      desc: expect.stringContaining('Invalid paying state'),
    });
    expect(await demo.get('/api/vipUser/list?vipLevel=abc')).toMatchObject({
      http: 400,
      desc: expect.stringContaining('会员等级须为 1 到 99 的整数'),
    });
    expect(await demoEn.get('/api/vipUser/list?endFrom=2026-02-30')).toMatchObject({
      http: 400,
      desc: expect.stringContaining('YYYY-MM-DD'),
    });
    expect(await demoEn.get('/api/vipUser/list?endFrom=2030-01-01&endTo=2029-01-01')).toMatchObject({
      http: 400,
      data: { fieldErrors: { endFrom: 'The start must not be after the end' } },
    });
    expect(await demoEn.get('/api/vipUser/detail?id=nope')).toMatchObject({
      http: 400,
      desc: expect.stringContaining('Paying user does not exist'),
    });
    expect((await demo.post('/api/vipUser/batchDelete', { ids: [] })).desc).toContain('请至少选择一条记录');
    expect((await demo.post('/api/vipUser/importData', { fileName: 'x.csv' })).http).toBe(400);
  });

  it('keeps each brand to its own paying users, files and runs', async () => {
    const mine = await list(demo);
    const target = mine.list[0]!;
    expect((await list(other)).total).toBe(0);
    expect((await other.get(`/api/vipUser/detail?id=${target.id}`)).http).toBe(404);
    expect((await other.post('/api/vipUser/delete', { id: target.id })).http).toBe(404);
    expect((await other.post('/api/vipUser/batchDelete', { ids: [target.id] })).http).toBe(404);
    const demoFile = await upload(demo, GOOD_AND_BAD, 'paying.csv');
    const borrowed = await other.post('/api/vipUser/importData', {
      fileCode: demoFile,
      fileName: 'paying.csv',
    });
    expect(borrowed).toMatchObject({ http: 404, desc: 'The import file does not exist; upload it again' });
    // OTHER importing the same file finds none of DEMO's users, only its own account.
    const run = await importFile(other, GOOD_AND_BAD, 'paying.csv');
    expect(run.summary).toMatchObject({ added: 1, refused: 7 });
    expect((run.items as ReportItem[]).find((i) => i.outcome === 'added')!.data.account).toBe(
      'other-vip@example.com',
    );
    expect((await list(other)).list.map((r) => r.account)).toEqual(['other-vip@example.com']);
    expect(await list(demo)).toEqual(mine);
    // Writes are the admin's: an editor reads the list but may not import or delete.
    expect((await editor.get('/api/vipUser/list')).http).toBe(200);
    expect((await editor.post('/api/vipUser/delete', { id: target.id })).http).toBe(403);
    expect(
      (await editor.post('/api/vipUser/importData', { fileCode: demoFile, fileName: 'x.csv' })).http,
    ).toBe(403);
  });

  it('deletes the paying status only (the app user stays), all or none', async () => {
    const { list: rows } = await list(demo);
    const [first, second, third] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const refused = await demoEn.post('/api/vipUser/batchDelete', {
      ids: [second.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(refused).toMatchObject({ http: 404, desc: 'Paying user does not exist' });
    expect((await list(demo)).total).toBe(3);
    const detail = await demo.get(`/api/vipUser/detail?id=${first.id}`);
    expect((await demo.post('/api/vipUser/delete', { id: first.id })).data).toEqual({ deleted: 1 });
    expect((await demo.get(`/api/vipUser/detail?id=${first.id}`)).http).toBe(404);
    expect((await demo.get(`/api/user/detail?id=${detail.data.appUserId}`)).http).toBe(200);
    expect((await demo.post('/api/vipUser/batchDelete', { ids: [second.id, third.id] })).data).toEqual({
      deleted: 2,
    });
    expect((await list(demo)).total).toBe(0);
  });

  it('serves the template as csv and xlsx with the columns the import reads', async () => {
    const res = await demo.request(
      'GET',
      '/api/common/downloadImportAccountTpl?fileName=vip-user-import.xlsx',
    );
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    expect(book.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'account',
      'vipLevel',
      'startDate',
      'endDate',
    ]);
    const bytes = Buffer.from(
      await (
        await demo.request('GET', '/api/common/downloadImportAccountTpl?fileName=vip-user-import.csv')
      ).arrayBuffer(),
    );
    // With a BOM, so Excel reads it as UTF-8.
    expect(bytes.toString('utf8').split('\n')[0]).toBe('\ufeffaccount,vipLevel,startDate,endDate');
  });
});
