import { Injectable } from '@nestjs/common';
import {
  type DEVICE_SORT_FIELDS,
  type DeviceDetail,
  type DeviceListPage,
  type DeviceListQuery,
  type DeviceRow,
  type DeviceStatus,
  type DeviceUser,
  type TelemetryHistory,
  type TelemetrySample,
} from '@kb/contracts';
import { DEFAULT_INACTIVITY_TIMEOUT_S, revokeCredentials } from '@kb/devices';
import { withTransaction } from '@kb/platform';
import { fieldRefusal, notFound } from '../../common/app-error.js';
import { keysetPage } from '../../common/keyset-page.js';
import { listOrder } from '../../common/list-sort.js';
import { requestContext } from '../../common/request-context.js';
import { Db } from '../../infra/db.js';
import {
  deviceColumns,
  deviceJoins,
  faultColumns,
  toDeviceRow,
  toFaultRecord,
  type DeviceRecord,
  type FaultRecordRow,
} from './device-rows.js';
import { iso, SqlFilter } from '../../common/sql-filter.js';

/**
 * The device list's sortable columns. Only columns a device rarely changes sort (their indexes cost the
 * telemetry's frequent writes nothing); the last connect time and IP change on every heartbeat and are filters
 * only.
 */
export const DEVICE_ORDER = listOrder<(typeof DEVICE_SORT_FIELDS)[number]>({
  keys: {
    sn: 'd.sn text',
    subModel: 'd.sub_model text null',
    activatedAt: 'd.activated_at timestamptz null',
    online: 'd.online boolean',
    subBrandCode: 'd.sub_brand_code text null',
    productCode: 'd.product_code text null',
    apkVersion: 'd.apk_version text null',
    mcuVersion: 'd.mcu_version text null',
    tpVersion: 'd.tp_version text null',
  },
  tieBreak: 'd.seq bigint',
  natural: 'd.seq DESC',
});

/** The device screens' reads and the few writes staff make on devices (devices write everything else). */
@Injectable()
export class DevicesService {
  constructor(private readonly db: Db) {}

  private filter(q: DeviceListQuery): SqlFilter {
    const f = new SqlFilter('d')
      .prefix('sn', q.sn, true)
      .equals('sub_model', q.subModel)
      .equals('sub_brand_code', q.subBrandCode)
      .equals('product_code', q.productCode)
      .equals('online', q.online)
      .prefix('ip', q.ip)
      .equals('apk_version', q.apkVersion)
      .equals('mcu_version', q.mcuVersion)
      .equals('tp_version', q.tpVersion)
      .range('activated_at', 'activatedFrom', q.activatedFrom, q.activatedTo)
      .range('last_seen_at', 'lastConnectFrom', q.lastConnectFrom, q.lastConnectTo);
    if (q.activated !== undefined) f.where(`d.activated_at IS ${q.activated ? 'NOT ' : ''}NULL`);
    if (q.updatedSince) f.where(`d.status_changed_at >= ${f.param(q.updatedSince)}::timestamptz`);
    return f;
  }

  /**
   * One page, newest first or sorted by a column (DEVICE_ORDER), read by keyset; the whole fleet's total is the
   * brand's kept count (device_brand_counts).
   */
  async list(q: DeviceListQuery): Promise<DeviceListPage> {
    const serverTime = new Date().toISOString();
    const page = await keysetPage(
      this.db,
      {
        table: 'devices',
        alias: 'd',
        columns: deviceColumns(requestContext.lang()),
        joins: deviceJoins,
        order: DEVICE_ORDER,
        keptTotal: {
          sql: 'SELECT coalesce((SELECT total FROM device_brand_counts WHERE brand_owner_code = $1), 0) AS total',
        },
      },
      this.filter(q),
      q,
      toDeviceRow,
    );
    return { ...page, serverTime };
  }

  async search(keyword: string): Promise<DeviceRow[]> {
    const f = new SqlFilter('d').prefix('sn', keyword, true);
    const rows = await this.db.scoped<DeviceRecord>(
      `SELECT ${deviceColumns(requestContext.lang())} FROM devices d ${deviceJoins}
        WHERE ${f.sql} ORDER BY d.sn LIMIT 50`,
      f.params,
    );
    return rows.map(toDeviceRow);
  }

