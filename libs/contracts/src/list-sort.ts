// The lists' sortable fields, free of zod: the console imports them without the schemas (list-sort-schemas.ts).

/** Directions of a sorted list. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

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

/** The sortable columns of every reference list (categories, tags, accessories, banners…); `number` where it has one. */
export const REFERENCE_SORT_FIELDS = ['number', 'updatedAt'] as const;
