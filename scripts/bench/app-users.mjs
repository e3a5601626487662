// `npm run bench` (app-users): the companion app's activity end to end and the export of a million search
// records (the user list at a million app users is the lists part, scripts/bench/lists.mjs). On a private database (dropped at the end) with the real, built API,
// projector (the released demo recipes the app can name) and device-ingest:
//   1. BENCH_APP_USERS (100,000) registered app users of brand DEMO, each signed in (a session token as sign-in
//      issues it), and 10,000 activated devices bound to the first of them;
//   2. BENCH_CLIENTS (64) keep-alive clients, each post as one of the 100,000 users (or devices) picked at
//      random, as fast as answers come for BENCH_SECONDS (10): favourites and unfavourites (POST
//      /app/v1/activity, batches of 1 and 50), cooking sessions (POST /device/v1/cooking, batches of 50) and
//      searches (GET /app/v1/recipes/search, each one recorded). Messages/s end to end = messages posted / time
//      from the first post until the workers have stored them all (cooking sessions and searches counted in
//      Postgres; favourites: the activity queue worked off, no job failed);
//   3. BENCH_SEARCH_RECORDS (1,000,000) search records (a long tail of 50,000 terms): GET
//      /api/userSearchRecord/topTerms p50 / p95 / p99 over 7, 30 days and all time; the export job (CSV, then xlsx)
//      as the screen starts it: rows/s and the peak resident memory of the device-ingest worker process that
//      writes the file.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { builtTesting, demoConsole, fmt, printListLatencies } from './build.mjs';
import { activatedDevices, signedInAppUsers } from './seed.mjs';
import { keepAliveRequest, releasedRecipes, sleep, startIngestProcess } from './processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const USERS = Number(process.env.BENCH_APP_USERS ?? 100_000);
const DEVICES = 10_000;
const RECORDS = Number(process.env.BENCH_SEARCH_RECORDS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const BRAND = 'DEMO';

const { startSystem } = await builtTesting('@kb/api', '@kb/projector', '@kb/device-ingest');

const pad = (s, n) => String(s).padStart(n);
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

const redisPrefix = `kbbench-${randomBytes(4).toString('hex')}:`;
const system = await startSystem({
  projector: true,
  env: { LOG_LEVEL: 'warn', REDIS_PREFIX: redisPrefix },
});
const pool = new pg.Pool({ connectionString: system.db.url, max: 6 });
pool.on('error', () => undefined);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
// The bench's view of the activity queue (its counts); closed at the end, or the process would not exit.
const queueConnection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  maxRetriesPerRequest: null,
});
const children = [];
// Where device-ingest writes the export files (removed at the end).
const filesDir = mkdtempSync(path.join(tmpdir(), 'kb-bench-files-'));
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** One keep-alive request to device-ingest; the answer's status and Retry-After (on 429/503). */
const request = (port, method, pathName, token, body) =>
  keepAliveRequest(agent, port, method, pathName, token, body);

