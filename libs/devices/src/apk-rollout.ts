import type pg from 'pg';
import {
  rolloutBucketLimit,
  type ApkContent,
  type ApkReleaseStatus,
  type ApkRollout,
  type DeviceApkUpdate,
} from '@kb/contracts';

/**
 * Which devices a staged APK release reaches, in SQL so that the device API's answer and the staff screens' counts
 * apply one rule:
 * - a device's bucket for a package is a number 0–9999 from the hash of the package id and the device's SN; a stage
 *   of p % reaches the devices whose bucket is below p × 100, so a device in at 10 % stays in at 50 % and 100 %, and
 *   another package's rollout draws other devices;
 * - a device fits a release when it is the package's model, its MCU firmware is at least the release's minimum and
 *   the UI language it last reported (`extra.lang` of its telemetry, kept in `devices.lang`) is one of the
 *   release's languages (a device that never said passes).
 *
 * The rule reads only columns that `device_release_counts` tallies too (model, firmware, language, over `d`), so
 * the staff screens' counts apply it to the tally's rows and the device API to the device's own.
 */

/** SQL: the bucket (0–9999) of the device whose SN is `sn` for the package whose id (text) is `apkId`. */
export const rolloutBucketSql = (apkId: string, sn = 'd.sn') =>
  `(('x' || substr(md5(${apkId} || ':' || ${sn}), 1, 8))::bit(32)::bigint % 10000)`;

/**
 * SQL: why device `d` (a `devices` or a `device_release_counts` row) does not fit a release — 'model', 'firmware',
 * 'language' (the first that fails) — or null. Each argument is an SQL expression: the package's model, its
 * minimum firmware (text or null), its languages (text[], empty: any).
 */
export const releaseMisfitSql = (product: string, minFirmware: string, languages: string) =>
  `CASE WHEN d.product_code IS DISTINCT FROM ${product} THEN 'model'
        WHEN ${minFirmware} IS NOT NULL AND (d.mcu_version IS NULL
             OR device_version_key(d.mcu_version) < device_version_key(${minFirmware})) THEN 'firmware'
        WHEN cardinality(${languages}) > 0 AND d.lang IS NOT NULL AND NOT (d.lang = ANY(${languages}))
             THEN 'language'
   END`;

/**
 * SQL: per reason a release does not fit them ('model', 'firmware', 'language'; null: it fits), how many devices
 * of brand `brand` and sub-brand `subBrand` there are (`misfit`, `devices`), from the tally. Arguments as
 * `releaseMisfitSql`'s, and the brand and sub-brand, all SQL expressions.
 */
export const releaseFitCountsSql = (
  brand: string,
  subBrand: string,
  product: string,
  minFirmware: string,
  languages: string,
) =>
  `SELECT ${releaseMisfitSql(product, minFirmware, languages)} AS misfit, sum(d.devices)::int AS devices
     FROM device_release_counts d
    WHERE d.brand_owner_code = ${brand} AND d.sub_brand_code = ${subBrand} AND d.devices <> 0
    GROUP BY 1`;

/** SQL over the `apk_detail` row `a`: its rollout's minimum firmware and languages. */
const ROLLOUT_MIN_FIRMWARE = `(a.state->'rollout'->>'minFirmware')`;
const ROLLOUT_LANGUAGES = `ARRAY(SELECT json_array_elements_text(coalesce(a.state->'rollout'->'languages', '[]')))`;

/** What the decision reads of a package of the device's sub-brand and model. */
export interface ApkReleaseCandidate {
  id: string;
  content: Pick<ApkContent, 'apkVersion' | 'versionNumber' | 'apkFileCode' | 'fileSize'>;
  releaseStatus: ApkReleaseStatus;
  releasedAt: string | null;
  rollout: ApkRollout | null;
  /** The device's bucket for this package. */
  bucket: number;
  /** Why the device does not fit the package's rollout, or null. */
  misfit: string | null;
}

