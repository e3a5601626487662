import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  rolloutBucketLimit,
  type ApkCompatibility,
  type ApkFaultRate,
  type ApkIncompatibility,
  type ApkRollout,
  type ApkRolloutDetail,
  type UiLang,
} from '@kb/contracts';
import { releaseFitCountsSql, releaseMisfitSql, rolloutBucketSql } from '@kb/devices';
import { PG_POOL } from '../../infra/tokens.js';

/** What a release needs of a device besides its model (null / empty: anything). */
export interface ReleaseNeeds {
  minFirmware: string | null;
  languages: string[];
}

/** The package as the fleet queries read it: which devices are its, and what it is. */
interface PackageRef {
  id: string;
  subBrandCode: string;
  productCode: string;
  apkVersion: string;
}

const DAY_MS = 86_400_000;
/** A rate over less than an hour would say more about chance than about the version. */
const SHORTEST_WINDOW_MS = 3_600_000;

// $1 brand, $2 sub-brand, $3 model, $4 minimum firmware, $5 languages: the brand's devices of the sub-brand and
// why each one does not fit (null: it does). The same rule the device API decides by (@kb/devices).
const SUB_BRAND_DEVICES = `FROM devices d WHERE d.brand_owner_code = $1 AND d.sub_brand_code = $2`;
const MISFIT = releaseMisfitSql('$3::text', '$4::text', '$5::text[]');
// The same counted per reason from the brand's tally of devices by model, firmware and language.
const FIT_COUNTS = releaseFitCountsSql('$1', '$2', '$3::text', '$4::text', '$5::text[]');

/**
 * The brand's devices a package's release concerns, read from the device tables: who fits it and why not, the
 * version they run, how many are in a stage, and the fault rates on the new and the old version. The staff screens
 * and the fault watch read them here.
 */
@Injectable()
export class ApkFleet {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The package of the brand (null: none such), from the read model. */
  async package(brand: string, id: string): Promise<PackageRef | null> {
    const { rows } = await this.pool.query<PackageRef>(
      `SELECT apk_id::text AS id, sub_brand_code AS "subBrandCode", product_code AS "productCode",
              apk_version AS "apkVersion"
         FROM apk_list WHERE brand_owner_code = $1 AND apk_id = $2`,
      [brand, id],
    );
    return rows[0] ?? null;
  }

  private params(brand: string, apk: PackageRef, needs: ReleaseNeeds) {
    return [brand, apk.subBrandCode, apk.productCode, needs.minFirmware, needs.languages];
  }

  /** The sub-brand's devices, how many a release reaches, and how many it leaves out per reason. */
  async compatibility(brand: string, apk: PackageRef, needs: ReleaseNeeds): Promise<ApkCompatibility> {
    const { rows } = await this.pool.query<{ misfit: ApkIncompatibility | null; devices: number }>(
      FIT_COUNTS,
      this.params(brand, apk, needs),
    );
    const count = (misfit: ApkIncompatibility | null) => rows.find((r) => r.misfit === misfit)?.devices ?? 0;
    return {
      devices: rows.reduce((sum, r) => sum + r.devices, 0),
      eligible: count(null),
      incompatible: (['model', 'firmware', 'language'] as const)
        .map((reason) => ({ reason, devices: count(reason) }))
        .filter((r) => r.devices > 0),
    };
  }

  /** The APK version most fitting devices run now (other than the package's): where a rollback returns them. */
  async currentVersion(brand: string, apk: PackageRef, needs: ReleaseNeeds): Promise<string | null> {
    const { rows } = await this.pool.query<{ apk_version: string }>(
      `SELECT d.apk_version ${SUB_BRAND_DEVICES} AND ${MISFIT} IS NULL
          AND d.apk_version IS NOT NULL AND d.apk_version <> $6
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [...this.params(brand, apk, needs), apk.apkVersion],
    );
    return rows[0]?.apk_version ?? null;
  }

  /**
   * The rollout's devices and fault rates since its watch's start: faults per active device (heard from since)
   * per day, by fault type, on the new version against the old one.
   */
  async watchFigures(
    brand: string,
    apk: PackageRef,
    rollout: ApkRollout,
    lang: UiLang,
    now = new Date(),
  ): Promise<Pick<ApkRolloutDetail, 'devices' | 'faults'>> {
    const params = [...this.params(brand, apk, rollout), rollout.toVersion, rollout.watchSince];
    const share = rollout.status === 'completed' ? 100 : (rollout.stages[rollout.stage]?.percent ?? 0);
    const { rows } = await this.pool.query<Record<string, number>>(
      `WITH target AS (
         SELECT d.apk_version IS NOT DISTINCT FROM $6 AS on_new, d.last_seen_at >= $7 AS active,
                ${rolloutBucketSql('$8::text')} AS bucket
           ${SUB_BRAND_DEVICES} AND ${MISFIT} IS NULL)
       SELECT count(*)::int AS targeted, count(*) FILTER (WHERE bucket < $9)::int AS "inStage",
              count(*) FILTER (WHERE on_new)::int AS "onNew", count(*) FILTER (WHERE NOT on_new)::int AS "onOld",
              count(*) FILTER (WHERE on_new AND active)::int AS "activeNew",
              count(*) FILTER (WHERE NOT on_new AND active)::int AS "activeOld"
         FROM target`,
      [...params, apk.id, rolloutBucketLimit(share)],
    );
    const devices = rows[0] as ApkRolloutDetail['devices'];
    const faults = await this.pool.query<{
      type: string;
      on_new: boolean;
      faults: number;
      name: string | null;
    }>(
      `SELECT f.type, f.apk_version IS NOT DISTINCT FROM $6 AS on_new, count(*)::int AS faults,
              min(coalesce(ft.names->>$8, ft.names->>'zh')) AS name
         FROM device_faults f
         JOIN devices d ON d.id = f.device_id
         LEFT JOIN fault_types ft ON ft.brand_owner_code = f.brand_owner_code AND ft.number = f.type
        WHERE f.brand_owner_code = $1 AND d.sub_brand_code = $2 AND f.deleted_at IS NULL AND f.received_at >= $7
          AND ${MISFIT} IS NULL
        GROUP BY 1, 2`,
      [...params, lang],
    );
    const days = Math.max(now.getTime() - Date.parse(rollout.watchSince), SHORTEST_WINDOW_MS) / DAY_MS;
    const rate = (count: number, active: number) => (active > 0 ? count / active / days : null);
    const byType = new Map<string, ApkFaultRate>();
    for (const r of faults.rows) {
      const entry = byType.get(r.type) ?? {
        faultType: r.type,
        faultTypeName: r.name || r.type,
        newFaults: 0,
        oldFaults: 0,
        newRate: null,
        oldRate: null,
      };
      if (r.on_new) entry.newFaults += r.faults;
      else entry.oldFaults += r.faults;
      byType.set(r.type, entry);
    }
    const list = [...byType.values()].map((e) => ({
      ...e,
      newRate: rate(e.newFaults, devices.activeNew),
      oldRate: rate(e.oldFaults, devices.activeOld),
    }));
    list.sort((a, b) => b.newFaults - a.newFaults || a.faultType.localeCompare(b.faultType));
    return { devices, faults: list };
  }
}
