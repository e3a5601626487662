import type pg from 'pg';
import type { FaultMessage, TelemetryMessage } from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { DEFAULT_INACTIVITY_TIMEOUT_S } from './activation.js';

/** One telemetry message of a posted batch, with who posted it and when the post arrived (server time). */
export interface TelemetryWrite {
  deviceId: string;
  brandOwnerCode: string;
  receivedAt: string;
  message: TelemetryMessage;
}

export interface FaultWrite {
  deviceId: string;
  brandOwnerCode: string;
  receivedAt: string;
  message: FaultMessage;
}

/**
 * How far ahead of the server's clock a device's sample time may be. The device API refuses a post beyond it;
 * here a sample beyond it (a job queued before that check) is stored as reported but never becomes the device's
 * state, and a state applied from such a sample earlier no longer holds back real samples.
 */
export const DEFAULT_MAX_CLOCK_SKEW_MS = 5 * 60_000;

export interface StoreOptions {
  /** See DEFAULT_MAX_CLOCK_SKEW_MS. */
  maxClockSkewMs?: number;
}

/** What one device's posts in a write tell about it: when it was last heard, and its newest sample. */
interface Activity {
  deviceId: string;
  seenAt: string;
  sample?: TelemetryMessage;
}

function activities(
  writes: { deviceId: string; receivedAt: string; message: unknown }[],
  withSample: boolean,
  maxClockSkewMs = DEFAULT_MAX_CLOCK_SKEW_MS,
) {
  const byDevice = new Map<string, Activity>();
  for (const w of writes) {
    const a = byDevice.get(w.deviceId) ?? { deviceId: w.deviceId, seenAt: w.receivedAt };
    if (Date.parse(w.receivedAt) > Date.parse(a.seenAt)) a.seenAt = w.receivedAt;
    if (withSample) {
      const m = w.message as TelemetryMessage;
      const sampledAt = Date.parse(m.sampledAt);
      const plausible = sampledAt <= Date.parse(w.receivedAt) + maxClockSkewMs;
      if (plausible && (!a.sample || sampledAt > Date.parse(a.sample.sampledAt))) a.sample = m;
    }
    byDevice.set(w.deviceId, a);
  }
  // Lock order: by id, so two writers touching the same devices never deadlock.
  return [...byDevice.values()].sort((x, y) => (x.deviceId < y.deviceId ? -1 : 1));
}

/** The UI language a sample reports (`extra.lang`), if it says one. */
const sampleLang = (s: TelemetryMessage) => (typeof s.extra?.lang === 'string' ? s.extra.lang : undefined);

/**
 * Applies posts to the devices: last activity only moves forward; online when the post is still within the
 * inactivity timeout (a late job never revives a device whose posts are all older than its timeout); the
 * state of a sample (IP, versions, mode, network, UI language) applies only if it is newer than the one applied
 * before, so out-of-order posts never move a device backwards. A last sample time further ahead of now than the
 * allowed clock skew came from a device clock gone wrong, and yields to any real sample. The devices are locked in
 * id order (so two writers touching the same devices never deadlock) by the statement that reads them, which
 * then reads each row's newest version: a separate locking statement before it cost about 6 % of Postgres's CPU
 * per single-sample post (one more index probe per device, one more statement per transaction).
 */
async function touchDevices(c: pg.PoolClient, list: Activity[], maxClockSkewMs: number): Promise<void> {
  if (!list.length) return;
  const ids = list.map((a) => a.deviceId);
  const col = <T>(f: (s: TelemetryMessage) => T | undefined) =>
    list.map((a) => (a.sample ? (f(a.sample) ?? null) : null));
  await c.query({
    name: 'devices-touch-locked',
    text: `WITH u AS (
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::text[],
                            $7::text[], $8::text[], $9::text[], $11::text[])
         AS u(device_id, seen, sampled, ip, network, mode, apk, mcu, tp, lang)),
     v AS MATERIALIZED (
       SELECT d.id, u.*, GREATEST(d.last_seen_at, u.seen) AS new_seen,
              GREATEST(d.last_seen_at, u.seen)
                + make_interval(secs => coalesce(d.inactivity_timeout_s, s.inactivity_timeout_s, ${DEFAULT_INACTIVITY_TIMEOUT_S}))
                AS new_due,
              (u.sampled IS NOT NULL AND (d.last_sample_at IS NULL OR u.sampled >= d.last_sample_at
                                         OR d.last_sample_at > now() + make_interval(secs => $10::float8 / 1000)))
                AS newer
         FROM u JOIN devices d ON d.id = u.device_id
         LEFT JOIN device_brand_settings s ON s.brand_owner_code = d.brand_owner_code
        ORDER BY d.id FOR NO KEY UPDATE OF d)
     UPDATE devices d SET
       last_seen_at = v.new_seen,
       offline_due_at = v.new_due,
       status_changed_at = CASE WHEN NOT d.online AND v.new_due > now() THEN now() ELSE d.status_changed_at END,
       online = d.online OR v.new_due > now(),
       last_sample_at = CASE WHEN v.newer THEN v.sampled ELSE d.last_sample_at END,
       ip = CASE WHEN v.newer THEN coalesce(v.ip, d.ip) ELSE d.ip END,
       network = CASE WHEN v.newer THEN coalesce(v.network, d.network) ELSE d.network END,
       current_mode = CASE WHEN v.newer THEN coalesce(v.mode, d.current_mode) ELSE d.current_mode END,
       apk_version = CASE WHEN v.newer THEN coalesce(v.apk, d.apk_version) ELSE d.apk_version END,
       mcu_version = CASE WHEN v.newer THEN coalesce(v.mcu, d.mcu_version) ELSE d.mcu_version END,
       tp_version = CASE WHEN v.newer THEN coalesce(v.tp, d.tp_version) ELSE d.tp_version END,
       lang = CASE WHEN v.newer THEN coalesce(v.lang, d.lang) ELSE d.lang END
     FROM v WHERE d.id = v.id`,
    values: [
      ids,
      list.map((a) => a.seenAt),
      col((s) => s.sampledAt),
      col((s) => s.ip),
      col((s) => s.network),
      col((s) => s.mode),
      col((s) => s.apkVersion),
      col((s) => s.mcuVersion),
      col((s) => s.tpVersion),
      maxClockSkewMs,
      col(sampleLang),
    ],
  });
}

