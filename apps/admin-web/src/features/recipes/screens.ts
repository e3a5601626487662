import { childScreen, listScreens, page, screen } from '../../lib/screen.js';

/** The recipe library, its editor and detail pages, the paid and online lists and the recycle bin. */
export const recipeScreens = [
  ...listScreens(
    '/recipe-*',
    'recipe',
    { menu: { group: 'recipes', order: 30 }, keepAlive: true },
    {
      list: page(() => import('./routes/recipe-list-page.js'), 'RecipeListPage'),
      add: page(() => import('./routes/recipe-editor-pages.js'), 'RecipeAddPage'),
      edit: page(() => import('./routes/recipe-editor-pages.js'), 'RecipeEditPage'),
      detail: page(() => import('./routes/recipe-detail-page.js'), 'RecipeDetailPage'),
    },
  ),
  childScreen('/preview-detail', 'previewDetail', '/recipe-list', {
    record: true,
    page: page(() => import('./routes/preview-detail-page.js'), 'PreviewDetailPage'),
  }),
  childScreen('/recipe-model', 'recipeModel', '/recipe-list', {
    page: page(() => import('./routes/recipe-model-page.js'), 'RecipeModelPage'),
  }),
  screen('/recycling-list', 'recyclingList', {
    menu: { group: 'recipes', order: 100 },
    page: page(() => import('./routes/recycling-list-page.js'), 'RecyclingListPage'),
  }),
  screen('/pay-recipe-list', 'payRecipeList', {
    menu: { group: 'recipes', order: 70 },
    page: page(() => import('./routes/recipe-list-page.js'), 'PayRecipeListPage'),
  }),
  screen('/online-recipe-list', 'onlineRecipeList', {
    menu: { group: 'recipes', order: 50 },
    page: page(() => import('./routes/recipe-list-page.js'), 'OnlineRecipeListPage'),
  }),
];
