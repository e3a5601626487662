import type { DeviceRow, FaultRecord } from '@kb/contracts';
import { iso } from '../../common/sql-filter.js';

/**
 * The columns of a device row as the list, detail, search and test-device screens show it. `d` is `devices`;
 * `$lang` names the product in the caller's language. Joins are to small reference tables, applied after a
 * page is chosen.
 */
export const deviceColumns = (lang: string) => `
  d.id, d.seq, d.sn, d.sub_model, d.sub_brand_code, sb.name AS sub_brand_name, d.product_code,
  ${lang === 'en' ? 'p.name_en' : 'p.name_zh'} AS product_name, d.activated_at, d.online, d.ip, d.last_seen_at,
  d.apk_version, d.mcu_version, d.tp_version,
  EXISTS (SELECT 1 FROM test_devices t WHERE t.device_id = d.id) AS is_test_device`;

export const deviceJoins = `
  LEFT JOIN products p ON p.product_code = d.product_code
  LEFT JOIN sub_brands sb ON sb.brand_owner_code = d.brand_owner_code AND sb.sub_brand_code = d.sub_brand_code`;

export interface DeviceRecord {
  id: string;
  seq: string;
  sn: string;
  sub_model: string | null;
  sub_brand_code: string | null;
  sub_brand_name: string | null;
  product_code: string | null;
  product_name: string | null;
  activated_at: Date | null;
  online: boolean;
  ip: string | null;
  last_seen_at: Date | null;
  apk_version: string | null;
  mcu_version: string | null;
  tp_version: string | null;
  is_test_device: boolean;
  [column: string]: unknown;
}

export function toDeviceRow(r: DeviceRecord): DeviceRow {
  return {
    id: r.id,
    sn: r.sn,
    subModel: r.sub_model,
    subBrandCode: r.sub_brand_code,
    subBrandName: r.sub_brand_name,
    productCode: r.product_code,
    productName: r.product_name,
    activatedAt: iso(r.activated_at),
    online: r.online,
    ip: r.ip,
    lastConnectAt: iso(r.last_seen_at),
    apkVersion: r.apk_version,
    mcuVersion: r.mcu_version,
    tpVersion: r.tp_version,
    isTestDevice: r.is_test_device,
  };
}

export const faultColumns = (lang: string) => `
  f.id, f.device_id, f.sn, f.type, f.reported_at, f.received_at, f.country, f.city, f.error_log, f.product_code,
  ${lang === 'en' ? 'p.name_en' : 'p.name_zh'} AS product_name, f.sub_model, f.apk_version`;

export interface FaultRecordRow {
  id: string;
  device_id: string;
  sn: string;
  type: string;
  reported_at: Date;
  received_at: Date;
  country: string | null;
  city: string | null;
  error_log: string;
  product_code: string | null;
  product_name: string | null;
  sub_model: string | null;
  apk_version: string | null;
  [column: string]: unknown;
}

export function toFaultRecord(r: FaultRecordRow): FaultRecord {
  return {
    id: r.id,
    deviceId: r.device_id,
    sn: r.sn,
    type: r.type,
    reportedAt: iso(r.reported_at)!,
    receivedAt: iso(r.received_at)!,
    country: r.country,
    city: r.city,
    errorLog: r.error_log,
    productCode: r.product_code,
    productName: r.product_name,
    subModel: r.sub_model,
    apkVersion: r.apk_version,
  };
}
