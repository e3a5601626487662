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
export const APP_USER_SORT_FIELDS = [
  'number',
  'account',
  'nickname',
  'region',
  'status',
  'registered',
  'registeredAt',
] as const;
export const NOTICE_SORT_FIELDS = ['number', 'label', 'state', 'pushAt', 'createdAt'] as const;
export const RECIPE_SORT_FIELDS = ['number', 'type', 'status', 'version', 'updatedAt'] as const;
/** The recycle bin (the recipe list with `status=recycle_bin`): by number, delete time and the state left. */
export const RECYCLE_BIN_SORT_FIELDS = ['number', 'deletedAt', 'recycledFrom'] as const;
/** Every field `/api/recipe/list` takes in `orderBy`; the bin's own are refused on the other recipe lists. */
export const RECIPE_LIST_SORT_FIELDS = [...RECIPE_SORT_FIELDS, 'deletedAt', 'recycledFrom'] as const;
export const SEARCH_RECORD_SORT_FIELDS = ['lang', 'region', 'resultCount', 'searchedAt'] as const;
export const STAFF_SORT_FIELDS = ['account', 'name', 'email', 'role', 'status', 'createdAt'] as const;
export const APK_SORT_FIELDS = [
  'versionNumber',
  'subBrandName',
  'modelName',
  'apkVersion',
  'fileSize',
  'reviewStatus',
  'testStatus',
  'releaseStatus',
  'appliedAt',
  'releasedAt',
  'updatedAt',
] as const;
export const OFFLINE_PACK_SORT_FIELDS = [
  'number',
  'type',
  'factoryModel',
  'customerModel',
  'recipeCount',
  'testStatus',
  'releaseStatus',
  'releasedAt',
  'updatedAt',
] as const;
export const TEST_DEVICE_SORT_FIELDS = [
  'sn',
  'subModel',
  'subBrandName',
  'productName',
  'apkVersion',
  'online',
  'lastConnectAt',
  'createdAt',
] as const;
export const PAYING_USER_SORT_FIELDS = [
  'userNumber',
  'account',
  'nickname',
  'vipLevel',
  'startDate',
  'endDate',
  'updatedAt',
] as const;
export const REVIEW_SORT_FIELDS = ['recipeNumber', 'sn', 'userAccount', 'score', 'evaluatedAt'] as const;
export const ONLINE_CATEGORY_SORT_FIELDS = ['name', 'sort', 'recipeCount'] as const;
/** The sortable columns of every reference list (categories, tags, accessories, banners…); `number` where it has one. */
export const REFERENCE_SORT_FIELDS = ['number', 'updatedAt'] as const;
/** Reference lists without a number (banners, lock-screen ads, hot search labels, units). */
export const UNNUMBERED_REFERENCE_SORT_FIELDS = ['updatedAt'] as const;

/** Every list that sorts and keeps saved views, by the name its saved views are filed under. */
export const SORTABLE_LISTS = {
  device: DEVICE_SORT_FIELDS,
  faultRecord: FAULT_SORT_FIELDS,
  appUser: APP_USER_SORT_FIELDS,
  notice: NOTICE_SORT_FIELDS,
  recipe: RECIPE_SORT_FIELDS,
  searchRecord: SEARCH_RECORD_SORT_FIELDS,
  onlineRecipe: RECIPE_SORT_FIELDS,
  paidRecipe: RECIPE_SORT_FIELDS,
  recycleBin: RECYCLE_BIN_SORT_FIELDS,
  recipeModel: RECIPE_SORT_FIELDS,
  staff: STAFF_SORT_FIELDS,
  apk: APK_SORT_FIELDS,
  offlinePack: OFFLINE_PACK_SORT_FIELDS,
  testDevice: TEST_DEVICE_SORT_FIELDS,
  payingUser: PAYING_USER_SORT_FIELDS,
  review: REVIEW_SORT_FIELDS,
  onlineCategory: ONLINE_CATEGORY_SORT_FIELDS,
  category: REFERENCE_SORT_FIELDS,
  tag: REFERENCE_SORT_FIELDS,
  accessory: REFERENCE_SORT_FIELDS,
  themedGroup: REFERENCE_SORT_FIELDS,
  unit: UNNUMBERED_REFERENCE_SORT_FIELDS,
  banner: UNNUMBERED_REFERENCE_SORT_FIELDS,
  hotTag: UNNUMBERED_REFERENCE_SORT_FIELDS,
  lockScreenAd: UNNUMBERED_REFERENCE_SORT_FIELDS,
} as const;
export type ListName = keyof typeof SORTABLE_LISTS;
export const LIST_NAMES = Object.keys(SORTABLE_LISTS) as [ListName, ...ListName[]];

/** The file formats of a list export. */
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