  async status(ids: string[]): Promise<DeviceStatus[]> {
    const rows = await this.db.scoped<{
      id: string;
      online: boolean;
      last_seen_at: Date | null;
      ip: string | null;
      status_changed_at: Date;
    }>(
      `SELECT id, online, last_seen_at, ip, status_changed_at FROM devices
        WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
      [ids],
    );
    return rows.map((r) => ({
      id: r.id,
      online: r.online,
      lastConnectAt: iso(r.last_seen_at),
      ip: r.ip,
      statusChangedAt: iso(r.status_changed_at)!,
    }));
  }

  async detail(id: string): Promise<DeviceDetail> {
    const lang = requestContext.lang();
    const [row] = await this.db.scoped<
      DeviceRecord & {
        picture_file_code: string | null;
        network: string | null;
        current_mode: string | null;
        own_timeout: number | null;
        brand_timeout: number | null;
        credential_active: boolean;
        app_user_id: string | null;
        last_sample_at: Date | null;
      }
    >(
      `SELECT ${deviceColumns(lang)}, d.picture_file_code, d.network, d.current_mode, d.app_user_id, d.last_sample_at,
              d.inactivity_timeout_s AS own_timeout, s.inactivity_timeout_s AS brand_timeout,
              EXISTS (SELECT 1 FROM device_credentials c WHERE c.device_id = d.id AND c.revoked_at IS NULL)
                AS credential_active
         FROM devices d ${deviceJoins}
         LEFT JOIN device_brand_settings s ON s.brand_owner_code = d.brand_owner_code
        WHERE d.brand_owner_code = $1 AND d.id = $2`,
      [id],
    );
    if (!row) throw notFound('device_not_found');
    const [users, telemetry, faults] = await Promise.all([
      row.app_user_id
        ? this.db.scoped<{
            id: string;
            account: string;
            nickname: string | null;
            region: string | null;
            region_name: string | null;
            registered_at: Date;
            gender: 'male' | 'female' | null;
            age: number | null;
            avatar_url: string | null;
          }>(
            `SELECT u.*, ${lang === 'en' ? 'c.name_en' : 'c.name_zh'} AS region_name
               FROM app_users u LEFT JOIN countries c ON c.code = u.region
              WHERE u.brand_owner_code = $1 AND u.id = $2`,
            [row.app_user_id],
          )
        : Promise.resolve([]),
      this.recentSamples(id, row.last_sample_at),
      this.db.scoped<FaultRecordRow>(
        `SELECT ${faultColumns(lang)} FROM device_faults f LEFT JOIN products p ON p.product_code = f.product_code
          WHERE f.brand_owner_code = $1 AND f.device_id = $2 AND f.deleted_at IS NULL
          ORDER BY f.reported_at DESC LIMIT 20`,
        [id],
      ),
    ]);
    const u = users[0];
    const user: DeviceUser | null = u
      ? {
          id: u.id,
          account: u.account,
          nickname: u.nickname,
          region: u.region,
          regionName: u.region_name,
          registeredAt: iso(u.registered_at)!,
          gender: u.gender,
          age: u.age,
          avatarUrl: u.avatar_url,
        }
      : null;
    const samples: TelemetrySample[] = telemetry.map((t) => ({
      messageId: t.message_id,
      sampledAt: iso(t.sampled_at)!,
      receivedAt: iso(t.received_at)!,
      network: t.network,
      ip: t.ip,
      apkVersion: t.apk_version,
      mcuVersion: t.mcu_version,
      tpVersion: t.tp_version,
      mode: t.mode,
      extra: t.extra,
    }));
    return {
      ...toDeviceRow(row),
      pictureFileCode: row.picture_file_code,
      network: row.network,
      currentMode: row.current_mode,
      inactivityTimeoutSeconds: row.own_timeout ?? row.brand_timeout ?? DEFAULT_INACTIVITY_TIMEOUT_S,
      ownInactivityTimeout: row.own_timeout !== null,
      credentialActive: row.credential_active,
      user,
      telemetry: samples,
      faults: faults.map(toFaultRecord),
    };
  }

  /**
   * The device's samples per hour over the last `days` (per day beyond a week), from the hourly rollup: it
   * outlives the raw samples, and a span reads at most one row per device and hour (an index range). Every
   * bucket of the span is answered, empty ones as 0.
   */
  async telemetryHistory(id: string, days: number): Promise<TelemetryHistory> {
    const bucket = days > 7 ? 'day' : 'hour';
    const [found] = await this.db.scoped<{ now: Date }>(
      'SELECT now() AS now FROM devices WHERE brand_owner_code = $1 AND id = $2',
      [id],
    );
    if (!found) throw notFound('device_not_found');
    const rows = await this.db.scoped<{ at: Date; samples: string; readings: Record<string, number> | null }>(
      `WITH span AS (
         SELECT date_trunc($3, now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS last),
       buckets AS (
         SELECT span.last - (i || ' ' || $3)::interval AS at
           FROM span, generate_series(0, $4::int - 1) i),
       rolled AS (
         SELECT date_trunc($3, h.hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, sum(h.samples) AS samples,
                device_readings_sum(h.readings) AS readings
           FROM device_telemetry_hourly h, span
          WHERE h.brand_owner_code = $1 AND h.device_id = $2
            AND h.hour >= span.last - (($4::int - 1) || ' ' || $3)::interval
          GROUP BY 1)
       SELECT b.at, coalesce(r.samples, 0) AS samples,
              (SELECT jsonb_object_agg(k, (v->>0)::float8 / nullif((v->>1)::float8, 0)) FROM jsonb_each(r.readings) e(k, v))
                AS readings
         FROM buckets b LEFT JOIN rolled r USING (at) ORDER BY b.at`,
      [id, bucket, bucket === 'hour' ? days * 24 : days],
    );
    const keys = new Set<string>();
    const points = rows.map((r) => {
      const readings = r.readings ?? {};
      for (const k of Object.keys(readings)) keys.add(k);
      return { at: iso(r.at)!, samples: Number(r.samples), readings };
    });
    return {
      bucket,
      from: points[0]!.at,
      to: new Date(
        Date.parse(points[points.length - 1]!.at) + (bucket === 'hour' ? 3_600_000 : 86_400_000),
      ).toISOString(),
      points,
      readingKeys: [...keys].sort(),
    };
  }

  /**
   * The device's 20 newest samples. Telemetry is partitioned by day: a bound on the sample time known when the
   * statement is planned (the day before the device's newest sample) leaves only the partitions of those days
   * in the plan; a device with fewer samples in that day is read over all partitions.
   */
  private async recentSamples(id: string, lastSampleAt: Date | null) {
    const read = (since: Date | null) =>
      this.db.scoped<{
        message_id: string;
        sampled_at: Date;
        received_at: Date;
        network: string | null;
        ip: string | null;
        apk_version: string | null;
        mcu_version: string | null;
        tp_version: string | null;
        mode: string | null;
        extra: Record<string, unknown>;
      }>(
        `SELECT * FROM device_telemetry WHERE brand_owner_code = $1 AND device_id = $2
            AND ($3::timestamptz IS NULL OR sampled_at >= $3::timestamptz)
          ORDER BY sampled_at DESC LIMIT 20`,
        [id, since],
      );
    if (lastSampleAt) {
      const recent = await read(new Date(lastSampleAt.getTime() - 86_400_000));
      if (recent.length === 20) return recent;
    }
    return read(null);
  }

  /** Staff changes: the picture (an image the brand uploaded) and the device's own inactivity timeout. */
  async update(input: {
    id: string;
    pictureFileCode?: string | null;
    inactivityTimeoutSeconds?: number | null;
  }): Promise<DeviceDetail> {
    const brand = requestContext.brand();
    await withTransaction(this.db.pool, async (c) => {
      const found = await c.query(
        'SELECT 1 FROM devices WHERE brand_owner_code = $1 AND id = $2 FOR UPDATE',
        [brand, input.id],
      );
      if (!found.rowCount) throw notFound('device_not_found');
      if (input.pictureFileCode) {
        const file = await c.query(
          `SELECT 1 FROM files WHERE brand_owner_code = $1 AND file_code = $2 AND purpose = 'image'`,
          [brand, input.pictureFileCode],
        );
        if (!file.rowCount) {
          throw fieldRefusal('pictureFileCode', 'file_invalid');
        }
      }
      if (input.pictureFileCode !== undefined)
        await c.query('UPDATE devices SET picture_file_code = $2 WHERE id = $1', [
          input.id,
          input.pictureFileCode,
        ]);
      if (input.inactivityTimeoutSeconds !== undefined) {
        await c.query('UPDATE devices SET inactivity_timeout_s = $2 WHERE id = $1', [
          input.id,
          input.inactivityTimeoutSeconds,
        ]);
        // A new timeout counts from the last post: the device may be offline (or online again) at once.
        await c.query(
          `WITH t AS (
             SELECT d.id, d.last_seen_at
                      + make_interval(secs => coalesce(d.inactivity_timeout_s, s.inactivity_timeout_s, $2)) AS due
               FROM devices d LEFT JOIN device_brand_settings s ON s.brand_owner_code = d.brand_owner_code
              WHERE d.id = $1 AND d.last_seen_at IS NOT NULL)
           UPDATE devices d SET offline_due_at = t.due, online = t.due > now(),
                  status_changed_at = CASE WHEN d.online <> (t.due > now()) THEN now() ELSE d.status_changed_at END
             FROM t WHERE d.id = t.id`,
          [input.id, DEFAULT_INACTIVITY_TIMEOUT_S],
        );
      }
    });
    return this.detail(input.id);
  }

  /** Revokes the devices' credentials: device-ingest refuses them until they activate again. */
  async revokeCredentials(ids: string[]): Promise<{ revoked: number }> {
    const brand = requestContext.brand();
    const { rows } = await this.db.pool.query<{ id: string }>(
      'SELECT id FROM devices WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
      [brand, ids],
    );
    if (rows.length !== new Set(ids).size) throw notFound('device_not_found');
    return { revoked: await revokeCredentials(this.db.pool, brand, ids) };
  }
}
