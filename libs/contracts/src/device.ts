import { z } from 'zod';
import { flag } from './request-parts.js';
import { jsonObject, text } from './text.js';
import { isStorableTime } from './dates.js';
import type { CountedPage } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import { DEVICE_SORT_FIELDS, FAULT_SORT_FIELDS, TEST_DEVICE_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';
import { idSchema, idsSchema, namesSchema, type NumberedNames } from './catalog.js';

/**
 * Devices, their telemetry and fault reports, and the test device group (§3 "Device", §7 `device`,
 * `testDevice`, `deviceFaultLog`): the requests of the staff endpoints under /api and their answers,
 * and the bodies devices post to device-ingest under /device/v1 (see apps/device-ingest/README.md).
 *
 * Live status on the device list (status changes show without a page reload): the list answer carries
 * `serverTime`; the screen polls `GET /api/device/status?ids=…` (the ids on screen, at most 100) every few seconds
 * and patches `online`, `lastConnectAt` and `ip` of those rows. It is a primary-key lookup, cheap at any fleet
 * size. `GET /api/device/list?updatedSince=<serverTime of the previous answer>` gives the devices whose online
 * state changed since then (same filters), for a screen that wants to re-fetch only when something moved.
 */

// ---- shared field schemas

const trimmed = (max: number) => text().max(max).optional();
/** A date (`2026-11-22`) or a date-time with offset; date-only `to` bounds include the whole day. */
const timeBound = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'time_invalid' })
  .refine(isStorableTime, { message: 'time_invalid' });
const deviceId = z.string().uuid({ message: 'device_not_found' });

/** §3 gender of an app user. */
export const APP_USER_GENDERS = ['male', 'female'] as const;
export type AppUserGender = (typeof APP_USER_GENDERS)[number];

/**
 * Fault types the simulator and the demo data use. Devices may report other codes (free text, at most 64
 * characters); screens show a known type by its translated label and any other code as sent.
 */
export const KNOWN_FAULT_TYPES = [
  'HEATING',
  'MOTOR',
  'SENSOR',
  'OVERHEAT',
  'LID_OPEN',
  'WEIGHING',
  'NETWORK',
] as const;

/**
 * The brand's own names for fault codes (`/api/faultType/*`): a device may report codes of its maker (`E1`), and
 * each brand says what they mean in its languages. Screens show the brand's name first, else the built-in name
 * of a known type, else the code as sent.
 */
export const faultTypeInputSchema = z.object({
  number: text({ message: 'number_required' })
    .min(1, { message: 'number_required' })
    .max(64, { message: 'number_too_long' }),
  names: namesSchema,
});
/** A fault type's names: its number is the code as devices report it. */
export type FaultTypeName = NumberedNames;

// ---- /api/device/*

export const deviceListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(DEVICE_SORT_FIELDS),
  /** SN prefix, case-insensitive. */
  sn: trimmed(64),
  /** Sub-model: the sub-brand’s customer model name, exact (a choice of `/api/common/loadSubBrandProduct`). */
  subModel: trimmed(64),
  /** Brand: a sub-brand code of the caller's brand (`/api/common/loadSubBrand`). */
  subBrandCode: trimmed(64),
  /** Product: a catalogue model code (`/api/common/loadBrandOwnerProduct`). */
  productCode: trimmed(64),
  /** Network state: true online, false offline. */
  online: flag.optional(),
  /** Activated or not yet. */
  activated: flag.optional(),
  /** IP prefix. */
  ip: trimmed(64),
  apkVersion: trimmed(64),
  mcuVersion: trimmed(64),
  tpVersion: trimmed(64),
  activatedFrom: timeBound.optional(),
  activatedTo: timeBound.optional(),
  lastConnectFrom: timeBound.optional(),
  lastConnectTo: timeBound.optional(),
  /**
   * Keyset cursor: `nextCursor` of the previous page's answer. With it, the page after that row is read by an
   * index seek (as fast on page 50,000 as on page 1) and pageNum only labels the answer; without it, page
   * `pageNum` is found by skipping rows of the (brand, order) index, which stays fast but grows with the depth.
   */
  after: text().max(400).optional(),
  /** Only devices whose online state changed at or after this time (live refresh; see the file comment). */
  updatedSince: z.iso
    .datetime({ offset: true })
    .refine(isStorableTime, { message: 'time_invalid' })
    .optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/** One row of /device-info-list. Dates are ISO strings; null when not known yet. */
