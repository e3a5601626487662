// `npm run bench` (content): the device content feed, GET /device/v1/content, as 10,000 devices poll it. On a
// private database (dropped at the end) with the real, built API and device-ingest processes:
//   1. 10,000 activated devices of brand DEMO on two models, and the brand's content (banners for the device
//      recipe home, lock-screen ads per model, themed groups with released recipes, hot labels);
//   2. every device polls once (credential check, full answer, its ETag kept); then BENCH_CLIENTS (64) keep-alive
//      clients poll for BENCH_SECONDS (10), each request as a random device that sends back the ETag it has
//      (If-None-Match): requests/s, share answered 304, p50 / p99;
//   3. the same without ETags (every answer a full 200 body), for comparison.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { builtTesting, fmt, percentile } from './build.mjs';
import { storeCredentials } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const DEVICES = 10_000;
const BRAND = 'DEMO';

const { startSystem } = await builtTesting('@kb/api', '@kb/device-ingest');

const system = await startSystem({ ingest: true, env: { LOG_LEVEL: 'info' } });
const pool = new pg.Pool({ connectionString: system.db.url, max: 4 });
pool.on('error', () => undefined);
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function get(port, token, etag) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/device/v1/content?lang=en',
        agent,
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode, etag: res.headers.etag, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

try {
  const line = system.logs.find((l) => l.includes('device-ingest listening'));
  const port = Number(/:(\d+)\b(?!.*:\d+)/.exec(line)?.[1]);
  if (!port) throw new Error(`no device-ingest port in: ${line}`);

  // 1. Devices (credentials as activation writes them) and the brand's content.
  const devices = Array.from({ length: DEVICES }, (_, i) => {
    const secret = randomBytes(32).toString('base64url');
    const credentialId = randomUUID();
    return { id: randomUUID(), sn: `CONTENT${String(i).padStart(7, '0')}`, credentialId, secret };
  });
  await pool.query(
    `INSERT INTO devices (id, brand_owner_code, sn, product_code, activated_at)
     SELECT id, $1, sn, CASE WHEN n % 2 = 0 THEN 'TM-6' ELSE 'AF-5' END, now()
       FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS u(id, sn, n)`,
    [BRAND, devices.map((d) => d.id), devices.map((d) => d.sn)],
  );
  await storeCredentials(pool, devices);
  const image = randomUUID();
  const { rows: recipes } = await pool.query(
    `SELECT recipe_id FROM recipe_list WHERE brand_owner_code = $1 AND status = 'released' AND online`,
    [BRAND],
  );
  for (let i = 0; i < 5; i++) {
    const { rows } = await pool.query(
      `INSERT INTO content_banners (brand_owner_code, name, link_kind, image_file_codes, position, sort, online)
       VALUES ($1, $2, 'recipe', $3, 'device_recipe_home', $4, true) RETURNING id`,
      [BRAND, `Banner ${i}`, JSON.stringify([image]), i],
    );
    for (const [n, r] of recipes.entries())
      await pool.query(
        `INSERT INTO content_banner_recipes (banner_id, brand_owner_code, recipe_id, sort) VALUES ($1, $2, $3, $4)`,
        [rows[0].id, BRAND, r.recipe_id, n],
      );
    await pool.query(
      `INSERT INTO content_lock_screen_ads (brand_owner_code, name, image_file_codes, model_codes, sort, online)
       VALUES ($1, $2, $3, $4, $5, true)`,
      [BRAND, `Ad ${i}`, JSON.stringify([image, image]), JSON.stringify([i % 2 ? 'AF-5' : 'TM-6']), i],
    );
    const group = await pool.query(
      `INSERT INTO content_groups (brand_owner_code, name, number, descriptions, sort, share_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        BRAND,
        `Group ${i}`,
        `G${i}`,
        JSON.stringify({ zh: '主题', en: 'Theme' }),
        i,
        randomBytes(16).toString('base64url'),
      ],
    );
    for (const [n, r] of recipes.entries())
      await pool.query(
        `INSERT INTO content_group_recipes (group_id, brand_owner_code, recipe_id, sort) VALUES ($1, $2, $3, $4)`,
        [group.rows[0].id, BRAND, r.recipe_id, n],
      );
  }
  for (let i = 0; i < 20; i++)
    await pool.query(
      `INSERT INTO content_hot_tags (brand_owner_code, labels, sort, online) VALUES ($1, $2, $3, true)`,
      [BRAND, JSON.stringify({ zh: `热门${i}`, en: `Hot ${i}` }), i],
    );

  /** What each device last got: its ETag (set by the first pass, as a fleet that has polled before). */
  const etags = new Map();

  /** Clients poll as random devices until `seconds` are over; with ETags, each device sends back its last one. */
  async function poll(withEtags) {
    const times = [];
    let notModified = 0;
    let failed = 0;
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          const d = devices[Math.floor(Math.random() * DEVICES)];
          const res = await get(
            port,
            `${d.credentialId}.${d.secret}`,
            withEtags ? etags.get(d.id) : undefined,
          );
          times.push(res.ms);
          if (res.status === 304) notModified += 1;
          else if (res.status === 200) etags.set(d.id, res.etag);
          else failed += 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return {
      rate: times.length / elapsed,
      notModified: times.length ? notModified / times.length : 0,
      failed,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    };
  }

  // First pass: every device polls once (its credential is checked, then trusted for a minute as for a fleet
  // that polls often, and it keeps the ETag it got).
  const firstStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < DEVICES) {
        const d = devices[next++];
        etags.set(d.id, (await get(port, `${d.credentialId}.${d.secret}`)).etag);
      }
    }),
  );
  const firstSeconds = (performance.now() - firstStarted) / 1000;
  console.log(
    `first poll of all ${fmt(DEVICES)} devices (credential checks, full answers): ${fmt(DEVICES / firstSeconds)} req/s`,
  );
  const runs = [
    ['10,000 devices, If-None-Match', await poll(true)],
    ['10,000 devices, no ETag (full 200s)', await poll(false)],
  ];
  const pad = (s, n) => String(s).padStart(n);
  console.log(
    `\nGET /device/v1/content, ${CLIENTS} keep-alive clients for ${SECONDS} s each, random device per request:`,
  );
  console.log(
    `${'run'.padEnd(40)} ${pad('req/s', 8)} ${pad('304s', 6)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('failed', 7)}`,
  );
  for (const [title, r] of runs)
    console.log(
      `${title.padEnd(40)} ${pad(fmt(r.rate), 8)} ${pad(`${Math.round(r.notModified * 100)}%`, 6)} ${pad(r.p50.toFixed(1), 8)} ${pad(r.p99.toFixed(1), 8)} ${pad(r.failed, 7)}`,
    );
} finally {
  agent.destroy();
  await pool.end();
  await system.stop();
}
