import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Queue } from 'bullmq';
import { createPool, bullmqPrefix, NOTICE_PUSH_QUEUE, noticePushJobId, type Pool } from '@kb/platform';
import { eventually, refuseNoticeDeliveries } from '@kb/testing';
import type { Notice } from '@kb/contracts';
import { DEMO_ACTIVATION_KEYS } from '../src/seed/demo-devices.js';
import { type Client, fileForm, loggedIn, startTestApi, type TestApi } from './harness.js';
import { startIngestProcess, type RunningIngestProcess } from './offline-packs-support.js';

/*
 * Notices end to end on the real API, Postgres, Redis and device-ingest process: each target kind reaches the
 * right devices or app users of the brand only, the timer fires at its time and not after a cancel, a retried
 * push doubles nothing, and devices' acknowledgements count once.
 */

const texts = [
  { lang: 'zh', title: '滤网提醒', content: '请清洗滤网' },
  { lang: 'en', title: 'Filter reminder', content: 'Please clean the filter' },
];

describe('notices: targets, timer, push and acknowledgements (/api/inform, /device/v1/notices)', () => {
  let api: TestApi;
  let demo: Client;
  let other: Client;
  let pool: Pool;
  let ingest: RunningIngestProcess;
  let ingestUrl: string;
  const fixture: Record<string, string> = {};

  async function device(
    brand: string,
    sn: string,
    product: string,
    account: string | null,
    region: string | null,
  ) {
    let userId: string | null = null;
    if (account) {
      const u = await pool.query<{ id: string }>(
        'INSERT INTO app_users (brand_owner_code, account, region) VALUES ($1, $2, $3) RETURNING id',
        [brand, account, region],
      );
      userId = u.rows[0]!.id;
      fixture[account] = userId;
    }
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO devices (brand_owner_code, sn, product_code, app_user_id) VALUES ($1, $2, $3, $4) RETURNING id`,
      [brand, sn, product, userId],
    );
    fixture[sn] = rows[0]!.id;
  }

  async function targetsOf(noticeId: string): Promise<string[]> {
    const { rows } = await pool.query<{ target_id: string }>(
      'SELECT target_id FROM notice_deliveries WHERE notice_id = $1 ORDER BY target_id',
      [noticeId],
    );
    return rows.map((r) => r.target_id);
  }

  async function waitFor(id: string, state: string, timeoutMs = 20_000): Promise<Notice> {
    const res = await eventually(
      () => demo.get<Notice>(`/api/inform/detail?id=${id}`),
      (r) => r.data.state === state,
      timeoutMs,
      `notice ${id} ${state}`,
    );
    return res.data;
  }

  const input = (over: Record<string, unknown>) => ({
    label: 'care',
    texts,
    pushMode: 'now',
    targetKind: 'all',
    ...over,
  });

  beforeAll(async () => {
    api = await startTestApi();
    demo = await loggedIn(api.baseUrl);
    other = await loggedIn(api.baseUrl, 'other', 'other12345');
    pool = createPool(api.config.DATABASE_URL, { max: 3 });
    await device('DEMO', 'NT-SZ-1', 'TM-6', 'sz-user', 'CN-GD-SZ');
    await device('DEMO', 'NT-GD-1', 'AF-5', 'gd-user', 'CN-GD');
    await device('DEMO', 'NT-DE-1', 'TM-6', 'de-user', 'DE');
    await device('DEMO', 'NT-CN-1', 'SM-3', 'cn-user', 'CN');
    await device('OTHER', 'NT-OT-1', 'TM-6', 'ot-user', 'CN-GD-SZ');
    ingest = await startIngestProcess(api.config);
    ingestUrl = ingest.url;
  }, 60_000);

  afterAll(async () => {
    await ingest?.stop();
    await pool?.end();
    await api?.stop();
  });

  it('pushes to every device of the brand, and none of another brand', async () => {
    const res = await demo.post<Notice>('/api/inform/addAndPush', input({}));
    expect(res.status).toBe(200);
    expect(res.desc).toBe('推送成功');
    const pushed = await waitFor(res.data.id, 'pushed');
    const brandDevices = await pool.query<{ id: string }>(
      "SELECT id FROM devices WHERE brand_owner_code = 'DEMO' ORDER BY id",
    );
    expect(await targetsOf(res.data.id)).toEqual(brandDevices.rows.map((r) => r.id));
    expect(pushed.targetCount).toBe(brandDevices.rows.length);
    expect(await targetsOf(res.data.id)).not.toContain(fixture['NT-OT-1']);
    expect((await other.get(`/api/inform/detail?id=${res.data.id}`)).status).toBe(404);
  });

  it('pushes to the devices of the chosen models only', async () => {
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'models', productCodes: ['AF-5', 'SM-3'] }),
    );
    await waitFor(res.data.id, 'pushed');
    const expected = await pool.query<{ id: string }>(
      "SELECT id FROM devices WHERE brand_owner_code = 'DEMO' AND product_code IN ('AF-5', 'SM-3') ORDER BY id",
    );
    const targets = await targetsOf(res.data.id);
    expect(targets).toEqual(expected.rows.map((r) => r.id));
    expect(targets).toEqual(expect.arrayContaining([fixture['NT-GD-1'], fixture['NT-CN-1']]));
    expect(targets).not.toContain(fixture['NT-SZ-1']);
    // Another brand's model is refused, not ignored.
    const refused = await other.post(
      '/api/inform/add',
      input({ targetKind: 'models', productCodes: ['SM-3'] }),
    );
    expect(refused.status).toBe(400);
  });

  it('pushes to the devices whose owner lives in a region or one of its sub-areas', async () => {
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'regions', regionCodes: ['CN-GD'] }),
    );
    await waitFor(res.data.id, 'pushed');
    expect((await targetsOf(res.data.id)).sort()).toEqual([fixture['NT-SZ-1'], fixture['NT-GD-1']].sort());
    const detail = await demo.get<Notice>(`/api/inform/detail?id=${res.data.id}`);
    expect(detail.data.targets.regionNames).toEqual(['广东省']);
    const unknown = await demo.post(
      '/api/inform/add',
      input({ targetKind: 'regions', regionCodes: ['XX-NOPE'] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.desc).toContain('XX-NOPE');
  });

  it('pushes to the app users of an uploaded list and reports the accounts it does not know', async () => {
    const csv = Buffer.from('\ufeffaccount\nsz-user\nde-user\nnobody@example.com\not-user\n', 'utf8');
    const upload = await demo.json('POST', '/api/file/upload', { body: fileForm(csv, 'users.csv', 'list') });
    expect(upload.status).toBe(200);
    const fileCode = upload.data.fileCode as string;
    const preview = await demo.get(`/api/inform/readAccounts?fileCode=${fileCode}`);
    expect(preview.data).toMatchObject({
      known: 2,
      unknown: ['nobody@example.com', 'ot-user'],
      unknownCount: 2,
    });
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'users', userFileCode: fileCode }),
    );
    expect(res.data.targets).toMatchObject({ userCount: 2, unknownCount: 2, userFileName: 'users.csv' });
    await waitFor(res.data.id, 'pushed');
    expect((await targetsOf(res.data.id)).sort()).toEqual([fixture['sz-user'], fixture['de-user']].sort());
    // The other brand cannot use this brand's list.
    expect((await other.get(`/api/inform/readAccounts?fileCode=${fileCode}`)).status).toBe(400);
  });

  it('shows a custom-user notice in the app inbox of a listed user, acknowledged once, and not to others', async () => {
    const csv = Buffer.from('account\ninbox-user\n', 'utf8');
    const app = async (path: string, body?: unknown, token?: string) => {
      const r = await fetch(`${ingestUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await r.json()) as { status: number; data: any };
    };
    const register = async (account: string) =>
      (await app('/app/v1/register', { brandOwnerCode: 'DEMO', account, password: 'inbox-pass-1' })).data
        .token as string;
    const listed = await register('inbox-user');
    const unlisted = await register('inbox-other');
    const upload = await demo.json('POST', '/api/file/upload', { body: fileForm(csv, 'inbox.csv', 'list') });
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'users', userFileCode: upload.data.fileCode }),
    );
    await waitFor(res.data.id, 'pushed');
    const inbox = await app('/app/v1/notices', undefined, listed);
    expect(inbox.data.list.map((n: { noticeId: string }) => n.noticeId)).toContain(res.data.id);
    const others = await app('/app/v1/notices', undefined, unlisted);
    expect(others.data.list.map((n: { noticeId: string }) => n.noticeId)).not.toContain(res.data.id);
    const read = { acks: [{ noticeId: res.data.id, state: 'read' }] };
    expect((await app('/app/v1/notices/ack', read, listed)).data).toEqual({ received: 1, read: 1 });
    expect((await app('/app/v1/notices/ack', read, listed)).data).toEqual({ received: 0, read: 0 });
    expect((await app('/app/v1/notices/ack', read, unlisted)).data).toEqual({ received: 0, read: 0 });
    // Read notices stay in the inbox, marked read.
    const after = await app('/app/v1/notices', undefined, listed);
    expect(
      after.data.list.find((n: { noticeId: string }) => n.noticeId === res.data.id).readAt,
    ).not.toBeNull();
    expect((await app('/app/v1/notices', undefined, 'not-a-token-at-all-xxxxxxxx')).status).toBe(401);
    const detail = (await demo.get<Notice>(`/api/inform/detail?id=${res.data.id}`)).data;
    expect(detail).toMatchObject({ targetCount: 1, receivedCount: 1, readCount: 1 });
  });

  it('fires a timer at its time, and a cancelled or moved timer not before its time', async () => {
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const timed = (
      await demo.post<Notice>(
        '/api/inform/add',
        input({ pushMode: 'timer', pushAt: at(2500), targetKind: 'models', productCodes: ['AF-5'] }),
      )
    ).data;
    const cancelled = (
      await demo.post<Notice>('/api/inform/add', input({ pushMode: 'timer', pushAt: at(2500) }))
    ).data;
    const moved = (
      await demo.post<Notice>(
        '/api/inform/add',
        input({ pushMode: 'timer', pushAt: at(2500), targetKind: 'models', productCodes: ['SM-3'] }),
      )
    ).data;
    for (const n of [timed, cancelled, moved]) {
      const res = await demo.post<Notice>('/api/inform/push', { id: n.id, version: n.version });
      expect(res.data.state).toBe('scheduled');
      expect(res.desc).toBe('已设置定时推送');
    }
    const c = await demo.get<Notice>(`/api/inform/detail?id=${cancelled.id}`);
    expect((await demo.post('/api/inform/cancel', { id: c.data.id, version: c.data.version })).status).toBe(
      200,
    );
    const m = (await demo.get<Notice>(`/api/inform/detail?id=${moved.id}`)).data;
    const update = await demo.post<Notice>('/api/inform/update', {
      ...input({ pushMode: 'timer', pushAt: at(8000), targetKind: 'models', productCodes: ['SM-3'] }),
      id: m.id,
      version: m.version,
    });
    expect(update.data.state).toBe('scheduled');

    await waitFor(timed.id, 'pushed', 15_000);
    expect(await targetsOf(timed.id)).toContain(fixture['NT-GD-1']);
    // The cancelled notice's time has passed, and its push job no longer waits in the queue nor runs: nothing is
    // left that could push it.
    const queue = new Queue(NOTICE_PUSH_QUEUE, {
      connection: api.redis,
      prefix: bullmqPrefix(api.config.REDIS_PREFIX),
    });
    try {
      const due = new Date(c.data.pushAt!);
      await eventually(
        async () => ({
          passed: Date.now() > due.getTime(),
          job: (await (await queue.getJob(noticePushJobId(cancelled.id, due)))?.getState()) ?? 'removed',
        }),
        ({ passed, job }) => passed && (job === 'removed' || job === 'completed'),
        15_000,
        'the cancelled time passed and its push job settled',
      );
    } finally {
      await queue.close();
    }
    expect((await demo.get<Notice>(`/api/inform/detail?id=${cancelled.id}`)).data.state).toBe('cancelled');
    expect(await targetsOf(cancelled.id)).toEqual([]);
    expect((await demo.get<Notice>(`/api/inform/detail?id=${moved.id}`)).data.state).toBe('scheduled');
    // The moved notice is pushed at its new time, not at its old one (the worker takes a job up to a second early).
    const pushed = await waitFor(moved.id, 'pushed', 15_000);
    expect(pushed.pushAt).toBe(update.data.pushAt);
    expect(Date.parse(pushed.pushStartedAt!)).toBeGreaterThanOrEqual(Date.parse(update.data.pushAt!) - 1000);
  }, 40_000);

  it('re-arms a scheduled notice from Postgres after device-ingest restarts without its job', async () => {
    await ingest.stop();
    const res = await demo.post<Notice>(
      '/api/inform/add',
      // Far enough ahead that a loaded machine still schedules it before its time (a past time is refused).
      input({ pushMode: 'timer', pushAt: new Date(Date.now() + 6000).toISOString() }),
    );
    const scheduled = await demo.post('/api/inform/push', { id: res.data.id, version: res.data.version });
    expect(scheduled.status).toBe(200);
    const queue = new Queue(NOTICE_PUSH_QUEUE, {
      connection: api.redis,
      prefix: bullmqPrefix(api.config.REDIS_PREFIX),
    });
    await queue.obliterate({ force: true });
    await queue.close();
    ingest = await startIngestProcess(api.config);
    ingestUrl = ingest.url;
    await waitFor(res.data.id, 'pushed', 30_000);
  }, 90_000);

  it('refuses to push twice, and a retried push job writes no delivery twice', async () => {
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'models', productCodes: ['TM-6'] }),
    );
    const pushed = await waitFor(res.data.id, 'pushed');
    const again = await demo.post('/api/inform/push', { id: pushed.id, version: pushed.version });
    expect(again.status).toBe(409);
    const before = await targetsOf(pushed.id);
    // A push interrupted after writing: the job runs again over the same targets.
    await pool.query("UPDATE notices SET state = 'pushing' WHERE id = $1", [pushed.id]);
    const queue = new Queue(NOTICE_PUSH_QUEUE, {
      connection: api.redis,
      prefix: bullmqPrefix(api.config.REDIS_PREFIX),
    });
    await queue.add('push-notice', {
      brandOwnerCode: 'DEMO',
      actor: 'demo',
      correlationId: randomUUID(),
      noticeId: pushed.id,
    });
    await queue.close();
    const repushed = await waitFor(pushed.id, 'pushed');
    expect(await targetsOf(pushed.id)).toEqual(before);
    expect(repushed.targetCount).toBe(before.length);
  });

  it('lets devices poll their notices and counts each received and read once', async () => {
    const activate = async (sn: string) => {
      const r = await fetch(`${ingestUrl}/device/v1/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-activation-key': DEMO_ACTIVATION_KEYS.DEMO! },
        body: JSON.stringify({ sn, productCode: 'AF-8' }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: { credential: string } }).data.credential;
    };
    const [one, two] = [await activate('NT-ACK-1'), await activate('NT-ACK-2')];
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'models', productCodes: ['AF-8'] }),
    );
    await waitFor(res.data.id, 'pushed');
    const call = async (credential: string, path: string, body?: unknown) => {
      const r = await fetch(`${ingestUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await r.json()) as { status: number; data: any };
    };
    const polled = await call(one, '/device/v1/notices');
    const mine = polled.data.list.find((n: { noticeId: string }) => n.noticeId === res.data.id);
    expect(mine.texts).toEqual(texts);
    const received = { acks: [{ noticeId: res.data.id, state: 'received' }] };
    const read = { acks: [{ noticeId: res.data.id, state: 'read' }] };
    expect((await call(one, '/device/v1/notices/ack', received)).data).toEqual({ received: 1, read: 0 });
    expect((await call(one, '/device/v1/notices/ack', received)).data).toEqual({ received: 0, read: 0 });
    expect((await call(one, '/device/v1/notices/ack', read)).data).toEqual({ received: 0, read: 1 });
    expect((await call(two, '/device/v1/notices/ack', read)).data).toEqual({ received: 1, read: 1 });
    await Promise.all([call(two, '/device/v1/notices/ack', read), call(two, '/device/v1/notices/ack', read)]);
    // Read notices are no longer offered.
    const after = await call(one, '/device/v1/notices');
    expect(after.data.list.map((n: { noticeId: string }) => n.noticeId)).not.toContain(res.data.id);

    const detail = (await demo.get<Notice>(`/api/inform/detail?id=${res.data.id}`)).data;
    expect(detail).toMatchObject({ receivedCount: 2, readCount: 2 });
    const list = await demo.get(`/api/inform/list?keyword=${detail.number}`);
    expect(list.data.list[0]).toMatchObject({ id: res.data.id, receivedCount: 2, readCount: 2 });
    const chart = await demo.get(`/api/inform/ackChart?id=${res.data.id}`);
    expect(chart.data.at(-1)).toMatchObject({ receivedTotal: 2, readTotal: 2 });
    const readOnes = await demo.get(`/api/inform/deliveries?id=${res.data.id}&state=read`);
    expect(readOnes.data.list.map((d: { targetName: string }) => d.targetName).sort()).toEqual([
      'NT-ACK-1',
      'NT-ACK-2',
    ]);
    // Another brand's device cannot acknowledge this brand's notice.
    const otherKey = await fetch(`${ingestUrl}/device/v1/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-activation-key': DEMO_ACTIVATION_KEYS.OTHER! },
      body: JSON.stringify({ sn: 'NT-ACK-OT', productCode: 'AF-5' }),
    });
    const otherCredential = ((await otherKey.json()) as { data: { credential: string } }).data.credential;
    expect((await call(otherCredential, '/device/v1/notices/ack', read)).data).toEqual({
      received: 0,
      read: 0,
    });
  });

  it('deletes drafts only, after the push started never', async () => {
    const draft = (await demo.post<Notice>('/api/inform/add', input({}))).data;
    const pushed = (
      await demo.post<Notice>(
        '/api/inform/addAndPush',
        input({ targetKind: 'models', productCodes: ['OV-40'] }),
      )
    ).data;
    const refused = await demo.post('/api/inform/batchDelete', { ids: [draft.id, pushed.id] });
    expect(refused.status).toBe(409);
    expect(refused.desc).toContain(pushed.number);
    expect((await demo.post('/api/inform/batchDelete', { ids: [draft.id] })).status).toBe(200);
    expect((await demo.get(`/api/inform/detail?id=${draft.id}`)).status).toBe(404);
    const edit = await demo.post('/api/inform/update', {
      ...input({}),
      id: pushed.id,
      version: pushed.version,
    });
    expect(edit.status).toBe(409);
  });
  it('refuses a list of accounts with bad rows, naming the rows in zh and en', async () => {
    const csv = Buffer.from(`account\nsz-user\n${'x'.repeat(65)}\nde-user\nbad\u0007row\n`, 'utf8');
    const upload = await demo.json('POST', '/api/file/upload', { body: fileForm(csv, 'bad.csv', 'list') });
    const fileCode = upload.data.fileCode as string;
    const zh = await demo.get(`/api/inform/readAccounts?fileCode=${fileCode}`);
    expect(zh.status).toBe(400);
    expect(zh.desc).toBe(
      '名单中有无效账号：第3, 5行（共2行）。账号为1到64个字符，不含控制字符，请修改名单后重新上传',
    );
    const english = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    const en = await english.get(`/api/inform/readAccounts?fileCode=${fileCode}`);
    expect(en.desc).toContain('row 3, 5 (2 in all)');
    // Saving with it is refused the same way: nobody is left out silently.
    const save = await demo.post('/api/inform/add', input({ targetKind: 'users', userFileCode: fileCode }));
    expect(save.status).toBe(400);
    expect(save.desc).toContain('第3, 5行');
  });

  it('marks a push failed with its reason when its last attempt fails, shows it on the list and the home health, and pushes it again without doubles', async () => {
    const draft = (await demo.post<Notice>('/api/inform/add', input({ label: 'fails once' }))).data;
    // The database refuses this notice's deliveries (a real Postgres error on every attempt of the job).
    const allow = await refuseNoticeDeliveries(api.config.DATABASE_URL, draft.id);
    try {
      const pushed = await demo.post<Notice>('/api/inform/push', { id: draft.id, version: draft.version });
      expect(pushed.status).toBe(200);
      // Five attempts with backoff from 2 s: about 30 s until the last one fails.
      const failed = await waitFor(draft.id, 'failed', 60_000);
      expect(failed).toMatchObject({ failureCode: 'database', targetCount: 0 });
      expect(failed.failureDetail).toContain('deliveries refused for the test');
      expect(failed.failedAt).not.toBeNull();
      const listed = await demo.get<{ list: Notice[] }>(
        '/api/inform/list?state=failed&pageNum=1&pageSize=20',
      );
      expect(listed.data.list.map((n) => [n.id, n.state, n.failureCode])).toContainEqual([
        draft.id,
        'failed',
        'database',
      ]);
      const health = await demo.get<{ failed: number }>('/api/inform/health');
      expect(health.data.failed).toBeGreaterThanOrEqual(1);
      expect((await other.get<{ failed: number }>('/api/inform/health')).data.failed).toBe(0);
      // Another brand cannot push it again.
      expect((await other.post('/api/inform/push', { id: draft.id, version: failed.version })).status).toBe(
        404,
      );
    } finally {
      await allow();
    }
    const current = (await demo.get<Notice>(`/api/inform/detail?id=${draft.id}`)).data;
    const again = await demo.post<Notice>('/api/inform/push', { id: draft.id, version: current.version });
    expect(again.status).toBe(200);
    expect(again.desc).toBe('推送成功');
    const done = await waitFor(draft.id, 'pushed');
    expect(done).toMatchObject({ failureCode: null, failureDetail: null });
    const brandDevices = await pool.query(
      "SELECT count(*)::int AS n FROM devices WHERE brand_owner_code = 'DEMO'",
    );
    expect((await targetsOf(draft.id)).length).toBe(brandDevices.rows[0].n);
    expect(done.targetCount).toBe(brandDevices.rows[0].n);
    expect((await demo.post('/api/inform/push', { id: draft.id, version: done.version })).status).toBe(409);
  }, 120_000);

  it('shows real received and read counts once the device simulator has fetched a push', async () => {
    // The simulator npm start runs: four devices fetching their notices every second, half of them reading.
    const simulator = spawn(
      process.execPath,
      [
        path.resolve(import.meta.dirname, '../../../scripts/simulate.mjs'),
        ...['--url', ingestUrl, '--devices', '4', '--rate', '1', '--prefix', 'NTSIM'],
        ...['--notice-every', '1', '--read-share', '0.5', '--content-every', '0'],
        ...['--quiet-share', '0', '--app-rate', '0', '--fault-rate', '0', '--quiet'],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    try {
      const simulated = async () =>
        (await pool.query("SELECT count(*)::int AS n FROM devices WHERE sn LIKE 'NTSIM%'")).rows[0]
          .n as number;
      await eventually(simulated, (n) => n >= 4, 30_000, 'the simulator activating its devices');
      const res = await demo.post<Notice>('/api/inform/addAndPush', input({}));
      await waitFor(res.data.id, 'pushed');
      // Wait until the counts reach what the simulated devices do, or the deadline; the assertion names the rest.
      const counts = await eventually(
        async () => (await demo.get<Notice>(`/api/inform/detail?id=${res.data.id}`)).data,
        (c) => c.receivedCount >= 4 && c.readCount >= 2,
        30_000,
        'the simulated devices receiving and reading the notice',
      ).catch(async () => (await demo.get<Notice>(`/api/inform/detail?id=${res.data.id}`)).data);
      // Every simulated device received it, two of them read it; the other devices of the brand are not simulated.
      expect({ received: counts.receivedCount, read: counts.readCount }).toEqual({ received: 4, read: 2 });
    } finally {
      simulator.kill('SIGTERM');
    }
  }, 60_000);

  it('counts a delivery as overdue in push health when its device was online and did not fetch it', async () => {
    const activate = async (sn: string) => {
      const r = await fetch(`${ingestUrl}/device/v1/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-activation-key': DEMO_ACTIVATION_KEYS.DEMO! },
        body: JSON.stringify({ sn, productCode: 'OV-40' }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: { credential: string } }).data.credential;
    };
    const fetcher = await activate('NT-OD-FETCH');
    await activate('NT-OD-SILENT');
    await activate('NT-OD-OFF');
    // No device of the model has been heard from since the push, whatever the seed left.
    await pool.query(
      "UPDATE devices SET last_seen_at = NULL WHERE brand_owner_code = 'DEMO' AND product_code = 'OV-40'",
    );
    const before = (await demo.get<{ overdue: number }>('/api/inform/health')).data.overdue;
    const res = await demo.post<Notice>(
      '/api/inform/addAndPush',
      input({ targetKind: 'models', productCodes: ['OV-40'] }),
    );
    const pushed = await waitFor(res.data.id, 'pushed');
    expect(pushed.targetCount).toBeGreaterThanOrEqual(3);
    // One device fetches the notice and acknowledges it, as the device API is meant to be used.
    const poll = await fetch(`${ingestUrl}/device/v1/notices`, {
      headers: { authorization: `Bearer ${fetcher}` },
    });
    const polled = (await poll.json()) as { data: { list: { noticeId: string }[] } };
    expect(polled.data.list.map((n) => n.noticeId)).toContain(pushed.id);
    const ack = await fetch(`${ingestUrl}/device/v1/notices/ack`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fetcher}`, 'content-type': 'application/json' },
      body: JSON.stringify({ acks: [{ noticeId: pushed.id, state: 'received' }] }),
    });
    expect(ack.status).toBe(200);
    // The push was a quarter of an hour ago; since then the fetching device and a silent one were online (they
    // posted), the others stayed offline.
    await pool.query(
      `UPDATE notices SET pushed_at = pushed_at - interval '15 minutes',
              push_started_at = push_started_at - interval '15 minutes' WHERE id = $1`,
      [pushed.id],
    );
    await pool.query(
      "UPDATE notice_deliveries SET created_at = created_at - interval '15 minutes' WHERE notice_id = $1",
      [pushed.id],
    );
    await pool.query("UPDATE devices SET last_seen_at = now() WHERE sn IN ('NT-OD-FETCH', 'NT-OD-SILENT')");

    const health = await demo.get<{ overdue: number; overdueAfterMinutes: number; lastPushedAt: string }>(
      '/api/inform/health',
    );
    // Only the silent device's delivery: the offline ones could not fetch, the fetching one did.
    expect(health.data.overdue).toBe(before + 1);
    expect(health.data.overdueAfterMinutes).toBe(10);
    expect(health.data.lastPushedAt).not.toBeNull();
    const detail = await demo.get<Notice>(`/api/inform/detail?id=${pushed.id}`);
    expect(detail.data.overdueCount).toBe(1);
    expect(detail.data.receivedCount).toBe(1);
    expect((await other.get<{ overdue: number }>('/api/inform/health')).data.overdue).toBe(0);

    // Within the limit after the delivery, a silent online device is not overdue yet.
    await pool.query(
      "UPDATE devices SET last_seen_at = now() - interval '10 minutes' WHERE sn = 'NT-OD-SILENT'",
    );
    expect((await demo.get<{ overdue: number }>('/api/inform/health')).data.overdue).toBe(before);
  });
});