export interface DeviceRow {
  id: string;
  sn: string;
  /** Sub-model: the customer model name the sub-brand sells the product as. */
  subModel: string | null;
  /** Brand: the sub-brand. */
  subBrandCode: string | null;
  subBrandName: string | null;
  /** Product: the catalogue model (factory model) in the caller's language. */
  productCode: string | null;
  productName: string | null;
  activatedAt: string | null;
  online: boolean;
  ip: string | null;
  lastConnectAt: string | null;
  apkVersion: string | null;
  mcuVersion: string | null;
  tpVersion: string | null;
  /** In the test device group. */
  isTestDevice: boolean;
}

/**
 * `/api/device/list` → data: a counted page (a filtered list counts its matches exactly up to
 * LIST_COUNT_EXACT_UP_TO; the unfiltered list's total is always exact).
 */
export interface DeviceListPage extends CountedPage<DeviceRow> {
  /** Server clock when the answer was made: the `updatedSince` of the next live refresh. */
  serverTime: string;
}

export const deviceIdQuerySchema = z.object({ id: deviceId });
export const deviceIdsSchema = z.object({
  ids: z.array(deviceId).min(1, { message: 'select_required' }).max(500),
});

/**
 * `/api/device/update`: what staff may change on a device — its picture and its own inactivity timeout
 * (null: back to the brand default). Devices report everything else themselves.
 */
export const deviceUpdateSchema = z.object({
  id: deviceId,
  pictureFileCode: z.string().uuid({ message: 'file_invalid' }).nullable().optional(),
  inactivityTimeoutSeconds: z.coerce
    .number({ message: 'inactivity_timeout_invalid' })
    .int({ message: 'inactivity_timeout_invalid' })
    .min(30, { message: 'inactivity_timeout_invalid' })
    .max(7 * 24 * 3600, { message: 'inactivity_timeout_invalid' })
    .nullable()
    .optional(),
});

/** `/api/device/status?ids=a,b,c` (or repeated ids): the live state of the rows on screen. */
export const deviceStatusQuerySchema = z.object({
  ids: z
    .union([text({ trim: false }), z.array(text({ trim: false }))])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(deviceId).min(1, { message: 'select_required' }).max(100)),
});
export interface DeviceStatus {
  id: string;
  online: boolean;
  lastConnectAt: string | null;
  ip: string | null;
  /** When the online state last changed. */
  statusChangedAt: string;
}

/** `/api/device/search?keyword=` (pickers, e.g. adding a test device): SN prefix, at most 50. */
export const deviceSearchQuerySchema = z.object({ keyword: text().max(64).default('') });

/** §3 the bound app user of a device. */
export interface DeviceUser {
  id: string;
  account: string;
  nickname: string | null;
  /** Region: a country code (`/api/common/loadCountry`) and its name in the caller's language. */
  region: string | null;
  regionName: string | null;
  registeredAt: string;
  gender: AppUserGender | null;
  age: number | null;
  /** Avatar picture URL as the app sent it. */
  avatarUrl: string | null;
}

/** One telemetry sample as stored. */
export interface TelemetrySample {
  messageId: string;
  sampledAt: string;
  receivedAt: string;
  network: string | null;
  ip: string | null;
  apkVersion: string | null;
  mcuVersion: string | null;
  tpVersion: string | null;
  mode: string | null;
  /** Whatever else the sample held (temperature, speed, …). */
  extra: Record<string, unknown>;
}

