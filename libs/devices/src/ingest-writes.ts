import type pg from 'pg';
import type { FaultMessage, TelemetryMessage } from '@kb/contracts';
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
 * The statement's part that applies posts to the devices (CTEs after the insert's, parameters from `$first` on):
 * last activity only moves forward; online when the post is still within the inactivity timeout (a late job never
 * revives a device whose posts are all older than its timeout); the state of a sample (IP, versions, mode,
 * network, UI language) applies only if it is newer than the one applied before, so out-of-order posts never move
 * a device backwards. A last sample time further ahead of now than the allowed clock skew came from a device clock
 * gone wrong, and yields to any real sample.
 *
 * The rows are locked in id order first (`locked`), so two writers touching the same devices never deadlock.
 * Every new value is computed from the row being updated (`d`), never from the statement's snapshot: a row another
 * writer changed after that snapshot is updated from its newest version (Postgres re-reads it once locked).
 */
function touchDevices(list: Activity[], maxClockSkewMs: number, first: number) {
  const col = <T>(f: (s: TelemetryMessage) => T | undefined) =>
    list.map((a) => (a.sample ? (f(a.sample) ?? null) : null));
  const $ = (i: number) => `$${first + i}`;
  const due = `GREATEST(d.last_seen_at, a.seen) + make_interval(secs => coalesce(d.inactivity_timeout_s,
                 (SELECT s.inactivity_timeout_s FROM device_brand_settings s WHERE s.brand_owner_code = d.brand_owner_code),
                 ${DEFAULT_INACTIVITY_TIMEOUT_S}))`;
  const newer = `(a.sampled IS NOT NULL AND (d.last_sample_at IS NULL OR a.sampled >= d.last_sample_at
                   OR d.last_sample_at > now() + make_interval(secs => ${$(9)}::float8 / 1000)))`;
  const state = (column: string, value: string) =>
    `${column} = CASE WHEN ${newer} THEN coalesce(a.${value}, d.${column}) ELSE d.${column} END`;
  return {
    ctes: `
     activity AS (
       SELECT * FROM unnest(${$(0)}::uuid[], ${$(1)}::timestamptz[], ${$(2)}::timestamptz[], ${$(3)}::text[],
                            ${$(4)}::text[], ${$(5)}::text[], ${$(6)}::text[], ${$(7)}::text[], ${$(8)}::text[],
                            ${$(10)}::text[])
         AS a(device_id, seen, sampled, ip, network, mode, apk, mcu, tp, lang)),
     locked AS MATERIALIZED (
       SELECT id FROM devices WHERE id = ANY(${$(0)}::uuid[]) ORDER BY id FOR NO KEY UPDATE),
     touched AS (
       UPDATE devices d SET
         last_seen_at = GREATEST(d.last_seen_at, a.seen),
         offline_due_at = ${due},
         status_changed_at = CASE WHEN NOT d.online AND ${due} > now() THEN now() ELSE d.status_changed_at END,
         online = d.online OR ${due} > now(),
         last_sample_at = CASE WHEN ${newer} THEN a.sampled ELSE d.last_sample_at END,
         ${state('ip', 'ip')},
         ${state('network', 'network')},
         ${state('current_mode', 'mode')},
         ${state('apk_version', 'apk')},
         ${state('mcu_version', 'mcu')},
         ${state('tp_version', 'tp')},
         ${state('lang', 'lang')}
       FROM locked l JOIN activity a ON a.device_id = l.id
       WHERE d.id = l.id
       RETURNING 1)`,
    params: [
      list.map((a) => a.deviceId),
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
  };
}

/**
 * Stores device messages in one statement (one round trip, its own transaction): `insert` gives the CTEs that
 * write the new ones (idempotent on device and message id, keyed by the device ids, message ids and brands in
 * $1–$3), the last of them `stored`, one row per new message; then the devices' activity (with the sample a
 * message carries, for telemetry). Row locks are held for the statement only, never across a round trip to this
 * process, so writers of other processes touching the same devices wait for a statement, not for this process's
 * event loop. Answers how many messages were new.
 */
async function storeMessages<M extends { messageId: string }>(
  pool: pg.Pool,
  writes: { deviceId: string; brandOwnerCode: string; receivedAt: string; message: M }[],
  options: StoreOptions,
  withSample: boolean,
  insert: (messages: M[]) => { ctes: string; params: unknown[] },
): Promise<number> {
  const skew = options.maxClockSkewMs ?? DEFAULT_MAX_CLOCK_SKEW_MS;
  if (!writes.length) return 0;
  const messages = writes.map((w) => w.message);
  const keys: [string[], string[], string[]] = [
    writes.map((w) => w.deviceId),
    messages.map((x) => x.messageId),
    writes.map((w) => w.brandOwnerCode),
  ];
  const stored = insert(messages);
  const params = [...keys, ...stored.params];
  const touch = touchDevices(activities(writes, withSample, skew), skew, params.length + 1);
  const { rows } = await pool.query<{ stored: number }>(
    `WITH ${stored.ctes}, ${touch.ctes}
     SELECT (SELECT count(*)::int FROM stored) AS stored, (SELECT count(*)::int FROM touched) AS touched`,
    [...params, ...touch.params],
  );
  return rows[0]?.stored ?? 0;
}

/**
 * Stores telemetry messages in one statement: one multi-row insert (unnest), idempotent on (device, message
 * id), then the devices' activity. Messages of devices deleted meanwhile are dropped. Answers how many rows
 * were new.
 */
export async function storeTelemetry(
  pool: pg.Pool,
  writes: TelemetryWrite[],
  options: StoreOptions = {},
): Promise<number> {
  return storeMessages(pool, writes, options, true, (m) => ({
    // New rows only (a resent message is a no-op) feed the hourly rollup: per device and hour, the number of
    // samples and each numeric reading's sum and count. Rollup rows are locked in (device, hour) order.
    ctes: `
       stored AS (
         INSERT INTO device_telemetry (device_id, message_id, brand_owner_code, sampled_at, received_at, network, ip,
                                       apk_version, mcu_version, tp_version, mode, extra)
         SELECT u.* FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[],
                                $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::jsonb[])
           AS u(device_id, message_id, brand, sampled_at, received_at, network, ip, apk, mcu, tp, mode, extra)
         JOIN devices d ON d.id = u.device_id AND d.brand_owner_code = u.brand
         ON CONFLICT (device_id, message_id, sampled_at) DO NOTHING
         RETURNING device_id, brand_owner_code, date_trunc('hour', sampled_at) AS hour, extra),
       readings AS (
         SELECT device_id, hour, jsonb_object_agg(k, jsonb_build_array(s, n)) AS readings
           FROM (SELECT s.device_id, s.hour, e.key AS k, sum(e.value::text::float8) AS s, count(*) AS n
                   FROM stored s, jsonb_each(s.extra) e WHERE jsonb_typeof(e.value) = 'number'
                  GROUP BY 1, 2, 3) x
          GROUP BY 1, 2),
       rolled AS (
         INSERT INTO device_telemetry_hourly AS h (device_id, hour, brand_owner_code, samples, readings)
         SELECT s.device_id, s.hour, min(s.brand_owner_code), count(*), coalesce(r.readings, '{}')
           FROM stored s LEFT JOIN readings r USING (device_id, hour)
          GROUP BY s.device_id, s.hour, r.readings ORDER BY s.device_id, s.hour
         ON CONFLICT (device_id, hour) DO UPDATE
           SET samples = h.samples + EXCLUDED.samples, readings = device_readings_add(h.readings, EXCLUDED.readings)
         RETURNING 1)`,
    params: [
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
  }));
}

/** Stores fault reports like telemetry; each report keeps the device's model and APK version of that moment. */
export async function storeFaults(
  pool: pg.Pool,
  writes: FaultWrite[],
  options: StoreOptions = {},
): Promise<number> {
  return storeMessages(pool, writes, options, false, (m) => ({
    ctes: `
     stored AS (
       INSERT INTO device_faults (device_id, message_id, brand_owner_code, sn, product_code, sub_model, apk_version,
                                  type, reported_at, received_at, country, city, error_log)
       SELECT u.device_id, u.message_id, d.brand_owner_code, d.sn, d.product_code, d.sub_model, d.apk_version,
              u.type, u.reported_at, u.received_at, u.country, u.city, u.error_log
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                     $7::text[], $8::text[], $9::text[])
           AS u(device_id, message_id, brand, type, reported_at, received_at, country, city, error_log)
         JOIN devices d ON d.id = u.device_id AND d.brand_owner_code = u.brand
       ON CONFLICT (device_id, message_id, reported_at) DO NOTHING
       RETURNING 1)`,
    params: [
      m.map((x) => x.type),
      m.map((x) => x.reportedAt),
      writes.map((w) => w.receivedAt),
      m.map((x) => x.country ?? null),
      m.map((x) => x.city ?? null),
      m.map((x) => x.errorLog),
    ],
  }));
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