/**
 * Stores device messages in one transaction: `insert` writes the new ones (idempotent on device and message id,
 * keyed by the device ids, message ids and brands it is handed first) and answers how many were new; then the
 * devices' activity (with the sample a message carries, for telemetry).
 */
async function storeMessages<M extends { messageId: string }>(
  pool: pg.Pool,
  writes: { deviceId: string; brandOwnerCode: string; receivedAt: string; message: M }[],
  options: StoreOptions,
  withSample: boolean,
  insert: (c: pg.PoolClient, messages: M[], keys: [string[], string[], string[]]) => Promise<number>,
): Promise<number> {
  const skew = options.maxClockSkewMs ?? DEFAULT_MAX_CLOCK_SKEW_MS;
  if (!writes.length) return 0;
  return withTransaction(
    pool,
    async (c) => {
      const messages = writes.map((w) => w.message);
      const keys: [string[], string[], string[]] = [
        writes.map((w) => w.deviceId),
        messages.map((x) => x.messageId),
        writes.map((w) => w.brandOwnerCode),
      ];
      const stored = await insert(c, messages, keys);
      await touchDevices(c, activities(writes, withSample, skew), skew);
      return stored;
    },
    GENERIC_PLANS,
  );
}

/**
 * The writes' statements are prepared once per connection (named) and run with their generic plan: their
 * shape never depends on the values (arrays of one to a few thousand rows, each found by its key), and planning
 * them anew for each batch cost more Postgres CPU than executing them (about 1 ms of 2 per single-message batch,
 * the devices table having many indexes).
 */
const GENERIC_PLANS = 'BEGIN; SET LOCAL plan_cache_mode = force_generic_plan';

/**
 * Stores telemetry messages in one transaction: one multi-row insert (unnest), idempotent on (device, message
 * id), then the devices' activity. Messages of devices deleted meanwhile are dropped. Answers how many rows
 * were new.
 */
