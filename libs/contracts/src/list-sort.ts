import { z } from 'zod';

/** Directions of a sorted list. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * `orderBy=<field>&order=asc|desc` of a list: the field must be one of the list's sortable columns (anything else
 * is refused with `sort_field_invalid`, never passed to SQL); `order` defaults to ascending. Without `orderBy`
 * the list keeps its own order (newest first).
 */
export function sortQueryShape<const F extends readonly [string, ...string[]]>(fields: F) {
  return {
    orderBy: z.enum(fields, { message: 'sort_field_invalid' }).optional(),
    order: z.enum(SORT_ORDERS, { message: 'sort_order_invalid' }).optional(),
  };
}

/** The sortable columns of each list, by the row field the column shows. */
export const DEVICE_SORT_FIELDS = [
  'sn',
  'subModel',
  'activatedAt',
  'online',
  'subBrandCode',
  'productCode',
  'apkVersion',
  'mcuVersion',
  'tpVersion',
] as const;
export const FAULT_SORT_FIELDS = ['sn', 'type', 'reportedAt', 'productCode', 'apkVersion'] as const;
export const APP_USER_SORT_FIELDS = ['number', 'account', 'nickname', 'region', 'registeredAt'] as const;
export const NOTICE_SORT_FIELDS = ['number', 'label', 'state', 'pushAt', 'createdAt'] as const;
export const RECIPE_SORT_FIELDS = ['number', 'type', 'status', 'version', 'updatedAt'] as const;
export const SEARCH_RECORD_SORT_FIELDS = ['resultCount', 'searchedAt'] as const;

/** Every list that sorts and keeps saved views, by the name its saved views are filed under. */
export const SORTABLE_LISTS = {
  device: DEVICE_SORT_FIELDS,
  faultRecord: FAULT_SORT_FIELDS,
  appUser: APP_USER_SORT_FIELDS,
  notice: NOTICE_SORT_FIELDS,
  recipe: RECIPE_SORT_FIELDS,
  searchRecord: SEARCH_RECORD_SORT_FIELDS,
} as const;
export type ListName = keyof typeof SORTABLE_LISTS;
export const LIST_NAMES = Object.keys(SORTABLE_LISTS) as [ListName, ...ListName[]];

/** The file formats of a list export. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** `POST /api/<list>/exportData`: the list's filters and sort (as `/list` takes them) and the file format. */
export function listExportBodySchema<S extends z.ZodObject>(listQuery: S) {
  return listQuery.extend({
    format: z.enum(LIST_EXPORT_FORMATS, { message: 'format_invalid' }).default('csv'),
  });
}

/** The sortable columns of every reference list (categories, tags, accessories, banners…); `number` where it has one. */
export const REFERENCE_SORT_FIELDS = ['number', 'updatedAt'] as const;
export const referenceSortQuerySchema = z.object(sortQueryShape(REFERENCE_SORT_FIELDS));
