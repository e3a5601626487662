import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** §9: a page's code that has not arrived after 120 seconds counts as failed (the error panel offers a retry). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Loading the page took longer than ${ms / 1000} s`)),
        ms,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

const page =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader =>
  () =>
    load().then((m) => ({ default: pick(m) }));

/**
 * The screen behind each path. Paths without an entry belong to later releases and show the shared
 * "coming in a later release" panel (screens.ts lists them all). Each entry is its own chunk.
 */
const PAGES: Record<string, PageLoader> = {
  '/home': page(
    () => import('../features/home/routes/home-page.js'),
    (m) => m.HomePage,
  ),
  '/password-edit': page(
    () => import('../features/account/routes/password-edit-page.js'),
    (m) => m.PasswordEditPage,
  ),
  '/personage-detail': page(
    () => import('../features/account/routes/personage-detail-page.js'),
    (m) => m.PersonageDetailPage,
  ),
  // Recipe reference data (issue 4)
  '/lang-set-edit': page(
    () => import('../features/catalog/routes/lang-set-edit-page.js'),
    (m) => m.LangSetEditPage,
  ),
  '/category-set-list': page(
    () => import('../features/catalog/routes/category-list-page.js'),
    (m) => m.CategoryListPage,
  ),
  '/category-set-add': page(
    () => import('../features/catalog/routes/category-form-pages.js'),
    (m) => m.CategoryAddPage,
  ),
  '/category-set-edit': page(
    () => import('../features/catalog/routes/category-form-pages.js'),
    (m) => m.CategoryEditPage,
  ),
  '/tag-list': page(
    () => import('../features/catalog/routes/tag-list-page.js'),
    (m) => m.TagListPage,
  ),
  '/tag-add': page(
    () => import('../features/catalog/routes/tag-form-pages.js'),
    (m) => m.TagAddPage,
  ),
  '/tag-edit': page(
    () => import('../features/catalog/routes/tag-form-pages.js'),
    (m) => m.TagEditPage,
  ),
  '/unit-list': page(
    () => import('../features/catalog/routes/unit-list-page.js'),
    (m) => m.UnitListPage,
  ),
  '/fitting-list': page(
    () => import('../features/catalog/routes/fitting-list-page.js'),
    (m) => m.FittingListPage,
  ),
  '/fitting-add': page(
    () => import('../features/catalog/routes/fitting-form-pages.js'),
    (m) => m.FittingAddPage,
  ),
  '/fitting-edit': page(
    () => import('../features/catalog/routes/fitting-form-pages.js'),
    (m) => m.FittingEditPage,
  ),
  '/online-cate/list': page(
    () => import('../features/catalog/routes/online-cate-list-page.js'),
    (m) => m.OnlineCateListPage,
  ),
  '/online-cate/add': page(
    () => import('../features/catalog/routes/online-cate-add-page.js'),
    (m) => m.OnlineCateAddPage,
  ),
  '/online-cate/detail': page(
    () => import('../features/catalog/routes/online-cate-detail-page.js'),
    (m) => m.OnlineCateDetailPage,
  ),
  '/online-cate/recipeList': page(
    () => import('../features/catalog/routes/online-cate-recipe-list-page.js'),
    (m) => m.OnlineCateRecipeListPage,
  ),
  // Recipes (issue 5)
  '/recipe-list': page(
    () => import('../features/recipes/routes/recipe-list-page.js'),
    (m) => m.RecipeListPage,
  ),
  '/online-recipe-list': page(
    () => import('../features/recipes/routes/recipe-list-page.js'),
    (m) => m.OnlineRecipeListPage,
  ),
  '/pay-recipe-list': page(
    () => import('../features/recipes/routes/recipe-list-page.js'),
    (m) => m.PayRecipeListPage,
  ),
  '/recycling-list': page(
    () => import('../features/recipes/routes/recycling-list-page.js'),
    (m) => m.RecyclingListPage,
  ),
  '/recipe-detail': page(
    () => import('../features/recipes/routes/recipe-detail-page.js'),
    (m) => m.RecipeDetailPage,
  ),
  '/preview-detail': page(
    () => import('../features/recipes/routes/preview-detail-page.js'),
    (m) => m.PreviewDetailPage,
  ),
  '/recipe-add': page(
    () => import('../features/recipes/routes/recipe-editor-pages.js'),
    (m) => m.RecipeAddPage,
  ),
  '/recipe-edit': page(
    () => import('../features/recipes/routes/recipe-editor-pages.js'),
    (m) => m.RecipeEditPage,
  ),
  '/recipe-model': page(
    () => import('../features/recipes/routes/recipe-model-page.js'),
    (m) => m.RecipeModelPage,
  ),
  // Reviews (issue 5)
  '/user-evaluation-list': page(
    () => import('../features/reviews/routes/user-evaluation-list-page.js'),
    (m) => m.UserEvaluationListPage,
  ),
  '/user-evaluation-add': page(
    () => import('../features/reviews/routes/user-evaluation-add-page.js'),
    (m) => m.UserEvaluationAddPage,
  ),
  // APK sub-packages (issue 6)
  '/apk-list': page(
    () => import('../features/apk/routes/apk-list-page.js'),
    (m) => m.ApkListPage,
  ),
  '/apk-add': page(
    () => import('../features/apk/routes/apk-form-pages.js'),
    (m) => m.ApkAddPage,
  ),
  '/apk-edit': page(
    () => import('../features/apk/routes/apk-form-pages.js'),
    (m) => m.ApkEditPage,
  ),
  '/apk-detail': page(
    () => import('../features/apk/routes/apk-detail-page.js'),
    (m) => m.ApkDetailPage,
  ),
  // Offline recipe packs (issue 6)
  '/offline-recipes-list': page(
    () => import('../features/offline-packs/routes/offline-pack-list-page.js'),
    (m) => m.OfflinePackListPage,
  ),
  '/offline-recipes-add': page(
    () => import('../features/offline-packs/routes/offline-pack-form-pages.js'),
    (m) => m.OfflinePackAddPage,
  ),
  '/offline-recipes-edit': page(
    () => import('../features/offline-packs/routes/offline-pack-form-pages.js'),
    (m) => m.OfflinePackEditPage,
  ),
  // Notices (issue 18)
  '/inform-list': page(
    () => import('../features/notices/routes/inform-list-page.js'),
    (m) => m.InformListPage,
  ),
  '/inform-add': page(
    () => import('../features/notices/routes/inform-form-pages.js'),
    (m) => m.InformAddPage,
  ),
  '/inform-edit': page(
    () => import('../features/notices/routes/inform-form-pages.js'),
    (m) => m.InformEditPage,
  ),
  '/inform-detail': page(
    () => import('../features/notices/routes/inform-detail-page.js'),
    (m) => m.InformDetailPage,
  ),
  // Devices (issue 7)
  '/device-info-list': page(
    () => import('../features/devices/routes/device-info-list-page.js'),
    (m) => m.DeviceInfoListPage,
  ),
  '/device-info-detail': page(
    () => import('../features/devices/routes/device-info-detail-page.js'),
    (m) => m.DeviceInfoDetailPage,
  ),
  '/fault-collect-detail': page(
    () => import('../features/devices/routes/fault-collect-detail-page.js'),
    (m) => m.FaultCollectDetailPage,
  ),
  '/fault-record-list': page(
    () => import('../features/devices/routes/fault-record-list-page.js'),
    (m) => m.FaultRecordListPage,
  ),
  '/test-device-list': page(
    () => import('../features/devices/routes/test-device-list-page.js'),
    (m) => m.TestDeviceListPage,
  ),
  '/test-device-detail': page(
    () => import('../features/devices/routes/test-device-detail-page.js'),
    (m) => m.TestDeviceDetailPage,
  ),
  '/test-device-add': page(
    () => import('../features/devices/routes/test-device-form-pages.js'),
    (m) => m.TestDeviceAddPage,
  ),
  '/test-device-edit': page(
    () => import('../features/devices/routes/test-device-form-pages.js'),
    (m) => m.TestDeviceEditPage,
  ),
  '/no-permission': page(
    () => import('./pages/no-permission-page.js'),
    (m) => m.NoPermissionPage,
  ),
};

const notBuilt: PageLoader = page(
  () => import('./pages/not-built-page.js'),
  (m) => m.NotBuiltPage,
);

export function pageLoader(path: string): PageLoader {
  return withChunkTimeout(PAGES[path] ?? notBuilt);
}