export async function storeTelemetry(
  pool: pg.Pool,
  writes: TelemetryWrite[],
  options: StoreOptions = {},
): Promise<number> {
  return storeMessages(pool, writes, options, true, async (c, m, keys) => {
    // New rows only (a resent message is a no-op) feed the hourly rollup: per device and hour, the number of
    // samples and each numeric reading's sum and count. Rollup rows are locked in (device, hour) order. An hour
    // of one new sample (every single post) takes that sample's readings as they are; only an hour of several
    // (a batch) sums them by key: grouping every sample's readings by (device, hour, key) and joining them back
    // cost a fifth of Postgres's CPU per single-sample post. The readings are added as device_readings_add adds
    // them (the same sums, the stored row's first), but written out here: a SQL function that is not inlined
    // starts and ends an executor for every row it is called on, which cost Postgres about a tenth of a
    // single-sample post. An existing hour takes only the new readings' keys over (`||`), each summed with its
    // own: no union of both objects grouped by key, which built a hash table for every row updated.
    const { rows } = await c.query<{ stored: number }>({
      name: 'telemetry-store',
      text: `WITH stored AS (
         INSERT INTO device_telemetry (device_id, message_id, brand_owner_code, sampled_at, received_at, network, ip,
                                       apk_version, mcu_version, tp_version, mode, extra)
         SELECT u.* FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[],
                                $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::jsonb[])
           AS u(device_id, message_id, brand, sampled_at, received_at, network, ip, apk, mcu, tp, mode, extra)
         JOIN devices d ON d.id = u.device_id AND d.brand_owner_code = u.brand
         ON CONFLICT (device_id, message_id, sampled_at) DO NOTHING
         RETURNING device_id, brand_owner_code, date_trunc('hour', sampled_at) AS hour, extra),
       rolled AS (
         INSERT INTO device_telemetry_hourly AS h (device_id, hour, brand_owner_code, samples, readings)
         SELECT g.device_id, g.hour, g.brand, g.samples, coalesce(
                  CASE WHEN g.samples = 1
                    THEN (SELECT jsonb_object_agg(e.key, jsonb_build_array(e.value::text::float8, 1))
                            FROM jsonb_each(g.extras[1]) e WHERE jsonb_typeof(e.value) = 'number')
                    ELSE (SELECT jsonb_object_agg(k, jsonb_build_array(s, n))
                            FROM (SELECT e.key AS k, sum(e.value::text::float8) AS s, count(*) AS n
                                    FROM unnest(g.extras) x, jsonb_each(x) e WHERE jsonb_typeof(e.value) = 'number'
                                   GROUP BY e.key) y)
                  END, '{}')
           FROM (SELECT device_id, hour, min(brand_owner_code) AS brand, count(*) AS samples,
                        array_agg(extra) AS extras
                   FROM stored GROUP BY device_id, hour) g
          ORDER BY g.device_id, g.hour
         ON CONFLICT (device_id, hour) DO UPDATE
           SET samples = h.samples + EXCLUDED.samples,
               readings = h.readings || coalesce(
                 (SELECT jsonb_object_agg(e.key, jsonb_build_array(
                           coalesce((h.readings->e.key->>0)::float8, 0) + (e.value->>0)::float8,
                           coalesce((h.readings->e.key->>1)::bigint, 0) + (e.value->>1)::bigint))
                    FROM jsonb_each(EXCLUDED.readings) e), '{}'))
       SELECT count(*)::int AS stored FROM stored`,
      values: [
        ...keys,
        m.map((x) => x.sampledAt),
        writes.map((w) => w.receivedAt),
        m.map((x) => x.network ?? null),
        m.map((x) => x.ip ?? null),
        m.map((x) => x.apkVersion ?? null),
        m.map((x) => x.mcuVersion ?? null),
        m.map((x) => x.tpVersion ?? null),
        m.map((x) => x.mode ?? null),
        m.map((x) => JSON.stringify(x.extra ?? {})),
      ],
    });
    return rows[0]?.stored ?? 0;
  });
}

/** Stores fault reports like telemetry; each report keeps the device's model and APK version of that moment. */
export async function storeFaults(
  pool: pg.Pool,
  writes: FaultWrite[],
  options: StoreOptions = {},
): Promise<number> {
  return storeMessages(pool, writes, options, false, async (c, m, keys) => {
    const { rowCount } = await c.query({
      name: 'faults-store',
      text: `INSERT INTO device_faults (device_id, message_id, brand_owner_code, sn, product_code, sub_model, apk_version,
                                  type, reported_at, received_at, country, city, error_log)
       SELECT u.device_id, u.message_id, d.brand_owner_code, d.sn, d.product_code, d.sub_model, d.apk_version,
              u.type, u.reported_at, u.received_at, u.country, u.city, u.error_log
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                     $7::text[], $8::text[], $9::text[])
           AS u(device_id, message_id, brand, type, reported_at, received_at, country, city, error_log)
         JOIN devices d ON d.id = u.device_id AND d.brand_owner_code = u.brand
       ON CONFLICT (device_id, message_id, reported_at) DO NOTHING`,
      values: [
        ...keys,
        m.map((x) => x.type),
        m.map((x) => x.reportedAt),
        writes.map((w) => w.receivedAt),
        m.map((x) => x.country ?? null),
        m.map((x) => x.city ?? null),
        m.map((x) => x.errorLog),
      ],
    });
    return rowCount ?? 0;
  });
}

/** How many online devices one statement of the offline sweep looks at. */
export const SWEEP_BATCH = 5000;

/**
 * Marks offline every online device whose timeout has passed; answers how many changed. Walks the online
 * devices by id in statements of at most `batch` rows (each a short transaction: no long lock, no long-held
 * snapshot), so its cost grows with the online fleet but no statement does. Safe to run from several processes
 * at once (each row changes once; a row another sweeper holds is skipped).
 */
export async function sweepOfflineDevices(
  pool: pg.Pool | pg.PoolClient,
  batch: number = SWEEP_BATCH,
): Promise<number> {
  let changed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await pool.query<{ last: string | null; walked: number; changed: number }>(
      `WITH walked AS (
         SELECT id FROM devices WHERE online AND id > $1 ORDER BY id LIMIT $2),
       due AS (
         SELECT d.id FROM devices d JOIN walked w ON w.id = d.id
          WHERE d.online AND d.offline_due_at <= now()
          ORDER BY d.id FOR NO KEY UPDATE OF d SKIP LOCKED),
       swept AS (
         UPDATE devices d SET online = false, status_changed_at = now() FROM due WHERE d.id = due.id RETURNING 1)
       SELECT (SELECT id FROM walked ORDER BY id DESC LIMIT 1) AS last, (SELECT count(*)::int FROM walked) AS walked,
              (SELECT count(*)::int FROM swept) AS changed`,
      [after, batch],
    );
    changed += rows[0]?.changed ?? 0;
    const last = rows[0]?.last;
    if (!last || (rows[0]?.walked ?? 0) < batch) return changed;
    after = last;
  }
}