export interface DeviceDetail extends DeviceRow {
  /** The device's picture (`/api/file/download?fileCode=`), set by staff with `/api/device/update`; or null. */
  pictureFileCode: string | null;
  network: string | null;
  currentMode: string | null;
  /** Seconds without a post after which the device counts as offline (its own, else the brand default). */
  inactivityTimeoutSeconds: number;
  /** True when the device has its own timeout (else the brand default applies). */
  ownInactivityTimeout: boolean;
  /** Whether the device holds a valid credential (revoked devices are refused by device-ingest). */
  credentialActive: boolean;
  user: DeviceUser | null;
  /** The 20 newest samples, newest first. */
  telemetry: TelemetrySample[];
  /** The 20 newest fault reports, newest first. */
  faults: FaultRecord[];
}

// ---- /api/device/telemetryHistory

/** The spans the device detail's history chart offers, in days: hourly points up to 7 days, daily beyond. */
export const TELEMETRY_HISTORY_DAYS = [1, 7, 30, 365] as const;
export const deviceTelemetryHistoryQuerySchema = z.object({
  id: deviceId,
  days: z.coerce
    .number()
    .refine((d) => (TELEMETRY_HISTORY_DAYS as readonly number[]).includes(d), {
      message: 'history_days_invalid',
    })
    .default(7),
});

export interface TelemetryHistoryPoint {
  /** Start of the hour or day (UTC), ISO. */
  at: string;
  samples: number;
  /** Average of each numeric reading the samples carried in `extra` (temperatureC, rssi, …). */
  readings: Record<string, number>;
}

/** A device's samples per hour (or day), kept after the raw samples are gone (the hourly rollup). */
export interface TelemetryHistory {
  bucket: 'hour' | 'day';
  from: string;
  to: string;
  /** Every bucket of the span, oldest first; buckets without samples count 0 with no readings. */
  points: TelemetryHistoryPoint[];
  /** The readings that occur in the span, by name. */
  readingKeys: string[];
}

// ---- /api/testDevice/*

export const testDeviceInputSchema = z.object({
  sn: text({ message: 'test_device_sn_required' }).min(1, { message: 'test_device_sn_required' }).max(64),
  remark: text().max(200).default(''),
});
export const testDeviceUpdateSchema = testDeviceInputSchema.extend({
  id: z.string().uuid({ message: 'not_found' }),
  version: z.coerce.number().int().min(1),
});
export const testDeviceListQuerySchema = pageQuerySchema.extend({
  sn: trimmed(64),
  subBrandCode: trimmed(64),
  productCode: trimmed(64),
  online: flag.optional(),
  ...sortQueryShape(TEST_DEVICE_SORT_FIELDS),
});
export const testDeviceIdQuerySchema = idSchema;
export const testDeviceIdsSchema = idsSchema;
/** `/api/testDevice/search?keyword=`: test devices whose SN starts with the keyword, at most 50. */
export const testDeviceSearchQuerySchema = deviceSearchQuerySchema;

/** A member of the test device group: the devices that receive test APKs and test offline packs. */
export interface TestDevice {
  id: string;
  version: number;
  deviceId: string;
  sn: string;
  remark: string;
  subModel: string | null;
  subBrandName: string | null;
  productCode: string | null;
  productName: string | null;
  apkVersion: string | null;
  online: boolean;
  lastConnectAt: string | null;
  createdAt: string;
  createdBy: string;
}

// ---- /api/deviceFaultLog/*

export const faultListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(FAULT_SORT_FIELDS),
  /** SN prefix. */
  sn: trimmed(64),
  type: trimmed(64),
  /** Country code or name as the device reported it. */
  country: trimmed(64),
  city: trimmed(64),
  productCode: trimmed(64),
  apkVersion: trimmed(64),
  from: timeBound.optional(),
  to: timeBound.optional(),
});
export type FaultListQuery = z.infer<typeof faultListQuerySchema>;

export interface FaultRecord {
  id: string;
  deviceId: string;
  sn: string;
  type: string;
  reportedAt: string;
  receivedAt: string;
  country: string | null;
  city: string | null;
  /** The full error log as the device sent it (at most 64 KiB). */
  errorLog: string;
  productCode: string | null;
  productName: string | null;
  subModel: string | null;
  apkVersion: string | null;
}

export const FAULT_PERIODS = ['day', 'week', 'month'] as const;
export type FaultPeriod = (typeof FAULT_PERIODS)[number];

