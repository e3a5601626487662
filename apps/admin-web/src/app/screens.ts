import type { appZh } from './i18n/zh.js';

export type ScreenTitle = keyof typeof appZh.routes;

/**
 * Every authenticated route of §2, exactly as written, plus the ingredient-unit screen the spec names without
 * a route. The router, the sidebar, the tab titles and the back header all read this one list.
 */
export interface Screen<P extends string = string> {
  path: P;
  title: ScreenTitle;
  /** Keeps its state (form input, filters, page, scroll) when the user switches tabs (§2 behaviour). */
  keepAlive?: boolean;
  /** Takes a record id in the query string (`?id=`), so two records open in two tabs. */
  record?: boolean;
  /** The menu entry this screen belongs to (highlighted in the sidebar; where "back" goes without history). */
  parent?: string;
  /** Built by this release; otherwise the route shows the shared "coming in a later release" panel. */
  built?: boolean;
}

type Extra = Omit<Partial<Screen>, 'path' | 'title'>;
const list = <P extends string>(path: P, title: ScreenTitle, extra: Extra = {}): Screen<P> => ({
  path,
  title,
  ...extra,
});
const child = <P extends string>(
  path: P,
  title: ScreenTitle,
  parent: string,
  extra: Extra = {},
): Screen<P> => ({
  path,
  title,
  parent,
  ...extra,
});
const record = { record: true } as const;
const built = { built: true } as const;
const builtRecord = { record: true, built: true } as const;

export const SCREENS = [
  // Account and home
  list('/home', 'home', { built: true }),
  list('/password-edit', 'passwordEdit', { built: true }),
  list('/personage-detail', 'personageDetail', { built: true }),
  // APK
  list('/apk-list', 'apkList', built),
  child('/apk-detail', 'apkDetail', '/apk-list', builtRecord),
  child('/apk-add', 'apkAdd', '/apk-list', built),
  child('/apk-edit', 'apkEdit', '/apk-list', builtRecord),
  // Devices
  list('/device-info-list', 'deviceInfoList', built),
  child('/device-info-detail', 'deviceInfoDetail', '/device-info-list', builtRecord),
  list('/fault-collect-detail', 'faultCollectDetail', built),
  list('/fault-record-list', 'faultRecordList', built),
  list('/test-device-list', 'testDeviceList', built),
  child('/test-device-detail', 'testDeviceDetail', '/test-device-list', builtRecord),
  child('/test-device-add', 'testDeviceAdd', '/test-device-list', built),
  child('/test-device-edit', 'testDeviceEdit', '/test-device-list', builtRecord),
  // Users
  list('/user-list', 'userList'),
  child('/user-detail', 'userDetail', '/user-list', record),
  list('/vip-user-list', 'vipUserList'),
  // Accessories
  list('/fitting-list', 'fittingList', built),
  child('/fitting-add', 'fittingAdd', '/fitting-list', built),
  child('/fitting-edit', 'fittingEdit', '/fitting-list', builtRecord),
  // Lock-screen ads
  list('/lock-screen-ads-list', 'lockScreenAdsList'),
  child('/lock-screen-ads-add', 'lockScreenAdsAdd', '/lock-screen-ads-list'),
  child('/lock-screen-ads-edit', 'lockScreenAdsEdit', '/lock-screen-ads-list', record),
  // Hot tags
  list('/hot-tag-list', 'hotTagList'),
  child('/hot-tag-add', 'hotTagAdd', '/hot-tag-list'),
  child('/hot-tag-edit', 'hotTagEdit', '/hot-tag-list', record),
  // Search records
  list('/user-search-record-list', 'userSearchRecordList'),
  // Notifications
  list('/inform-list', 'informList', built),
  child('/inform-add', 'informAdd', '/inform-list', built),
  child('/inform-edit', 'informEdit', '/inform-list', builtRecord),
  child('/inform-detail', 'informDetail', '/inform-list', builtRecord),
  // Recipes
  list('/recipe-list', 'recipeList', { keepAlive: true, built: true }),
  child('/recipe-add', 'recipeAdd', '/recipe-list', { keepAlive: true, built: true }),
  child('/recipe-edit', 'recipeEdit', '/recipe-list', { keepAlive: true, record: true, built: true }),
  child('/preview-detail', 'previewDetail', '/recipe-list', builtRecord),
  child('/recipe-model', 'recipeModel', '/recipe-list', built),
  child('/recipe-detail', 'recipeDetail', '/recipe-list', builtRecord),
  list('/recycling-list', 'recyclingList', built),
  // Reviews
  list('/user-evaluation-list', 'userEvaluationList', built),
  child('/user-evaluation-add', 'userEvaluationAdd', '/user-evaluation-list', built),
  // Language
  list('/lang-set-edit', 'langSetEdit', built),
  // Category settings
  list('/category-set-list', 'categorySetList', built),
  child('/category-set-add', 'categorySetAdd', '/category-set-list', built),
  child('/category-set-edit', 'categorySetEdit', '/category-set-list', builtRecord),
  // Online categories
  list('/online-cate/list', 'onlineCateList', built),
  child('/online-cate/add', 'onlineCateAdd', '/online-cate/list', built),
  child('/online-cate/detail', 'onlineCateDetail', '/online-cate/list', builtRecord),
  child('/online-cate/recipeList', 'onlineCateRecipeList', '/online-cate/list', builtRecord),
  // Tags
  list('/tag-list', 'tagList', built),
  child('/tag-add', 'tagAdd', '/tag-list', built),
  child('/tag-edit', 'tagEdit', '/tag-list', builtRecord),
  // Paid and online recipes
  list('/pay-recipe-list', 'payRecipeList', built),
  list('/online-recipe-list', 'onlineRecipeList', built),
  // Offline packs
  list('/offline-recipes-list', 'offlineRecipesList', built),
  child('/offline-recipes-add', 'offlineRecipesAdd', '/offline-recipes-list', built),
  child('/offline-recipes-edit', 'offlineRecipesEdit', '/offline-recipes-list', builtRecord),
  // Banners
  list('/banner/list', 'bannerList'),
  child('/banner/add', 'bannerAdd', '/banner/list', { keepAlive: true }),
  child('/banner/edit', 'bannerEdit', '/banner/list', { keepAlive: true, record: true }),
  child('/banner/detail', 'bannerDetail', '/banner/list', record),
  child('/banner/recipe', 'bannerRecipe', '/banner/list', record),
  // Themed recipes
  list('/group-recipe/list', 'groupRecipeList'),
  child('/group-recipe/detail', 'groupRecipeDetail', '/group-recipe/list', record),
  child('/group-recipe/add', 'groupRecipeAdd', '/group-recipe/list'),
  child('/group-recipe/edit', 'groupRecipeEdit', '/group-recipe/list', record),
  child('/group-recipe/recipeList', 'groupRecipeRecipeList', '/group-recipe/list', record),
  // Ingredient units: named by the spec's dictionary without a route; this path follows the §2 style.
  list('/unit-list', 'unitList', built),
  // Where a 403 leads (§2: "that route's definition is not shown").
  list('/no-permission', 'noPermission', { built: true }),
] as const;

/** Every path of the layout, so that links to them are checked by the compiler. */
export type ScreenPath = (typeof SCREENS)[number]['path'];

const byPath = new Map<string, Screen>(SCREENS.map((s) => [s.path, s]));

export function screenFor(pathname: string): Screen | undefined {
  return byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
