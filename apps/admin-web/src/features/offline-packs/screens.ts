import { childScreen, page, screen } from '../../lib/screen.js';

export const offlinePackScreens = [
  screen('/offline-recipes-list', 'offlineRecipesList', {
    menu: { group: 'recipes', order: 40 },
    page: page(() => import('./routes/offline-pack-list-page.js'), 'OfflinePackListPage'),
  }),
  childScreen('/offline-recipes-add', 'offlineRecipesAdd', '/offline-recipes-list', {
    permission: 'offlinePack.edit',
    page: page(() => import('./routes/offline-pack-form-pages.js'), 'OfflinePackAddPage'),
  }),
  childScreen('/offline-recipes-edit', 'offlineRecipesEdit', '/offline-recipes-list', {
    record: true,
    page: page(() => import('./routes/offline-pack-form-pages.js'), 'OfflinePackEditPage'),
  }),
];
