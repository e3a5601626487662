import { childScreen, listScreens, page } from '../../lib/screen.js';

export const offlinePackScreens = [
  ...listScreens(
    '/offline-recipes-*',
    'offlineRecipes',
    { menu: { group: 'recipes', order: 40 }, permission: 'offlinePack.edit' },
    {
      list: page(() => import('./routes/offline-pack-list-page.js'), 'OfflinePackListPage'),
      add: page(() => import('./routes/offline-pack-form-pages.js'), 'OfflinePackAddPage'),
    },
  ),
  // Open to every role: it is also the pack's page (its file, releases and history), linked from the list.
  childScreen('/offline-recipes-edit', 'offlineRecipesEdit', '/offline-recipes-list', {
    record: true,
    page: page(() => import('./routes/offline-pack-form-pages.js'), 'OfflinePackEditPage'),
  }),
];
