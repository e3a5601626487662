// `npm run bench` (device-history): the device screens over partitioned device history. On a private database
// (dropped at the end) with the real, built API:
//   1. BENCH_DEVICES (1,000,000) devices of brand DEMO, a third online;
//   2. BENCH_TELEMETRY_DAYS (30) daily telemetry partitions of BENCH_ROWS_PER_DAY (100,000) samples each, with
//      their hourly rollup, and BENCH_FAULTS (100,000) fault reports over 26 weekly partitions; one device
//      ("the detail device") sends one sample in fifty through the whole span;
//   3. GET /api/device/detail, /api/device/telemetryHistory (7 and 365 days), /api/deviceFaultLog/summary and
//      /api/device/list, BENCH_REQUESTS (50) sequential requests each: p50 / p95 / p99;
//   4. the plans (EXPLAIN ANALYZE) of the detail's samples, the history, the fault summary's totals and the list's
//      first page; the partitions with their rows and size; one offline sweep over the fleet; the scheduled
//      upkeep (partitions ahead, retention) as it runs today and 75 days on (dropping what is past 90 days).
// The sizes are bounded for a quick run; the README puts the 1,000,000,000-row case on paper from these figures.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { builtTesting, fmt, importDist, printListLatencies } from './build.mjs';
import { loggedIn } from './session.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const DAYS = Number(process.env.BENCH_TELEMETRY_DAYS ?? 30);
const ROWS_PER_DAY = Number(process.env.BENCH_ROWS_PER_DAY ?? 100_000);
const FAULTS = Number(process.env.BENCH_FAULTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const BRAND = 'DEMO';

const { startSystem } = await builtTesting('@kb/api', '@kb/devices');
const { listPartitions, maintainDeviceHistory, sweepOfflineDevices } = await importDist(
  'libs/devices/dist/index.js',
);

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
console.log(
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);

const system = await startSystem({
  env: { LOG_LEVEL: 'warn', REDIS_PREFIX: `kbbench-${randomBytes(4).toString('hex')}:` },
});
const pool = new pg.Pool({ connectionString: system.db.url, max: 4 });
pool.on('error', () => undefined);

async function plan(title, sql, params) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${sql}`, params);
  const lines = rows.map((r) => r['QUERY PLAN']);
  // Long Append lists: the first partition scans and a count of the rest, so the plan stays readable.
  const shown = [];
  let scans = 0;
  let skipped = 0;
  let skipDeeperThan = -1;
  for (const line of lines) {
    const indent = line.search(/\S/);
    if (skipDeeperThan >= 0 && indent > skipDeeperThan) continue;
    skipDeeperThan = -1;
    if (/^\s+->\s+(Index|Seq|Bitmap)/.test(line) && ++scans > 4) {
      skipped += 1;
      skipDeeperThan = indent;
      continue;
    }
    shown.push(line);
  }
  console.log(`\n-- plan: ${title}`);
  for (const line of shown) console.log(`   ${line}`);
  if (skipped) console.log(`   (${skipped} more partition scans like the ones above)`);
}

try {
  let t = performance.now();
  console.log(`\nWriting ${fmt(DEVICES)} devices of ${BRAND} …`);
  for (let from = 0; from < DEVICES; from += 100_000) {
    await pool.query(
      `INSERT INTO devices (brand_owner_code, sn, product_code, sub_brand_code, apk_version, activated_at, online,
                            last_seen_at, offline_due_at)
       SELECT $1, 'KH' || lpad(i::text, 9, '0'), (ARRAY['TM-6','AF-5','SM-3','OV-40'])[1 + i % 4],
              (ARRAY['DEMO-CHEF','DEMO-AIR','DEMO-BAKE','DEMO-BAKE'])[1 + i % 4],
              (ARRAY['2.0.3','2.1.0','2.2.0'])[1 + i % 3], now() - (i % 900) * interval '1 day', i % 3 = 0,
              -- online ones were heard within the last 4 minutes and are due offline in an hour
              now() - (i % 4) * interval '1 minute', now() + interval '1 hour'
         FROM generate_series($2::int, $3::int) AS i`,
      [BRAND, from + 1, Math.min(DEVICES, from + 100_000)],
    );
  }
  await pool.query('VACUUM ANALYZE devices');
  console.log(`  written in ${seconds(t)}`);

  // The partitions of the span (the migration made only the days around today).
  t = performance.now();
  await pool.query(
    `SELECT time_partition_create('device_telemetry', d, d + interval '1 day')
       FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - ($1::int - 1) * interval '1 day',
                            date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', interval '1 day') d`,
    [DAYS],
  );
  await pool.query(
    `SELECT time_partition_create('device_faults', w, w + interval '1 week')
       FROM generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '25 weeks',
                            date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', interval '1 week') w`,
  );
  const {
    rows: [detail],
  } = await pool.query(`SELECT id FROM devices WHERE sn = 'KH000000003'`);
  console.log(
    `Writing ${fmt(DAYS * ROWS_PER_DAY)} telemetry samples over ${DAYS} days, with their hourly rollup …`,
  );
  for (let day = 0; day < DAYS; day++) {
    await pool.query(
      `INSERT INTO device_telemetry (device_id, message_id, brand_owner_code, sampled_at, received_at, network, mode,
                                     extra)
       SELECT CASE WHEN i % 50 = 0 THEN $1::uuid ELSE d.id END, 'b' || $2::int || '-' || i, $3,
              date_trunc('day', now()) - $2::int * interval '1 day' + (i % 86400) * interval '1 s', now(), 'wifi', 'IDLE',
              jsonb_build_object('temperatureC', 20 + i % 180, 'rssi', -40 - i % 40)
         FROM generate_series(1, $4::int) i
         JOIN devices d ON d.brand_owner_code = $3 AND d.seq = 1 + (i::bigint * 7919) % $5`,
      [detail.id, day, BRAND, ROWS_PER_DAY, DEVICES],
    );
  }
  await pool.query(
    `INSERT INTO device_telemetry_hourly (device_id, hour, brand_owner_code, samples, readings)
     SELECT device_id, date_trunc('hour', sampled_at), $1, count(*),
            jsonb_build_object('temperatureC', jsonb_build_array(sum((extra->>'temperatureC')::float8), count(*)),
                               'rssi', jsonb_build_array(sum((extra->>'rssi')::float8), count(*)))
       FROM device_telemetry WHERE brand_owner_code = $1 GROUP BY 1, 2
     ON CONFLICT (device_id, hour) DO NOTHING`,
    [BRAND],
  );
  console.log(`  written in ${seconds(t)}`);
  t = performance.now();
  await pool.query(
    `INSERT INTO device_faults (device_id, message_id, brand_owner_code, sn, product_code, apk_version, type,
                                reported_at, received_at, country, city, error_log)
     SELECT d.id, 'bf' || i, $1, d.sn, d.product_code, d.apk_version,
            (ARRAY['HEATING','MOTOR','OVERHEAT','SENSOR','NETWORK'])[1 + i % 5],
            now() - (i % (26 * 7 * 24)) * interval '1 hour', now(), 'CN', 'Shenzhen', 'E' || i % 90
       FROM generate_series(1, $2::int) i
       JOIN devices d ON d.brand_owner_code = $1 AND d.seq = 1 + (i::bigint * 104729) % $3`,
    [BRAND, FAULTS, DEVICES],
  );
  await pool.query('ANALYZE device_telemetry; ANALYZE device_telemetry_hourly; ANALYZE device_faults');
  console.log(`Wrote ${fmt(FAULTS)} fault reports over 26 weeks in ${seconds(t)}`);

  for (const table of ['device_telemetry', 'device_telemetry_hourly', 'device_faults']) {
    const parts = await listPartitions(pool, table);
    const total = parts.reduce((n, p) => n + p.bytes, 0);
    const rows = parts.reduce((n, p) => n + p.rows, 0);
    console.log(`\n${table}: ${parts.length} partitions, ~${fmt(rows)} rows, ${mb(total)} with indexes`);
    const shown = parts.length > 12 ? [...parts.slice(0, 4), null, ...parts.slice(-6)] : parts;
    for (const p of shown) {
      if (!p) {
        console.log('   …');
        continue;
      }
      console.log(`   ${p.name.padEnd(40)} ${fmt(p.rows).padStart(11)} rows ${mb(p.bytes).padStart(11)}`);
    }
  }

  const call = await loggedIn(system.baseUrl, 'demo', 'demo12345');
  console.log(`\nThe device screens, ${REQUESTS} sequential requests each (HTTP round trip, logged in):`);
  await printListLatencies(
    call,
    '/api/device/detail',
    [
      ['(floor: GET /api/auth/me)', null],
      ['device detail (20 newest samples, faults)', `id=${detail.id}`],
    ],
    REQUESTS,
  );
  await printListLatencies(
    call,
    '/api/device/telemetryHistory',
    [
      ['history, 7 days per hour', `id=${detail.id}&days=7`],
      ['history, 365 days per day', `id=${detail.id}&days=365`],
    ],
    REQUESTS,
  );
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await printListLatencies(
    call,
    '/api/deviceFaultLog/summary',
    [
      ['fault summary, all time', 'period=week'],
      ['fault summary, last 30 days', `from=${monthAgo}&period=day`],
    ],
    Math.max(5, Math.floor(REQUESTS / 5)),
  );
  await printListLatencies(
    call,
    '/api/device/list',
    [
      ['device list, first page', 'pageNum=1&pageSize=10'],
      ['device list, online, first page', 'online=true&pageNum=1&pageSize=10'],
    ],
    REQUESTS,
  );

  const {
    rows: [last],
  } = await pool.query(`SELECT max(sampled_at) AS at FROM device_telemetry WHERE device_id = $1`, [
    detail.id,
  ]);
  await plan(
    'device detail: 20 newest samples (from the day before the newest, as the API asks)',
    `SELECT * FROM device_telemetry WHERE brand_owner_code = $1 AND device_id = $2
        AND ($3::timestamptz IS NULL OR sampled_at >= $3::timestamptz)
      ORDER BY sampled_at DESC LIMIT 20`,
    [BRAND, detail.id, new Date(last.at.getTime() - 86_400_000)],
  );
  await plan(
    'device detail: 20 newest samples over every partition (a device quiet for a day)',
    `SELECT * FROM device_telemetry WHERE brand_owner_code = $1 AND device_id = $2
      ORDER BY sampled_at DESC LIMIT 20`,
    [BRAND, detail.id],
  );
  await plan(
    'history: a year of the rollup',
    `SELECT date_trunc('day', hour), sum(samples), device_readings_sum(readings) FROM device_telemetry_hourly
      WHERE brand_owner_code = $1 AND device_id = $2 AND hour >= now() - interval '365 days' GROUP BY 1`,
    [BRAND, detail.id],
  );
  await plan(
    'fault summary: totals of the last 30 days',
    `SELECT count(*), count(DISTINCT device_id) FROM device_faults f
      WHERE f.brand_owner_code = $1 AND f.deleted_at IS NULL AND f.reported_at >= $2::timestamptz`,
    [BRAND, monthAgo],
  );
  await plan(
    'device list: first page keys',
    `SELECT seq FROM devices d WHERE d.brand_owner_code = $1 ORDER BY d.seq DESC LIMIT 10`,
    [BRAND],
  );

  // The sweeper's pass over the online third of the fleet: first with nobody due (the cost of the walk), then
  // with one online device in a hundred past its timeout (the walk and those transitions).
  const {
    rows: [online],
  } = await pool.query('SELECT count(*)::int AS n FROM devices WHERE online');
  t = performance.now();
  const none = await sweepOfflineDevices(pool);
  console.log(
    `\nOffline sweep over ${fmt(online.n)} online devices (statements of 5,000), nobody due: ${fmt(none)} changed in ${seconds(t)}`,
  );
  await pool.query(
    `UPDATE devices SET offline_due_at = now() - interval '1 s' WHERE online AND seq % 100 = 0`,
  );
  t = performance.now();
  const some = await sweepOfflineDevices(pool);
  console.log(`Offline sweep again, one in a hundred due: ${fmt(some)} went offline in ${seconds(t)}`);
  t = performance.now();
  const today = await maintainDeviceHistory(pool);
  console.log(
    `Upkeep today: ${today.created.length} partitions created, ${today.dropped.length} dropped, ${fmt(today.deleted)} rows deleted, in ${seconds(t)}`,
  );
  t = performance.now();
  const later = await maintainDeviceHistory(pool, { now: new Date(Date.now() + 75 * 86_400_000) });
  console.log(
    `Upkeep 75 days on: ${later.created.length} partitions created, ${later.dropped.length} dropped (past 90 days), ${fmt(later.deleted)} rows deleted, in ${seconds(t)}`,
  );
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await pool.end();
  await system.stop();
}
