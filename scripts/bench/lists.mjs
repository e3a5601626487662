// `npm run bench` (lists): the device list and the app-user list at a million rows each, every filter and sort
// their screens offer, and the compatibility counts before a release over the million devices. With the real,
// built API (and the projector, for the seeded APK packages) on a private database (dropped at the end):
//   1. BENCH_DEVICES (1,000,000) devices and BENCH_BIG_USERS (1,000,000) app users of brand DEMO (scripts/bench/
//      seed.mjs), analysed;
//   2. GET /api/device/list and GET /api/user/list as a logged-in user, BENCH_REQUESTS (100) sequential requests
//      per query shape (first pages, filters, deep pages by page number and by cursor, each sortable column):
//      p50 / p95 / p99, with the load average beside each table;
//   3. GET /api/subApk/rollout/compatibility and GET /api/offlineRecipes/compatibility of DEMO's seeded package and
//      pack, the same way, and EXPLAIN (ANALYZE, BUFFERS) of the count the API runs (buffers do not depend on load).
// BENCH_KEEP_DATABASE=true keeps the database (its URL printed); BENCH_DATABASE=<that URL> reuses it: the API
// migrates it and only missing rows are written, so a changed query or index is timed again in a minute (and the
// kept database serves EXPLAIN (ANALYZE, BUFFERS) in between). BENCH_SKIP_BUILD=true uses the dist folders as
// they are. Figures only; not a test.
import { loadavg } from 'node:os';
import pg from 'pg';
import { builtTesting, demoConsole, fmt, importDist, printListLatencies } from './build.mjs';
import { listAppUsers, listDevices } from './seed.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const USERS = Number(process.env.BENCH_BIG_USERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const KEPT = process.env.BENCH_DATABASE;
const KEEP = process.env.BENCH_KEEP_DATABASE === 'true';
const BRAND = 'DEMO';

const { createTestDatabase, eventually, startSystem } = await builtTesting('@kb/api', '@kb/projector');
const { releaseFitCountsSql, releaseMisfitSql } = await importDist('libs/devices/dist/index.js');

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

const db = KEPT ? { url: KEPT, drop: async () => undefined } : await createTestDatabase('kbbench');
const system = await startSystem({ projector: true, env: { LOG_LEVEL: 'warn', DATABASE_URL: db.url } });
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
pool.on('error', () => undefined);

