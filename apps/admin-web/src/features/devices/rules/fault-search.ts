import { z } from 'zod';
import { NO_FAULT_FILTER, type FaultFilter } from '../api/fault-records.js';

const text = z.string().trim().max(64).catch('');
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * The query of /fault-record-list (`?type=HEATING&from=2026-11-01&to=2026-11-30`, the summary's drill-down and the
 * device detail's link): anything malformed is dropped, never an error.
 */
export const faultSearchSchema = z.object({
  sn: text.optional(),
  type: text.optional(),
  country: text.optional(),
  city: text.optional(),
  productCode: text.optional(),
  apkVersion: text.optional(),
  from: day,
  to: day,
});
export type FaultSearch = z.infer<typeof faultSearchSchema>;

/** The record list's filters as the query asks for them. */
export function faultFilterFromSearch(search: Record<string, unknown> | undefined): FaultFilter {
  const s = faultSearchSchema.parse(search ?? {});
  return {
    ...NO_FAULT_FILTER,
    sn: s.sn ?? '',
    type: s.type || null,
    country: s.country ?? '',
    city: s.city ?? '',
    productCode: s.productCode || null,
    apkVersion: s.apkVersion ?? '',
    time: s.from || s.to ? [s.from ?? null, s.to ?? null] : null,
  };
}

/** The query that opens the record list on what a summary row counts (empty values left out). */
export function faultSearchOf(filter: Partial<FaultFilter>): FaultSearch {
  const out: FaultSearch = {};
  for (const key of ['sn', 'type', 'country', 'city', 'productCode', 'apkVersion'] as const) {
    const value = filter[key]?.trim();
    if (value) out[key] = value;
  }
  if (filter.time?.[0]) out.from = filter.time[0];
  if (filter.time?.[1]) out.to = filter.time[1];
  return out;
}

/**
 * Link props of /fault-record-list with this query. The app's route tree types every screen's search as the
 * record `?id=` only (router.tsx); this page reads and validates its own query with `faultSearchSchema`.
 */
export function faultRecordsLink(search: FaultSearch) {
  return { to: '/fault-record-list' as const, search: search as never };
}
