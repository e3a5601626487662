import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { bullmqPrefix, SYSTEM_QUEUE } from '@kb/platform';
import { Client, loggedIn, signedIn, startTestApi, type TestApi } from './harness.js';
import { eventually } from '@kb/testing';

const BOARD = '/api/admin/queues';
const execFileAsync = promisify(execFile);
const deadLettersJs = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../device-ingest/dist/dead-letters.js',
);

describe('the queue board (Bull Board) under /api/admin/queues', () => {
  let api: TestApi;
  let connection: Redis;
  let queue: Queue;
  let worker: Worker;
  let workerConnection: Redis;
  let failNext = true;

  /** device-ingest's `dead-letters` command (built), on this test's Redis prefix. */
  const deadLetters = async (args: string[]) => {
    const { NODE_OPTIONS: _jestOnly, ...env } = process.env;
    const { stdout } = await execFileAsync(process.execPath, [deadLettersJs, ...args], {
      env: { ...env, REDIS_URL: api.config.REDIS_URL, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    return stdout;
  };

  beforeAll(async () => {
    api = await startTestApi();
    connection = new Redis(api.config.REDIS_URL, { maxRetriesPerRequest: null });
    const prefix = bullmqPrefix(api.config.REDIS_PREFIX);
    queue = new Queue(SYSTEM_QUEUE, { connection, prefix });
    workerConnection = connection.duplicate({ maxRetriesPerRequest: null });
    // A worker of this test: the first run of a job fails for good (one attempt), a later one succeeds.
    worker = new Worker(
      SYSTEM_QUEUE,
      async (job: Job) => {
        if (failNext) throw new Error('the printer is on fire');
        return { pong: job.data.nonce };
      },
      { connection: workerConnection, prefix },
    );
  });
  afterAll(async () => {
    await worker.close();
    await workerConnection.quit();
    await queue.obliterate({ force: true });
    await queue.close();
    await connection.quit();
    await api.stop();
  });

  it('answers 401 without a session and 403 to every role but admin', async () => {
    const anonymous = await new Client(api.baseUrl, 'en').json('GET', `${BOARD}/api/queues`);
    expect(anonymous).toMatchObject({ http: 401, status: 401, desc: 'Not logged in, please log in again' });
    for (const client of Object.values(await signedIn(api.baseUrl, 'en', 'editor', 'audit', 'viewer'))) {
      const page = await client.request('GET', `${BOARD}/`);
      expect(page.status).toBe(403);
      const json = await client.json('GET', `${BOARD}/api/queues`);
      expect(json).toMatchObject({ http: 403, status: 403, code: 'permission_denied' });
      const retry = await client.request('PUT', `${BOARD}/api/queues/${SYSTEM_QUEUE}/retry/failed`);
      expect(retry.status).toBe(403);
    }
    const admin = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    const page = await admin.request('GET', `${BOARD}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');
  });

  it('opens to the admins of the operator brands alone when QUEUE_BOARD_BRANDS names them', async () => {
    const shared = await startTestApi({ QUEUE_BOARD_BRANDS: 'DEMO' });
    try {
      const operator = await loggedIn(shared.baseUrl, 'demo', 'demo12345', 'en');
      expect((await operator.request('GET', `${BOARD}/`)).status).toBe(200);
      for (const lang of ['en', 'zh'] as const) {
        const tenant = await loggedIn(shared.baseUrl, 'other', 'other12345', lang);
        const refused = await tenant.json('GET', `${BOARD}/api/queues`);
        expect(refused).toMatchObject({ http: 403, status: 403, code: 'queue_board_operators_only' });
        expect(refused.desc).toBe(
          lang === 'en'
            ? 'The queue board is open to the platform operator’s admins only (it shows every brand’s jobs)'
            : '任务队列看板只对平台运营品牌的管理员开放（它显示所有品牌的任务）',
        );
        expect((await tenant.request('PUT', `${BOARD}/api/queues/${SYSTEM_QUEUE}/retry/failed`)).status).toBe(
          403,
        );
      }
    } finally {
      await shared.stop();
    }
  });

  it('shows a failed job with its error to an admin, and retries it from the board', async () => {
    const admin = await loggedIn(api.baseUrl, 'demo', 'demo12345', 'en');
    const job = await queue.add('ping', { nonce: 'board-1' }, { attempts: 1 });
    await eventually(
      () => job.getState(),
      (s) => s === 'failed',
    );

    const listed = await admin.json(
      'GET',
      `${BOARD}/api/queues?activeQueue=${SYSTEM_QUEUE}&status=failed&page=1`,
    );
    expect(listed.http).toBe(200);
    const system = (
      listed as unknown as {
        queues: { name: string; counts: { failed: number }; jobs: { id: string; failedReason: string }[] }[];
      }
    ).queues.find((q) => q.name === SYSTEM_QUEUE)!;
    expect(system.counts.failed).toBe(1);
    expect(system.jobs).toContainEqual(
      expect.objectContaining({ id: job.id, failedReason: 'the printer is on fire' }),
    );

    // The dead-letters command still shows the same failure.
    const cli = await deadLetters(['list', SYSTEM_QUEUE]);
    expect(cli).toContain(`${SYSTEM_QUEUE}: 1 failed`);
    expect(cli).toContain(`${job.id}  ping`);
    expect(cli).toContain('the printer is on fire');

    // A change from another origin's page is refused even for an admin.
    const forged = await admin.request('PUT', `${BOARD}/api/queues/${SYSTEM_QUEUE}/${job.id}/retry`, {
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect(await job.getState()).toBe('failed');

    failNext = false;
    // As the board's page sends it: a PUT from its own origin, without the app's marker header.
    const retried = await fetch(`${api.baseUrl}${BOARD}/api/queues/${SYSTEM_QUEUE}/${job.id}/retry`, {
      method: 'PUT',
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: api.baseUrl,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(retried.status).toBe(204);
    await eventually(
      () => job.getState(),
      (s) => s === 'completed',
    );
    expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ pong: 'board-1' });
  });
});