try {
  // 1. The rows, written only where a kept database lacks them.
  const have = async (table, pattern) =>
    Number(
      (
        await pool.query(`SELECT count(*) AS n FROM ${table} WHERE brand_owner_code = $1 AND ${pattern}`, [
          BRAND,
        ])
      ).rows[0].n,
    );
  const devicesHad = await have('devices', `sn LIKE 'KC%'`);
  const usersHad = await have('app_users', `account LIKE 'user%@app.example.com'`);
  console.log(
    `Writing ${fmt(DEVICES - Math.min(DEVICES, devicesHad))} devices and ${fmt(USERS - Math.min(USERS, usersHad))} app users of ${BRAND} (${load()}) …`,
  );
  const writeStarted = performance.now();
  if (devicesHad < DEVICES) await listDevices(pool, BRAND, devicesHad + 1, DEVICES);
  if (usersHad < USERS) await listAppUsers(pool, BRAND, usersHad + 1, USERS);
  console.log(`  written and analysed in ${((performance.now() - writeStarted) / 1000).toFixed(0)} s`);

  const call = await demoConsole(system.baseUrl);
  /** The `nextCursor` of a list's first page of `query`: what the screen sends for the page after it. */
  const cursorAfter = async (listPath, query) => {
    const res = await (await call('GET', `${listPath}?${query}`)).json();
    if (res.status !== 200 || !res.data.nextCursor) throw new Error(`${listPath}?${query}: no next cursor`);
    return encodeURIComponent(res.data.nextCursor);
  };
  const middleSeq = async (table) =>
    (
      await pool.query(
        `SELECT seq FROM ${table} WHERE brand_owner_code = $1 ORDER BY seq DESC OFFSET $2 LIMIT 1`,
        [BRAND, Math.floor((await have(table, 'true')) / 2)],
      )
    ).rows[0].seq;

  // 2a. The device list.
  const devicesNow = await have('devices', 'true');
  const deviceMiddle = await middleSeq('devices');
  const deviceDeepPage = Math.floor(devicesNow / 2 / 10);
  const apkByModel = 'productCode=AF-5&orderBy=apkVersion&pageNum=1&pageSize=10';
  const DEVICE_QUERIES = [
    ['(floor: GET /api/auth/me)', null],
    ['first page, no filter', 'pageNum=1&pageSize=10'],
    ['filtered first page: product + online', 'productCode=AF-5&online=true&pageNum=1&pageSize=10'],
    ['filtered first page: APK version', 'apkVersion=2.2.0&pageNum=1&pageSize=20'],
    ['filtered first page: SN prefix', 'sn=KC0000123&pageNum=1&pageSize=10'],
    ['filtered first page: sub-brand + TP', 'subBrandCode=DEMO-BAKE&tpVersion=3.0.1&pageNum=1&pageSize=10'],
    [`deep page ${fmt(deviceDeepPage)} by pageNum`, `pageNum=${deviceDeepPage}&pageSize=10`],
    ['deep page by cursor (after)', `after=${deviceMiddle}&pageNum=${deviceDeepPage}&pageSize=10`],
    ['filtered deep page by cursor', `online=true&after=${deviceMiddle}&pageNum=2&pageSize=10`],
    // Sorted from a column header.
    ['sorted: SN ascending', 'orderBy=sn&order=asc&pageNum=1&pageSize=10'],
    ['sorted: activation descending, page 2', 'orderBy=activatedAt&order=desc&pageNum=2&pageSize=10'],
    ['sorted: model descending', 'orderBy=productCode&order=desc&pageNum=1&pageSize=10'],
    [
      'sorted: TP version + sub-brand filter',
      'subBrandCode=DEMO-AIR&orderBy=tpVersion&pageNum=1&pageSize=10',
    ],
    ['sorted: APK version + product filter', apkByModel],
    ['sorted: sub-model + product filter', 'productCode=AF-5&orderBy=subModel&pageNum=1&pageSize=10'],
    [
      'sorted: APK version desc + product, page 3',
      'productCode=AF-5&orderBy=apkVersion&order=desc&pageNum=3&pageSize=10',
    ],
    [
      'sorted: APK version + product, by cursor',
      `productCode=AF-5&orderBy=apkVersion&after=${await cursorAfter('/api/device/list', apkByModel)}&pageNum=2&pageSize=10`,
    ],
  ];
  console.log(
    `\nGET /api/device/list, ${fmt(devicesNow)} devices in the brand, ${REQUESTS} sequential requests each (HTTP round trip, logged in; ${load()}):`,
  );
  await printListLatencies(call, '/api/device/list', DEVICE_QUERIES, REQUESTS);
  console.log(`(target: p95 under 50 ms; each answer includes its total; ${load()} at the end)`);

  // 2b. The app-user list.
  const usersNow = await have('app_users', 'true');
  const userMiddle = await middleSeq('app_users');
  const userDeepPage = Math.floor(usersNow / 2 / 10);
  const byAccount = 'orderBy=account&order=asc&pageNum=1&pageSize=10';
  const USER_QUERIES = [
    ['(floor: GET /api/auth/me)', null],
    ['first page, no filter', 'pageNum=1&pageSize=10'],
    ['filtered: account prefix', 'account=user00123&pageNum=1&pageSize=10'],
    ['filtered: region + status disabled', 'region=DE&status=disabled&pageNum=1&pageSize=10'],
    ['filtered: unregistered', 'registered=false&pageNum=1&pageSize=10'],
    ['filtered: with a bound device', 'hasDevice=true&pageNum=1&pageSize=10'],
    [`deep page ${fmt(userDeepPage)} by pageNum`, `pageNum=${userDeepPage}&pageSize=10`],
    ['deep page by cursor (as the screen pages)', `after=${userMiddle}&pageNum=${userDeepPage}&pageSize=10`],
    ['filtered deep page by cursor', `region=CN&after=${userMiddle}&pageNum=2&pageSize=10`],
    // Sorted from a column header: each sortable column, and a next page by cursor.
    ['sorted: number ascending', 'orderBy=number&order=asc&pageNum=1&pageSize=10'],
    ['sorted: account ascending', byAccount],
    [
      'sorted: account, by cursor',
      `orderBy=account&order=asc&after=${await cursorAfter('/api/user/list', byAccount)}&pageNum=2&pageSize=10`,
    ],
    ['sorted: nickname descending', 'orderBy=nickname&order=desc&pageNum=1&pageSize=10'],
    ['sorted: region ascending, page 3', 'orderBy=region&order=asc&pageNum=3&pageSize=10'],
    ['sorted: region + status disabled', 'region=DE&status=disabled&orderBy=region&pageNum=1&pageSize=10'],
    ['sorted: registration descending, page 2', 'orderBy=registeredAt&order=desc&pageNum=2&pageSize=10'],
    ['sorted: registration + unregistered', 'registered=false&orderBy=registeredAt&pageNum=1&pageSize=10'],
  ];
  console.log(
    `\nGET /api/user/list, ${fmt(usersNow)} app users in the brand, ${REQUESTS} sequential requests each (HTTP round trip, logged in; ${load()}):`,
  );
  await printListLatencies(call, '/api/user/list', USER_QUERIES, REQUESTS);
  console.log(`(target: p95 under 50 ms; ${load()} at the end)`);

  // 3. Compatibility before a release: DEMO's seeded APK package (DEMO-CHEF TM-6) with a minimum firmware and two
  // languages, and its seeded offline pack of the same model.
  const APK = 'a9c0de00-0000-4000-8000-000000000001';
  const PACK = '0ff11e00-0000-4000-8000-000000000001';
  await eventually(
    async () => (await (await call('GET', `/api/subApk/detail?id=${APK}`)).json()).status,
    (status) => status === 200,
    60_000,
    'the seeded APK package projected',
  );
  const needs = { minFirmware: '1.4.1', languages: ['zh', 'en'] };
  const apkAnswer = (
    await (
      await call(
        'GET',
        `/api/subApk/rollout/compatibility?id=${APK}&minFirmware=${needs.minFirmware}&languages=${needs.languages}`,
      )
    ).json()
  ).data;
  console.log(
    `\nCompatibility before a release, ${fmt(devicesNow)} devices in the brand, ${REQUESTS} sequential requests each (${load()}):`,
  );
  console.log(
    `  the package reaches ${fmt(apkAnswer.eligible)} of ${fmt(apkAnswer.devices)} devices of its sub-brand; left out: ${apkAnswer.incompatible.map((r) => `${r.reason} ${fmt(r.devices)}`).join(', ')}`,
  );
  await printListLatencies(
    call,
    '/api/subApk/rollout/compatibility',
    [
      ['(floor: GET /api/auth/me)', null],
      [
        'APK rollout: min firmware + languages',
        `id=${APK}&minFirmware=${needs.minFirmware}&languages=${needs.languages}`,
      ],
    ],
    REQUESTS,
  );
  await printListLatencies(
    call,
    '/api/offlineRecipes/compatibility',
    [['offline pack', `id=${PACK}`]],
    REQUESTS,
  );
  const explained = async (sql, params) => {
    const plan = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)).rows[0][
      'QUERY PLAN'
    ][0];
    const top = plan.Plan;
    return `${plan['Execution Time'].toFixed(2)} ms, shared buffers hit ${fmt(top['Shared Hit Blocks'])} read ${fmt(top['Shared Read Blocks'])}`;
  };
  const countParams = [BRAND, 'DEMO-CHEF', 'TM-6', needs.minFirmware, needs.languages];
  console.log(
    `  the count from the tally (device_release_counts): ${await explained(releaseFitCountsSql('$1', '$2', '$3::text', '$4::text', '$5::text[]'), countParams)}`,
  );
  // What the tally spares: the same rule over every device of the sub-brand.
  const perDevice = `SELECT misfit, count(*) FROM (SELECT ${releaseMisfitSql('$3::text', '$4::text', '$5::text[]')} AS misfit
                       FROM devices d WHERE d.brand_owner_code = $1 AND d.sub_brand_code = $2) m GROUP BY 1`;
  console.log(`  the same count over the devices themselves: ${await explained(perDevice, countParams)}`);
  console.log(`(target: p95 under 50 ms; ${load()} at the end)`);
  if (KEEP && !KEPT) console.log(`\nDatabase kept: BENCH_DATABASE=${db.url}`);
} finally {
  await pool.end();
  await system.stop();
  if (!KEEP) await db.drop();
}
