import type pg from 'pg';
import type { DeviceActivation, DeviceActivationAnswer } from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { issueCredential, secretHash } from './credentials.js';

/** Seconds without a post after which a device is offline, for brands that did not choose. */
export const DEFAULT_INACTIVITY_TIMEOUT_S = 300;

/** Why an activation is refused; device-ingest maps the code to its answer. */
export class ActivationError extends Error {
  constructor(
    readonly code: 'product_unknown' | 'sub_brand_unknown' | 'sn_taken',
    message: string,
  ) {
    super(message);
    this.name = 'ActivationError';
  }
}

/** The brand whose factory activation key this is, or null. */
export async function brandOfActivationKey(db: pg.Pool | pg.PoolClient, key: string): Promise<string | null> {
  if (!key) return null;
  const { rows } = await db.query<{ brand_owner_code: string }>(
    'SELECT brand_owner_code FROM device_brand_settings WHERE activation_key_hash = $1',
    [secretHash(key)],
  );
  return rows[0]?.brand_owner_code ?? null;
}

/** A brand's device settings (demo seed, ops); what is not given stays as it was. Retentions in days. */
export interface DeviceBrandSettings {
  activationKey?: string;
  inactivityTimeoutSeconds?: number;
  telemetryRetentionDays?: number;
  faultRetentionDays?: number;
  rollupRetentionDays?: number;
}

/** Sets a brand's activation key, default inactivity timeout and/or how long its device history is kept. */
export async function setDeviceBrandSettings(
  db: pg.Pool | pg.PoolClient,
  brand: string,
  settings: DeviceBrandSettings,
): Promise<void> {
  await db.query(
    `INSERT INTO device_brand_settings (brand_owner_code, inactivity_timeout_s, activation_key_hash,
                                       telemetry_retention_days, fault_retention_days, rollup_retention_days)
     VALUES ($1, coalesce($2, ${DEFAULT_INACTIVITY_TIMEOUT_S}), $3, $4, $5, $6)
     ON CONFLICT (brand_owner_code) DO UPDATE SET
       inactivity_timeout_s = coalesce($2, device_brand_settings.inactivity_timeout_s),
       activation_key_hash = coalesce($3, device_brand_settings.activation_key_hash),
       telemetry_retention_days = coalesce($4, device_brand_settings.telemetry_retention_days),
       fault_retention_days = coalesce($5, device_brand_settings.fault_retention_days),
       rollup_retention_days = coalesce($6, device_brand_settings.rollup_retention_days)`,
    [
      brand,
      settings.inactivityTimeoutSeconds ?? null,
      settings.activationKey ? secretHash(settings.activationKey) : null,
      settings.telemetryRetentionDays ?? null,
      settings.faultRetentionDays ?? null,
      settings.rollupRetentionDays ?? null,
    ],
  );
}

/**
 * Activates a device of the brand: creates it (or updates a known one: a factory reset activates again), keeps
 * the first activation date, binds the app user when given, marks it online and issues a new credential
 * (revoking the old ones). The SN is stored upper-case.
 */
export async function activateDevice(
  pool: pg.Pool,
  brand: string,
  input: DeviceActivation,
): Promise<DeviceActivationAnswer> {
  const sn = input.sn.toUpperCase();
  return withTransaction(pool, async (c) => {
    const product = await c.query(
      'SELECT 1 FROM brand_products WHERE brand_owner_code = $1 AND product_code = $2',
      [brand, input.productCode],
    );
    if (!product.rowCount)
      throw new ActivationError(
        'product_unknown',
        `productCode ${input.productCode} is not a model of the brand`,
      );
    let subModel: string | null = null;
    if (input.subBrandCode) {
      const sub = await c.query<{ customer_model: string }>(
        `SELECT customer_model FROM sub_brand_products
          WHERE brand_owner_code = $1 AND sub_brand_code = $2 AND product_code = $3`,
        [brand, input.subBrandCode, input.productCode],
      );
      if (!sub.rows[0])
        throw new ActivationError(
          'sub_brand_unknown',
          `subBrandCode ${input.subBrandCode} does not sell ${input.productCode}`,
        );
      subModel = sub.rows[0].customer_model;
    }
    let userId: string | null = null;
    if (input.user) {
      const u = input.user;
      const { rows } = await c.query<{ id: string }>(
        `INSERT INTO app_users (brand_owner_code, account, nickname, region, gender, age, avatar_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (brand_owner_code, account) DO UPDATE SET
           nickname = coalesce(EXCLUDED.nickname, app_users.nickname),
           region = coalesce(EXCLUDED.region, app_users.region),
           gender = coalesce(EXCLUDED.gender, app_users.gender),
           age = coalesce(EXCLUDED.age, app_users.age),
           avatar_url = coalesce(EXCLUDED.avatar_url, app_users.avatar_url)
         RETURNING id`,
        [
          brand,
          u.account,
          u.nickname ?? null,
          u.region ?? null,
          u.gender ?? null,
          u.age ?? null,
          u.avatarUrl ?? null,
        ],
      );
      userId = rows[0]!.id;
    }
    const { rows } = await c.query<{ id: string; activated_at: Date }>(
      `WITH timeout AS (
         SELECT coalesce($10::int, (SELECT inactivity_timeout_s FROM device_brand_settings WHERE brand_owner_code = $1),
                         ${DEFAULT_INACTIVITY_TIMEOUT_S}) AS s)
       INSERT INTO devices AS d (brand_owner_code, sn, product_code, sub_brand_code, sub_model, apk_version,
                                 mcu_version, tp_version, app_user_id, inactivity_timeout_s, activated_at, online,
                                 status_changed_at, last_seen_at, offline_due_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), true, now(), now(),
              now() + make_interval(secs => timeout.s) FROM timeout
       ON CONFLICT (sn) DO UPDATE SET
         product_code = EXCLUDED.product_code,
         sub_brand_code = coalesce(EXCLUDED.sub_brand_code, d.sub_brand_code),
         sub_model = coalesce(EXCLUDED.sub_model, d.sub_model),
         apk_version = coalesce(EXCLUDED.apk_version, d.apk_version),
         mcu_version = coalesce(EXCLUDED.mcu_version, d.mcu_version),
         tp_version = coalesce(EXCLUDED.tp_version, d.tp_version),
         app_user_id = coalesce(EXCLUDED.app_user_id, d.app_user_id),
         inactivity_timeout_s = coalesce(EXCLUDED.inactivity_timeout_s, d.inactivity_timeout_s),
         activated_at = coalesce(d.activated_at, now()),
         status_changed_at = CASE WHEN d.online THEN d.status_changed_at ELSE now() END,
         online = true,
         last_seen_at = now(),
         offline_due_at = EXCLUDED.offline_due_at
       WHERE d.brand_owner_code = EXCLUDED.brand_owner_code
       RETURNING d.id, d.activated_at`,
      [
        brand,
        sn,
        input.productCode,
        input.subBrandCode ?? null,
        subModel,
        input.apkVersion ?? null,
        input.mcuVersion ?? null,
        input.tpVersion ?? null,
        userId,
        input.inactivityTimeoutSeconds ?? null,
      ],
    );
    const device = rows[0];
    if (!device) throw new ActivationError('sn_taken', `SN ${sn} belongs to another brand`);
    const credential = await issueCredential(c, device.id);
    return { deviceId: device.id, sn, credential, activatedAt: device.activated_at.toISOString() };
  });
}