/** `/api/deviceFaultLog/summary`: the same filters as the list (no paging), and the period of the time series. */
export const faultSummaryQuerySchema = faultListQuerySchema
  .omit({ pageNum: true, pageSize: true, onPage: true })
  .extend({ period: z.enum(FAULT_PERIODS).default('day') });

export interface FaultCount {
  /** The type, product code, APK version or period start (`2026-11-22`) counted. */
  key: string;
  /** Product name for byModel; null elsewhere. */
  label: string | null;
  count: number;
}

export interface FaultSummary {
  total: number;
  /** Distinct devices that reported. */
  deviceCount: number;
  byType: FaultCount[];
  byModel: FaultCount[];
  byVersion: FaultCount[];
  /** Oldest period first; periods without faults are present with 0 (at most 366 buckets). */
  byPeriod: FaultCount[];
  period: FaultPeriod;
}

// ---- device-facing bodies (device-ingest, /device/v1/*)

const version = text().min(1).max(64);
const messageId = text().min(1).max(64);
const deviceTime = z.iso.datetime({ offset: true });

/** `POST /device/v1/activate`: the device introduces itself and gets its credential. */
export const deviceActivationSchema = z.object({
  sn: text()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/),
  /** Catalogue model code, e.g. `TM-6`. */
  productCode: text().min(1).max(64),
  subBrandCode: text().min(1).max(64).optional(),
  apkVersion: version.optional(),
  mcuVersion: version.optional(),
  tpVersion: version.optional(),
  /** The device's own inactivity timeout, when it posts less often than the brand default expects. */
  inactivityTimeoutSeconds: z
    .number()
    .int()
    .min(30)
    .max(7 * 24 * 3600)
    .optional(),
  /** The app user who activated it, when given: bound to the device. */
  user: z
    .object({
      account: text().min(1).max(64),
      nickname: text().max(64).optional(),
      region: text().max(8).optional(),
      gender: z.enum(APP_USER_GENDERS).optional(),
      age: z.number().int().min(1).max(150).optional(),
      // z.url() alone lets control characters through (the URL parser would encode them, the value is kept raw).
      avatarUrl: text().max(500).pipe(z.url()).optional(),
    })
    .optional(),
});
export type DeviceActivation = z.infer<typeof deviceActivationSchema>;

export interface DeviceActivationAnswer {
  deviceId: string;
  sn: string;
  /** The device's credential: send as `Authorization: Bearer <credential>`. Shown once. */
  credential: string;
  activatedAt: string;
}

export const telemetryMessageSchema = z.object({
  messageId,
  sampledAt: deviceTime,
  network: z.enum(['wifi', 'ethernet', 'cellular']).optional(),
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  apkVersion: version.optional(),
  mcuVersion: version.optional(),
  tpVersion: version.optional(),
  /** Current working mode (a §3 working mode code) or idle. */
  mode: text().max(32).optional(),
  /** Whatever else the sample holds (temperatures, speed, weight, …): at most 4 KiB. */
  extra: jsonObject(64)
    .refine((v) => JSON.stringify(v).length <= 4096, { message: 'extra is larger than 4 KiB' })
    .optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;

/** `POST /device/v1/telemetry`: 1 to 500 samples. */
export const telemetryPostSchema = z.object({
  messages: z.array(telemetryMessageSchema).min(1).max(500),
});

export const faultMessageSchema = z.object({
  messageId,
  type: text().min(1).max(64),
  reportedAt: deviceTime,
  country: text().max(64).optional(),
  city: text().max(64).optional(),
  errorLog: text({ trim: false, multiline: true }).max(65_536),
});
export type FaultMessage = z.infer<typeof faultMessageSchema>;

/** `POST /device/v1/faults`: 1 to 100 reports. */
export const faultPostSchema = z.object({
  messages: z.array(faultMessageSchema).min(1).max(100),
});

/** Answer of the posting endpoints: accepted (queued) messages; stored once each, however often resent. */
export interface DevicePostAnswer {
  accepted: number;
}
