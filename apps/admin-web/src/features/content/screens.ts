import { referenceScreens } from '../../components/reference/reference-screens.js';
import { childScreen, page } from '../../lib/screen.js';

/** What the app shows around recipes: banners, themed groups, lock-screen ads and hot search labels. */
export const contentScreens = [
  ...referenceScreens({
    paths: '/banner/*',
    title: 'banner',
    permission: 'content.edit',
    menu: { order: 40 },
    keepFormsAlive: true,
    load: () => import('./screens/banners.js').then((m) => m.bannerScreen),
  }),
  childScreen('/banner/detail', 'bannerDetail', '/banner/list', {
    record: true,
    page: page(() => import('./routes/content-record-pages.js'), 'BannerDetailPage'),
  }),
  childScreen('/banner/recipe', 'bannerRecipe', '/banner/list', {
    record: true,
    page: page(() => import('./routes/content-record-pages.js'), 'BannerRecipePage'),
  }),
  ...referenceScreens({
    paths: '/group-recipe/*',
    title: 'groupRecipe',
    permission: 'content.edit',
    menu: { order: 50 },
    load: () => import('./screens/themed-groups.js').then((m) => m.groupScreen),
  }),
  childScreen('/group-recipe/detail', 'groupRecipeDetail', '/group-recipe/list', {
    record: true,
    page: page(() => import('./routes/content-record-pages.js'), 'GroupDetailPage'),
  }),
  childScreen('/group-recipe/recipeList', 'groupRecipeRecipeList', '/group-recipe/list', {
    record: true,
    page: page(() => import('./routes/content-record-pages.js'), 'GroupRecipeListPage'),
  }),
  ...referenceScreens({
    paths: '/lock-screen-ads-*',
    title: 'lockScreenAds',
    permission: 'content.edit',
    menu: { group: 'operations', order: 30 },
    load: () => import('./screens/lock-screen-ads.js').then((m) => m.lockScreenAdScreen),
  }),
  ...referenceScreens({
    paths: '/hot-tag-*',
    title: 'hotTag',
    permission: 'content.edit',
    menu: { group: 'operations', order: 40 },
    load: () => import('./screens/hot-tags.js').then((m) => m.hotTagScreen),
  }),
];
