// `npm run bench` (notices): a push to every device of a brand of BENCH_NOTICE_DEVICES (1,000,000) devices, on a
// private database (dropped at the end), migrated and seeded by the built API's bootstrap, with the built
// device-ingest running in this process (its push worker, timer and device API):
//   1. the devices of brand DEMO written with SQL, one of them activated through the device API;
//   2. a notice to all devices pushed as the API's push does it (row `pushing`, job `push-notice` under its id);
//   3. figures: deliveries written per second (deliveries / time the job spent writing them), the time from the
//      push until the last delivery is written (from then on every device's poll answers the notice), and the
//      latency of a device's poll (GET /device/v1/notices) with the notice among a million deliveries;
//   4. the same push retried (the job run again over the written rows): how long, and that nothing doubled.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { builtTesting, fmt, importDist } from './build.mjs';

const DEVICES = Number(process.env.BENCH_NOTICE_DEVICES ?? 1_000_000);
const BRAND = 'DEMO';

const { createTestDatabase, redisUrl } = await builtTesting('@kb/api', '@kb/device-ingest');
const { prepareDatabase } = await importDist('apps/api/dist/bootstrap.js');
const { loadConfig: apiConfig } = await importDist('apps/api/dist/config.js');
const { startIngest } = await importDist('apps/device-ingest/dist/ingest.js');
const { loadConfig: ingestConfig } = await importDist('apps/device-ingest/dist/config.js');
const { NOTICE_PUSH_JOB, NOTICE_PUSH_QUEUE, bullmqPrefix, noticePushJobId } = await importDist(
  'libs/platform/dist/index.js',
);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const prefix = `kbbench-notices-${randomUUID().slice(0, 8)}:`;
const db = await createTestDatabase('kbbenchnotices');
const filesDir = await mkdtemp(path.join(tmpdir(), 'kb-bench-notices-'));
const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl(), REDIS_PREFIX: prefix, FILES_DIR: filesDir };
await prepareDatabase(apiConfig({ ...env, NODE_ENV: 'test', SEED_DEMO: 'true', LOG_LEVEL: 'silent' }));
const ingest = await startIngest(ingestConfig({ ...env, INGEST_PORT: '0', LOG_LEVEL: 'warn' }));
const ingestUrl = `http://127.0.0.1:${ingest.port}`;
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
pool.on('error', () => undefined);
const redis = new Redis(redisUrl());
const queue = new Queue(NOTICE_PUSH_QUEUE, { connection: redis, prefix: bullmqPrefix(prefix) });

try {
  console.log(`Writing ${fmt(DEVICES)} devices of ${BRAND} …`);
  const writeStarted = performance.now();
  for (let from = 0; from < DEVICES; from += 100_000) {
    await pool.query(
      `INSERT INTO devices (brand_owner_code, sn, product_code, activated_at)
       SELECT $1, 'NB' || lpad(i::text, 9, '0'), (ARRAY['TM-6','AF-5','SM-3','OV-40'])[1 + i % 4], now()
         FROM generate_series($2::int, $3::int) AS i`,
      [BRAND, from + 1, Math.min(DEVICES, from + 100_000)],
    );
  }
  await pool.query('VACUUM ANALYZE devices');
  console.log(`  written in ${((performance.now() - writeStarted) / 1000).toFixed(0)} s`);

  const activated = await (
    await fetch(`${ingestUrl}/device/v1/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-activation-key': 'demo-device-activation-key' },
      body: JSON.stringify({ sn: 'NB-POLLER', productCode: 'TM-6' }),
    })
  ).json();
  const credential = activated.data.credential;

  const { rows: brandCount } = await pool.query(
    'SELECT count(*)::int AS n FROM devices WHERE brand_owner_code = $1',
    [BRAND],
  );
  console.log(`\nPushing a notice to all ${fmt(brandCount[0].n)} devices of ${BRAND} …`);
  const pushed = performance.now();
  const {
    rows: [notice],
  } = await pool.query(
    `INSERT INTO notices (brand_owner_code, seq, label, texts, push_mode, push_at, state, target_kind, created_by)
     VALUES ($1, 1, 'bench', $2, 'now', now(), 'pushing', 'all', 'demo') RETURNING id, push_at`,
    [BRAND, JSON.stringify([{ lang: 'zh', title: '基准通知', content: '一百万台设备' }])],
  );
  const id = notice.id;
  const job = { brandOwnerCode: BRAND, actor: 'demo', correlationId: randomUUID(), noticeId: id };
  await queue.add(NOTICE_PUSH_JOB, job, { jobId: noticePushJobId(id, notice.push_at) });
  let row;
  for (;;) {
    ({
      rows: [row],
    } = await pool.query(
      `SELECT state, progress, target_count, extract(epoch FROM pushed_at - push_started_at) AS writing_s
         FROM notices WHERE id = $1`,
      [id],
    ));
    if (row.state === 'pushed') break;
    await sleep(100);
  }
  const visibleAfter = (performance.now() - pushed) / 1000;
  console.log(`  deliveries written: ${fmt(row.target_count)}`);
  console.log(
    `  deliveries/s (job writing time ${Number(row.writing_s).toFixed(1)} s): ${fmt(row.target_count / row.writing_s)}`,
  );
  console.log(`  push pressed → every device can see it: ${visibleAfter.toFixed(1)} s`);

  const polls = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    const res = await (
      await fetch(`${ingestUrl}/device/v1/notices`, { headers: { authorization: `Bearer ${credential}` } })
    ).json();
    polls.push(performance.now() - started);
    if (!res.data.list.some((n) => n.noticeId === id)) throw new Error('the device does not see the notice');
  }
  polls.sort((a, b) => a - b);
  console.log(
    `  device poll with the notice: p50 ${polls[24].toFixed(1)} ms, p95 ${polls[47].toFixed(1)} ms`,
  );

  // The push interrupted and run again: every delivery is already there.
  await pool.query("UPDATE notices SET state = 'pushing' WHERE id = $1", [id]);
  const retried = performance.now();
  await queue.add(NOTICE_PUSH_JOB, {
    brandOwnerCode: BRAND,
    actor: 'demo',
    correlationId: randomUUID(),
    noticeId: id,
  });
  for (;;) {
    const { rows } = await pool.query('SELECT state, target_count FROM notices WHERE id = $1', [id]);
    if (rows[0].state === 'pushed') {
      row = rows[0];
      break;
    }
    await sleep(100);
  }
  const { rows: counted } = await pool.query(
    'SELECT count(*)::int AS n FROM notice_deliveries WHERE notice_id = $1',
    [id],
  );
  console.log(
    `  retried push: ${((performance.now() - retried) / 1000).toFixed(1)} s, deliveries ${fmt(counted[0].n)} (${counted[0].n === brandCount[0].n ? 'none doubled' : 'NOT EQUAL to the devices'})`,
  );
} finally {
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  await redis.quit();
  await ingest.stop();
  await pool.end();
  await db.drop();
  await rm(filesDir, { recursive: true, force: true });
}