function answer(
  candidate: ApkReleaseCandidate | undefined,
  apkVersion: string | null,
  update: boolean,
  reason: DeviceApkUpdate['reason'],
): DeviceApkUpdate {
  return {
    update,
    apkVersion,
    packageId: candidate?.id ?? null,
    versionNumber: candidate?.content.versionNumber ?? null,
    apkFileCode: candidate?.content.apkFileCode ?? null,
    fileSize: candidate?.content.fileSize ?? null,
    reason,
  };
}

/**
 * The APK version a device should run, from the packages of its sub-brand and model, newest release first:
 * - a running or paused rollout keeps a device that runs it on it; while running, a device in the current stage's
 *   share that fits gets it (paused: nobody new);
 * - a rolled-back rollout returns a device that runs its version to the version it had;
 * - a package online (published, or a completed rollout) is every fitting device's.
 * Otherwise the device keeps what it runs.
 */
export function decideApkUpdate(device: { apkVersion: string | null }, candidates: ApkReleaseCandidate[]) {
  const since = (c: ApkReleaseCandidate) =>
    c.rollout?.endedAt ?? c.rollout?.stageStartedAt ?? c.releasedAt ?? '';
  const newestFirst = [...candidates].sort((a, b) => since(b).localeCompare(since(a)));
  const current = device.apkVersion;
  for (const c of newestFirst) {
    const r = c.rollout;
    if (r && (r.status === 'running' || r.status === 'paused')) {
      if (current === r.toVersion) return answer(c, r.toVersion, false, 'rollout');
      const share = r.stages[r.stage]?.percent ?? 0;
      if (r.status === 'running' && c.misfit === null && c.bucket < rolloutBucketLimit(share))
        return answer(c, r.toVersion, true, 'rollout');
      continue;
    }
    if (r?.status === 'rolled_back' && current === r.toVersion && r.fromVersion) {
      const previous = candidates.find((p) => p.content.apkVersion === r.fromVersion);
      return answer(previous, r.fromVersion, true, 'rollback');
    }
    if (c.releaseStatus === 'online' && (r?.status !== 'completed' || c.misfit === null))
      return answer(c, c.content.apkVersion, current !== c.content.apkVersion, 'online');
  }
  return answer(undefined, current, false, 'none');
}

/** The update answer of device `deviceId` (of the authenticated device's brand). */
export async function apkUpdateFor(db: pg.Pool | pg.PoolClient, deviceId: string): Promise<DeviceApkUpdate> {
  const { rows } = await db.query<{
    apk_version: string | null;
    id: string | null;
    state: Omit<ApkReleaseCandidate, 'id' | 'bucket' | 'misfit'> | null;
    bucket: string | null;
    misfit: string | null;
  }>(
    `SELECT d.apk_version, a.apk_id::text AS id, a.state, ${rolloutBucketSql('a.apk_id::text')} AS bucket,
            ${releaseMisfitSql('l.product_code', ROLLOUT_MIN_FIRMWARE, ROLLOUT_LANGUAGES)} AS misfit
       FROM devices d
       LEFT JOIN apk_list l ON l.brand_owner_code = d.brand_owner_code AND l.sub_brand_code = d.sub_brand_code
            AND l.product_code = d.product_code AND l.review_status = 'created'
       LEFT JOIN apk_detail a ON a.apk_id = l.apk_id
      WHERE d.id = $1`,
    [deviceId],
  );
  const device = { apkVersion: rows[0]?.apk_version ?? null };
  const candidates = rows
    .filter((r) => r.id !== null && r.state !== null)
    .map((r) => ({
      id: r.id!,
      content: r.state!.content,
      releaseStatus: r.state!.releaseStatus,
      releasedAt: r.state!.releasedAt ?? null,
      rollout: r.state!.rollout ?? null,
      bucket: Number(r.bucket),
      misfit: r.misfit,
    }));
  return decideApkUpdate(device, candidates);
}
