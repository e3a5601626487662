/* global fetch, FormData, performance, setTimeout */
// `npm run bench` (notices): a push to every device of a brand of BENCH_NOTICE_DEVICES (1,000,000) devices, on a
// private database (dropped at the end) with the real, built API and device-ingest processes:
//   1. the devices of brand DEMO written with SQL, one of them activated through the device API;
//   2. as the demo admin, POST /api/inform/addAndPush to all devices; the push job writes the deliveries;
//   3. figures: deliveries written per second (deliveries / time the job spent writing them), the time from the
//      staff's push until the last delivery is written (from then on every device's poll answers the notice), and
//      the latency of a device's poll (GET /device/v1/notices) with the notice among a million deliveries;
//   4. the same push retried (the job run again over the written rows): how long, and that nothing doubled.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { createHash, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildProjects, importDist } from './build.mjs';

const DEVICES = Number(process.env.BENCH_NOTICE_DEVICES ?? 1_000_000);
const BRAND = 'DEMO';

buildProjects('the API, device-ingest and the test harness', ['@kb/api', '@kb/device-ingest', '@kb/testing']);
const { startSystem } = await importDist('libs/testing/dist/index.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n) => Math.round(n).toLocaleString('en');
const prefix = `kbbench-notices-${randomUUID().slice(0, 8)}:`;
const system = await startSystem({ env: { LOG_LEVEL: 'info', REDIS_PREFIX: prefix }, ingest: true });
const pool = new pg.Pool({ connectionString: system.db.url, max: 4 });
pool.on('error', () => undefined);

try {
  const line = system.logs.find((l) => l.includes('device-ingest listening'));
  const ingestUrl = /(http:\/\/[^\s"]+)/.exec(line)[1];

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

  const cookies = new Map();
  async function call(method, url, body) {
    const res = await fetch(system.baseUrl + url, {
      method,
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      headers: {
        'x-lang': 'en',
        'x-requested-with': 'kb-admin',
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return res.json();
  }
  await call('GET', '/api/auth/captcha').catch(() => undefined);
  const form = new FormData();
  form.set('account', 'demo');
  form.set('password', createHash('md5').update('demo12345').digest('hex'));
  form.set('captcha', '0000');
  form.set('sysFlag', 'brand');
  const login = await call('POST', '/api/auth/login', form);
  if (login.status !== 200) throw new Error(`login failed: ${login.desc}`);

  const { rows: brandCount } = await pool.query(
    'SELECT count(*)::int AS n FROM devices WHERE brand_owner_code = $1',
    [BRAND],
  );
  console.log(`\nPushing a notice to all ${fmt(brandCount[0].n)} devices of ${BRAND} …`);
  const pushed = performance.now();
  const answer = await call('POST', '/api/inform/addAndPush', {
    label: 'bench',
    texts: [{ lang: 'zh', title: '基准通知', content: '一百万台设备' }],
    pushMode: 'now',
    targetKind: 'all',
  });
  if (answer.status !== 200) throw new Error(`addAndPush failed: ${answer.desc}`);
  const id = answer.data.id;
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
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const queue = new Queue('notification-push', { connection: redis, prefix: `${prefix}bull` });
  const retried = performance.now();
  await queue.add('push-notice', {
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
  await queue.close();
  await redis.quit();
} finally {
  await pool.end();
  await system.stop();
}