/** Peak and current resident memory of a process (kB), from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

try {
  /** Starts one device-ingest process (by default `all`: device and app API with the workers, as `npm start` runs it). */
  const startIngest = (env = {}) =>
    startIngestProcess(children, {
      DATABASE_URL: system.db.url,
      REDIS_PREFIX: redisPrefix,
      FILES_DIR: filesDir,
      ...env,
    });

  // The recipes the app can name: the demo's released recipes, once the projector has them in the library.
  const recipes = await releasedRecipes(pool, BRAND);

  // 1. App users (registered, signed in: a session each) and devices bound to the first 10,000 of them.
  console.log(`Writing ${fmt(USERS)} signed-in app users and ${fmt(DEVICES)} bound devices …`);
  const seedStarted = performance.now();
  const { account, token } = await signedInAppUsers(pool, BRAND, USERS, 'bench');
  const devices = await activatedDevices(pool, BRAND, DEVICES, {
    snPrefix: 'APPB',
    boundTo: (i) => account(i + 1),
  });
  console.log(`  written in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

  const ingest = await startIngest();
  const activityQueue = new Queue('app-activity', {
    connection: queueConnection,
    prefix: `${redisPrefix}{bull}`,
  });
  const count = async (table) => Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  const randomUser = () => 1 + Math.floor(Math.random() * USERS);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  let seq = 0;
  const activityBody = (batch) => {
    const at = new Date().toISOString();
    const messages = [];
    for (let i = 0; i < batch; i++)
      messages.push({
        type: seq % 3 === 2 ? 'unfavourite' : 'favourite',
        messageId: `a${seq++}`,
        at,
        recipeId: pick(recipes),
      });
    return JSON.stringify({ messages });
  };
  const cookingBody = (batch) => {
    const now = Date.now();
    const messages = [];
    for (let i = 0; i < batch; i++)
      messages.push({
        messageId: `c${seq++}`,
        recipeId: pick(recipes),
        recipeVersion: 1,
        mode: 'STEAM',
        startedAt: new Date(now - 30 * 60_000).toISOString(),
        endedAt: new Date(now).toISOString(),
        outcome: i % 7 ? 'completed' : 'aborted',
      });
    return JSON.stringify({ messages });
  };
  const TERMS = ['汤', 'soup', '鸡', 'cake', '牛', '-', 'rice'];

  /** Clients post for SECONDS as fast as answers come; a 429/503 waits its Retry-After and counts as refused. */
  async function load(send) {
    const started = performance.now();
    const until = started + SECONDS * 1000;
    let posts = 0;
    let refused = 0;
    let failed = 0;
    let lastAnswer = started;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          const { status, retryAfter } = await send();
          lastAnswer = performance.now();
          if (status === 200 || status === 202) posts++;
          else if (retryAfter !== undefined) {
            refused++;
            await sleep(retryAfter * 1000 * (1 + Math.random() * 0.5));
          } else failed++;
        }
      }),
    );
    return { posts, refused, failed, started, httpSeconds: (lastAnswer - started) / 1000 };
  }

  /** Until `done()` holds (what was accepted is stored), at most 3 minutes. */
  async function stored(done) {
    const deadline = Date.now() + 180_000;
    while (!(await done())) {
      if (Date.now() > deadline)
        throw new Error('the accepted messages were not all stored within 3 minutes');
      await sleep(50);
    }
  }
  const activityWorkedOff = async () => {
    const c = await activityQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return c.waiting + c.active + c.delayed + c.prioritized === 0;
  };

  const results = [];
  async function run(title, batch, send, done) {
    console.log(`App activity: ${title}, ${CLIENTS} clients, ${SECONDS} s …`);
    const failedBefore = (await activityQueue.getJobCounts('failed')).failed;
    const r = await load(send);
    await stored(() => done(r));
    const e2eSeconds = (performance.now() - r.started) / 1000;
    const failedJobs = (await activityQueue.getJobCounts('failed')).failed - failedBefore;
    results.push({ title, batch, ...r, messages: r.posts * batch, e2eSeconds, failedJobs });
  }

  for (const batch of [1, 50])
    await run(
      `favourites, batches of ${batch}`,
      batch,
      () => request(ingest.port, 'POST', '/app/v1/activity', token(randomUser()), activityBody(batch)),
      activityWorkedOff,
    );
  const cooksBefore = await count('cooking_sessions');
  await run(
    'cooking sessions, batches of 50',
    50,
    () => {
      const d = pick(devices);
      return request(ingest.port, 'POST', '/device/v1/cooking', d.token, cookingBody(50));
    },
    async (r) => (await count('cooking_sessions')) >= cooksBefore + r.posts * 50,
  );
  const searchesBefore = await count('app_search_records');
  await run(
    'searches (GET, each recorded)',
    1,
    () =>
      request(
        ingest.port,
        'GET',
        `/app/v1/recipes/search?q=${encodeURIComponent(pick(TERMS))}&lang=zh`,
        token(randomUser()),
      ),
    async (r) => (await count('app_search_records')) >= searchesBefore + r.posts,
  );
  await activityQueue.close();

  console.log(
    `\nApp activity end to end (HTTP → BullMQ → Postgres), ${fmt(USERS)} app users (${fmt(DEVICES)} devices), one device-ingest process:`,
  );
  console.log(
    `${'run'.padEnd(34)} ${pad('posts', 8)} ${pad('refused', 8)} ${pad('failed', 7)} ${pad('posts/s', 8)} ${pad('HTTP msg/s', 11)} ${pad('e2e msg/s', 10)}`,
  );
  for (const r of results)
    console.log(
      `${r.title.padEnd(34)} ${pad(fmt(r.posts), 8)} ${pad(fmt(r.refused), 8)} ${pad(r.failed + r.failedJobs, 7)} ${pad(fmt(r.posts / r.httpSeconds), 8)} ${pad(fmt(r.messages / r.httpSeconds), 11)} ${pad(fmt(r.messages / r.e2eSeconds), 10)}`,
    );
  console.log(
    '(failed: answers other than 2xx/429/503 plus failed worker jobs; target over 10,000 msg/s end to end)',
  );

  const call = await demoConsole(system.baseUrl);

  // 3. A million search records and their export.
  const brandRecords = async () =>
    Number(
      (await pool.query('SELECT count(*) AS n FROM app_search_records WHERE brand_owner_code = $1', [BRAND]))
        .rows[0].n,
    );
  const recordsNow = await brandRecords();
  const toWrite = Math.max(0, RECORDS - recordsNow);
  console.log(`\nWriting ${fmt(toWrite)} more search records …`);
  const recordsStarted = performance.now();
  for (let from = 1; from <= toWrite; from += 100_000)
    await pool.query(
      `INSERT INTO app_search_records (brand_owner_code, app_user_id, message_id, account, nickname, terms, lang,
                                       result_count, region, searched_at)
       SELECT $1, u.id, 'bench-' || i, u.account, u.nickname,
              -- a few popular terms and a long tail of 50,000 others (what the top-terms read has to rank)
              CASE WHEN i % 3 = 0 THEN 'dish ' || (i % 50000)
                   ELSE (ARRAY['番茄炒蛋','鸡汤','soup','chocolate cake','红烧牛肉','rice, "fried"','面包'])[1 + i % 7] END,
              (ARRAY['zh','en','zh','de'])[1 + i % 4], i % 40, u.region, now() - i * interval '3 s'
         FROM generate_series($2::int, $3::int) AS i
         JOIN app_users u ON u.brand_owner_code = $1 AND u.account = 'bench' || (1 + i % $4::int) || '@app.example.com'`,
      [BRAND, from, Math.min(toWrite, from + 99_999), USERS],
    );
  await pool.query('VACUUM ANALYZE app_search_records');
  const records = await brandRecords();
  console.log(
    `  ${fmt(records)} records, written in ${((performance.now() - recordsStarted) / 1000).toFixed(0)} s`,
  );

  const termDays = Number((await pool.query('SELECT count(*) AS n FROM app_search_term_days')).rows[0].n);
  console.log(
    `\nGET /api/userSearchRecord/topTerms (hot label suggestions), ${fmt(records)} search records (${fmt(termDays)} day-language-term counts), ${REQUESTS} sequential requests each:`,
  );
  const TOP_QUERIES = [
    ['7 days, every language', 'days=7'],
    ['30 days, every language', 'days=30'],
    ['30 days, zh', 'days=30&lang=zh'],
    ['all time, every language', 'days=0'],
  ];
  // Ranked afresh (the kept rankings dropped before each request, as a deletion of records drops them).
  console.log(`${'ranked afresh'.padEnd(42)} ${pad('p50 ms', 8)} ${pad('max ms', 8)}`);
  for (const [title, query] of TOP_QUERIES) {
    const times = [];
    for (let i = 0; i < 10; i++) {
      await pool.query('DELETE FROM app_search_top_terms');
      const t = performance.now();
      await (await call('GET', `/api/userSearchRecord/topTerms?${query}`)).json();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${title.padEnd(42)} ${pad(times[4].toFixed(1), 8)} ${pad(times[9].toFixed(1), 8)}`);
  }
  console.log('then with the ranking kept (5 minutes), the marks read afresh:');
  await printListLatencies(
    call,
    '/api/userSearchRecord/topTerms',
    [['(floor: GET /api/auth/me)', null], ...TOP_QUERIES],
    REQUESTS,
  );
  console.log('(target: p95 under 50 ms)');

  // A fresh worker process, so its peak memory is the export's.
  await ingest.stop();
  const exporter = await startIngest({ INGEST_ROLE: 'workers' });
  const exports = [];
  for (const format of ['csv', 'xlsx']) {
    console.log(`Export of ${fmt(records)} search records as ${format} …`);
    const before = memoryOf(exporter.pid);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, memoryOf(exporter.pid).rss);
      } catch {
        // the process is gone; the run below says why
      }
    }, 100);
    const started = performance.now();
    const answer = await (
      await call('POST', '/api/userSearchRecord/exportData', { json: { format } })
    ).json();
    if (answer.status !== 200) throw new Error(`export: ${answer.desc}`);
    let job = answer.data;
    const deadline = Date.now() + 15 * 60_000;
    while (job.state !== 'succeeded') {
      if (job.state === 'failed') throw new Error(`export failed: ${job.error}`);
      if (Date.now() > deadline) throw new Error('the export did not finish within 15 minutes');
      await sleep(200);
      job = (await (await call('GET', `/api/recipe/asyncTask/detail?id=${job.id}`)).json()).data;
    }
    const wall = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(exporter.pid);
    const worked = (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000;
    exports.push({
      format,
      rows: job.progress.done,
      worked,
      wall,
      size: job.output?.size ?? 0,
      rssBefore: before.rss,
      peakRss: Math.max(peakRss, after.rss),
      hwm: after.peak,
    });
  }
  await exporter.stop();
  console.log(
    `\nExport of the search records (one worker process, INGEST_ROLE=workers, nothing else queued):`,
  );
  console.log(
    `${'format'.padEnd(7)} ${pad('rows', 10)} ${pad('job s', 7)} ${pad('rows/s', 9)} ${pad('file', 8)} ${pad('RSS before', 11)} ${pad('RSS peak', 9)} ${pad('VmHWM', 8)}`,
  );
  for (const e of exports)
    console.log(
      `${e.format.padEnd(7)} ${pad(fmt(e.rows), 10)} ${pad(e.worked.toFixed(1), 7)} ${pad(fmt(e.rows / e.worked), 9)} ${pad(`${(e.size / 1024 / 1024).toFixed(0)} MB`, 8)} ${pad(mb(e.rssBefore), 11)} ${pad(mb(e.peakRss), 9)} ${pad(mb(e.hwm), 8)}`,
    );
  console.log(
    '(job s: from the worker taking the job to the file done; RSS sampled every 100 ms; VmHWM: the process’s peak since it started; target: under 200 MB)',
  );
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  agent.destroy();
  await pool.end();
  await system.stop();
  rmSync(filesDir, { recursive: true, force: true });
  // Leave nothing of the run in Redis.
  const keys = await redis.keys(`${redisPrefix}*`);
  for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
  await redis.quit();
  await queueConnection.quit();
}
