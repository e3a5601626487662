import type { Permission } from '@kb/contracts';
import type { ComponentType } from 'react';
import { withChunkTimeout } from './chunk-timeout.js';
import type { appZh } from './i18n/zh.js';

export type ScreenTitle = keyof typeof appZh.routes;

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

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
  /**
   * The screen's page, loaded as its own chunk when first shown. A screen of a later release has none and shows
   * the shared "coming in a later release" panel.
   */
  page?: PageLoader;
  /**
   * The permission of the screen's save: a role without it gets the no-permission panel instead of the form, and
   * the menu does not offer the screen.
   */
  permission?: Permission;
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
/** A page module's screen component, loaded lazily (the import runs when the screen is first shown). */
const page =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader =>
  () =>
    load().then((m) => ({ default: pick(m) }));

export const SCREENS = [
  // Account and home
  list('/home', 'home', {
    page: page(
      () => import('../features/home/routes/home-page.js'),
      (m) => m.HomePage,
    ),
  }),
  list('/password-edit', 'passwordEdit', {
    page: page(
      () => import('../features/account/routes/password-edit-page.js'),
      (m) => m.PasswordEditPage,
    ),
  }),
  list('/personage-detail', 'personageDetail', {
    page: page(
      () => import('../features/account/routes/personage-detail-page.js'),
      (m) => m.PersonageDetailPage,
    ),
  }),
  // APK
  list('/apk-list', 'apkList', {
    page: page(
      () => import('../features/apk/routes/apk-list-page.js'),
      (m) => m.ApkListPage,
    ),
  }),
  child('/apk-detail', 'apkDetail', '/apk-list', {
    record: true,
    page: page(
      () => import('../features/apk/routes/apk-detail-page.js'),
      (m) => m.ApkDetailPage,
    ),
  }),
  child('/apk-add', 'apkAdd', '/apk-list', {
    permission: 'apk.edit',
    page: page(
      () => import('../features/apk/routes/apk-form-pages.js'),
      (m) => m.ApkAddPage,
    ),
  }),
  child('/apk-edit', 'apkEdit', '/apk-list', {
    permission: 'apk.edit',
    record: true,
    page: page(
      () => import('../features/apk/routes/apk-form-pages.js'),
      (m) => m.ApkEditPage,
    ),
  }),
  // Devices
  list('/device-info-list', 'deviceInfoList', {
    page: page(
      () => import('../features/devices/routes/device-info-list-page.js'),
      (m) => m.DeviceInfoListPage,
    ),
  }),
  child('/device-info-detail', 'deviceInfoDetail', '/device-info-list', {
    record: true,
    page: page(
      () => import('../features/devices/routes/device-info-detail-page.js'),
      (m) => m.DeviceInfoDetailPage,
    ),
  }),
  list('/fault-collect-detail', 'faultCollectDetail', {
    page: page(
      () => import('../features/devices/routes/fault-collect-detail-page.js'),
      (m) => m.FaultCollectDetailPage,
    ),
  }),
  list('/fault-record-list', 'faultRecordList', {
    page: page(
      () => import('../features/devices/routes/fault-record-list-page.js'),
      (m) => m.FaultRecordListPage,
    ),
  }),
  list('/test-device-list', 'testDeviceList', {
    page: page(
      () => import('../features/devices/routes/test-device-list-page.js'),
      (m) => m.TestDeviceListPage,
    ),
  }),
  child('/test-device-detail', 'testDeviceDetail', '/test-device-list', {
    record: true,
    page: page(
      () => import('../features/devices/routes/test-device-detail-page.js'),
      (m) => m.TestDeviceDetailPage,
    ),
  }),
  child('/test-device-add', 'testDeviceAdd', '/test-device-list', {
    permission: 'testDevice.edit',
    page: page(
      () => import('../features/devices/routes/test-device-form-pages.js'),
      (m) => m.TestDeviceAddPage,
    ),
  }),
  child('/test-device-edit', 'testDeviceEdit', '/test-device-list', {
    permission: 'testDevice.edit',
    record: true,
    page: page(
      () => import('../features/devices/routes/test-device-form-pages.js'),
      (m) => m.TestDeviceEditPage,
    ),
  }),
  // Users
  list('/user-list', 'userList', {
    page: page(
      () => import('../features/users/routes/user-list-page.js'),
      (m) => m.UserListPage,
    ),
  }),
  child('/user-detail', 'userDetail', '/user-list', {
    record: true,
    page: page(
      () => import('../features/users/routes/user-detail-page.js'),
      (m) => m.UserDetailPage,
    ),
  }),
  list('/vip-user-list', 'vipUserList', {
    page: page(
      () => import('../features/users/routes/vip-user-list-page.js'),
      (m) => m.VipUserListPage,
    ),
  }),
  // Accessories
  list('/fitting-list', 'fittingList', {
    page: page(
      () => import('../features/catalog/screens/accessories.js'),
      (m) => m.accessoryPages.List,
    ),
  }),
  child('/fitting-add', 'fittingAdd', '/fitting-list', {
    permission: 'accessory.edit',
    page: page(
      () => import('../features/catalog/screens/accessories.js'),
      (m) => m.accessoryPages.Add,
    ),
  }),
  child('/fitting-edit', 'fittingEdit', '/fitting-list', {
    permission: 'accessory.edit',
    record: true,
    page: page(
      () => import('../features/catalog/screens/accessories.js'),
      (m) => m.accessoryPages.Edit,
    ),
  }),
  // Lock-screen ads
  list('/lock-screen-ads-list', 'lockScreenAdsList', {
    page: page(
      () => import('../features/content/screens/lock-screen-ads.js'),
      (m) => m.lockScreenAdPages.List,
    ),
  }),
  child('/lock-screen-ads-add', 'lockScreenAdsAdd', '/lock-screen-ads-list', {
    permission: 'content.edit',
    page: page(
      () => import('../features/content/screens/lock-screen-ads.js'),
      (m) => m.lockScreenAdPages.Add,
    ),
  }),
  child('/lock-screen-ads-edit', 'lockScreenAdsEdit', '/lock-screen-ads-list', {
    permission: 'content.edit',
    record: true,
    page: page(
      () => import('../features/content/screens/lock-screen-ads.js'),
      (m) => m.lockScreenAdPages.Edit,
    ),
  }),
  // Hot tags
  list('/hot-tag-list', 'hotTagList', {
    page: page(
      () => import('../features/content/screens/hot-tags.js'),
      (m) => m.hotTagPages.List,
    ),
  }),
  child('/hot-tag-add', 'hotTagAdd', '/hot-tag-list', {
    permission: 'content.edit',
    page: page(
      () => import('../features/content/screens/hot-tags.js'),
      (m) => m.hotTagPages.Add,
    ),
  }),
  child('/hot-tag-edit', 'hotTagEdit', '/hot-tag-list', {
    permission: 'content.edit',
    record: true,
    page: page(
      () => import('../features/content/screens/hot-tags.js'),
      (m) => m.hotTagPages.Edit,
    ),
  }),
  // Search records
  list('/staff-list', 'staffList', {
    permission: 'staff.manage',
    page: page(
      () => import('../features/staff/routes/staff-list-page.js'),
      (m) => m.StaffListPage,
    ),
  }),
  list('/user-search-record-list', 'userSearchRecordList', {
    page: page(
      () => import('../features/users/routes/user-search-record-list-page.js'),
      (m) => m.UserSearchRecordListPage,
    ),
  }),
  // Notifications
  list('/inform-list', 'informList', {
    page: page(
      () => import('../features/notices/routes/inform-list-page.js'),
      (m) => m.InformListPage,
    ),
  }),
  child('/inform-add', 'informAdd', '/inform-list', {
    permission: 'notice.edit',
    page: page(
      () => import('../features/notices/routes/inform-form-pages.js'),
      (m) => m.InformAddPage,
    ),
  }),
  child('/inform-edit', 'informEdit', '/inform-list', {
    permission: 'notice.edit',
    record: true,
    page: page(
      () => import('../features/notices/routes/inform-form-pages.js'),
      (m) => m.InformEditPage,
    ),
  }),
  child('/inform-detail', 'informDetail', '/inform-list', {
    record: true,
    page: page(
      () => import('../features/notices/routes/inform-detail-page.js'),
      (m) => m.InformDetailPage,
    ),
  }),
  // Recipes
  list('/recipe-list', 'recipeList', {
    keepAlive: true,
    page: page(
      () => import('../features/recipes/routes/recipe-list-page.js'),
      (m) => m.RecipeListPage,
    ),
  }),
  child('/recipe-add', 'recipeAdd', '/recipe-list', {
    keepAlive: true,
    page: page(
      () => import('../features/recipes/routes/recipe-editor-pages.js'),
      (m) => m.RecipeAddPage,
    ),
  }),
  child('/recipe-edit', 'recipeEdit', '/recipe-list', {
    keepAlive: true,
    record: true,
    page: page(
      () => import('../features/recipes/routes/recipe-editor-pages.js'),
      (m) => m.RecipeEditPage,
    ),
  }),
  child('/preview-detail', 'previewDetail', '/recipe-list', {
    record: true,
    page: page(
      () => import('../features/recipes/routes/preview-detail-page.js'),
      (m) => m.PreviewDetailPage,
    ),
  }),
  child('/recipe-model', 'recipeModel', '/recipe-list', {
    page: page(
      () => import('../features/recipes/routes/recipe-model-page.js'),
      (m) => m.RecipeModelPage,
    ),
  }),
  child('/recipe-detail', 'recipeDetail', '/recipe-list', {
    record: true,
    page: page(
      () => import('../features/recipes/routes/recipe-detail-page.js'),
      (m) => m.RecipeDetailPage,
    ),
  }),
  list('/recycling-list', 'recyclingList', {
    page: page(
      () => import('../features/recipes/routes/recycling-list-page.js'),
      (m) => m.RecyclingListPage,
    ),
  }),
  child('/audit-history', 'auditHistory', '/recycling-list', {
    page: page(
      () => import('../features/audit/routes/audit-page.js'),
      (m) => m.AuditPage,
    ),
  }),
  // Reviews
  list('/user-evaluation-list', 'userEvaluationList', {
    page: page(
      () => import('../features/reviews/routes/user-evaluation-list-page.js'),
      (m) => m.UserEvaluationListPage,
    ),
  }),
  child('/user-evaluation-add', 'userEvaluationAdd', '/user-evaluation-list', {
    permission: 'review.add',
    page: page(
      () => import('../features/reviews/routes/user-evaluation-add-page.js'),
      (m) => m.UserEvaluationAddPage,
    ),
  }),
  // Language
  list('/lang-set-edit', 'langSetEdit', {
    page: page(
      () => import('../features/catalog/routes/lang-set-edit-page.js'),
      (m) => m.LangSetEditPage,
    ),
  }),
  // Category settings
  list('/category-set-list', 'categorySetList', {
    page: page(
      () => import('../features/catalog/screens/categories.js'),
      (m) => m.categoryPages.List,
    ),
  }),
  child('/category-set-add', 'categorySetAdd', '/category-set-list', {
    permission: 'category.edit',
    page: page(
      () => import('../features/catalog/screens/categories.js'),
      (m) => m.categoryPages.Add,
    ),
  }),
  child('/category-set-edit', 'categorySetEdit', '/category-set-list', {
    permission: 'category.edit',
    record: true,
    page: page(
      () => import('../features/catalog/screens/categories.js'),
      (m) => m.categoryPages.Edit,
    ),
  }),
  // Online categories
  list('/online-cate/list', 'onlineCateList', {
    page: page(
      () => import('../features/catalog/routes/online-cate-list-page.js'),
      (m) => m.OnlineCateListPage,
    ),
  }),
  child('/online-cate/add', 'onlineCateAdd', '/online-cate/list', {
    permission: 'onlineCategory.edit',
    page: page(
      () => import('../features/catalog/routes/online-cate-add-page.js'),
      (m) => m.OnlineCateAddPage,
    ),
  }),
  child('/online-cate/detail', 'onlineCateDetail', '/online-cate/list', {
    record: true,
    page: page(
      () => import('../features/catalog/routes/online-cate-detail-page.js'),
      (m) => m.OnlineCateDetailPage,
    ),
  }),
  child('/online-cate/recipeList', 'onlineCateRecipeList', '/online-cate/list', {
    record: true,
    page: page(
      () => import('../features/catalog/routes/online-cate-recipe-list-page.js'),
      (m) => m.OnlineCateRecipeListPage,
    ),
  }),
  // Tags
  list('/tag-list', 'tagList', {
    page: page(
      () => import('../features/catalog/screens/tags.js'),
      (m) => m.tagPages.List,
    ),
  }),
  child('/tag-add', 'tagAdd', '/tag-list', {
    permission: 'tag.edit',
    page: page(
      () => import('../features/catalog/screens/tags.js'),
      (m) => m.tagPages.Add,
    ),
  }),
  child('/tag-edit', 'tagEdit', '/tag-list', {
    permission: 'tag.edit',
    record: true,
    page: page(
      () => import('../features/catalog/screens/tags.js'),
      (m) => m.tagPages.Edit,
    ),
  }),
  // Paid and online recipes
  list('/pay-recipe-list', 'payRecipeList', {
    page: page(
      () => import('../features/recipes/routes/recipe-list-page.js'),
      (m) => m.PayRecipeListPage,
    ),
  }),
  list('/online-recipe-list', 'onlineRecipeList', {
    page: page(
      () => import('../features/recipes/routes/recipe-list-page.js'),
      (m) => m.OnlineRecipeListPage,
    ),
  }),
  // Offline packs
  list('/offline-recipes-list', 'offlineRecipesList', {
    page: page(
      () => import('../features/offline-packs/routes/offline-pack-list-page.js'),
      (m) => m.OfflinePackListPage,
    ),
  }),
  child('/offline-recipes-add', 'offlineRecipesAdd', '/offline-recipes-list', {
    permission: 'offlinePack.edit',
    page: page(
      () => import('../features/offline-packs/routes/offline-pack-form-pages.js'),
      (m) => m.OfflinePackAddPage,
    ),
  }),
  child('/offline-recipes-edit', 'offlineRecipesEdit', '/offline-recipes-list', {
    record: true,
    page: page(
      () => import('../features/offline-packs/routes/offline-pack-form-pages.js'),
      (m) => m.OfflinePackEditPage,
    ),
  }),
  // Banners
  list('/banner/list', 'bannerList', {
    page: page(
      () => import('../features/content/screens/banners.js'),
      (m) => m.bannerPages.List,
    ),
  }),
  child('/banner/add', 'bannerAdd', '/banner/list', {
    permission: 'content.edit',
    keepAlive: true,
    page: page(
      () => import('../features/content/screens/banners.js'),
      (m) => m.bannerPages.Add,
    ),
  }),
  child('/banner/edit', 'bannerEdit', '/banner/list', {
    permission: 'content.edit',
    keepAlive: true,
    record: true,
    page: page(
      () => import('../features/content/screens/banners.js'),
      (m) => m.bannerPages.Edit,
    ),
  }),
  child('/banner/detail', 'bannerDetail', '/banner/list', {
    record: true,
    page: page(
      () => import('../features/content/routes/content-record-pages.js'),
      (m) => m.BannerDetailPage,
    ),
  }),
  child('/banner/recipe', 'bannerRecipe', '/banner/list', {
    record: true,
    page: page(
      () => import('../features/content/routes/content-record-pages.js'),
      (m) => m.BannerRecipePage,
    ),
  }),
  // Themed recipes
  list('/group-recipe/list', 'groupRecipeList', {
    page: page(
      () => import('../features/content/screens/themed-groups.js'),
      (m) => m.groupPages.List,
    ),
  }),
  child('/group-recipe/detail', 'groupRecipeDetail', '/group-recipe/list', {
    record: true,
    page: page(
      () => import('../features/content/routes/content-record-pages.js'),
      (m) => m.GroupDetailPage,
    ),
  }),
  child('/group-recipe/add', 'groupRecipeAdd', '/group-recipe/list', {
    permission: 'content.edit',
    page: page(
      () => import('../features/content/screens/themed-groups.js'),
      (m) => m.groupPages.Add,
    ),
  }),
  child('/group-recipe/edit', 'groupRecipeEdit', '/group-recipe/list', {
    permission: 'content.edit',
    record: true,
    page: page(
      () => import('../features/content/screens/themed-groups.js'),
      (m) => m.groupPages.Edit,
    ),
  }),
  child('/group-recipe/recipeList', 'groupRecipeRecipeList', '/group-recipe/list', {
    record: true,
    page: page(
      () => import('../features/content/routes/content-record-pages.js'),
      (m) => m.GroupRecipeListPage,
    ),
  }),
  // Ingredient units: named by the spec's dictionary without a route; this path follows the §2 style.
  list('/unit-list', 'unitList', {
    page: page(
      () => import('../features/catalog/screens/units.js'),
      (m) => m.unitPages.List,
    ),
  }),
  // Where a 403 leads (§2: "that route's definition is not shown").
  list('/no-permission', 'noPermission', {
    page: page(
      () => import('./pages/no-permission-page.js'),
      (m) => m.NoPermissionPage,
    ),
  }),
] as const;

/** Every path of the layout, so that links to them are checked by the compiler. */
export type ScreenPath = (typeof SCREENS)[number]['path'];

const byPath = new Map<string, Screen>(SCREENS.map((s) => [s.path, s]));

export function screenFor(pathname: string): Screen | undefined {
  return byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

const notBuilt: PageLoader = page(
  () => import('./pages/not-built-page.js'),
  (m) => m.NotBuiltPage,
);

/**
 * The page of a path (§9: code that has not arrived after 120 seconds counts as failed), behind the screen's
 * permission when it has one.
 */
export function pageLoader(path: string): PageLoader {
  const screen = screenFor(path);
  const load = withChunkTimeout(screen?.page ?? notBuilt);
  const permission = screen?.permission;
  if (!permission) return load;
  return () =>
    Promise.all([load(), import('./permission-gate.js')]).then(([m, gate]) => ({
      default: gate.withPermission(m.default, permission),
    }));
}
