import { childScreen, page, screen } from '../../lib/screen.js';

/** The recipe library, its editor and detail pages, the paid and online lists and the recycle bin. */
export const recipeScreens = [
  screen('/recipe-list', 'recipeList', {
    keepAlive: true,
    menu: { group: 'recipes', order: 30 },
    page: page(() => import('./routes/recipe-list-page.js'), 'RecipeListPage'),
  }),
  childScreen('/recipe-add', 'recipeAdd', '/recipe-list', {
    keepAlive: true,
    page: page(() => import('./routes/recipe-editor-pages.js'), 'RecipeAddPage'),
  }),
  childScreen('/recipe-edit', 'recipeEdit', '/recipe-list', {
    keepAlive: true,
    record: true,
    page: page(() => import('./routes/recipe-editor-pages.js'), 'RecipeEditPage'),
  }),
  childScreen('/preview-detail', 'previewDetail', '/recipe-list', {
    record: true,
    page: page(() => import('./routes/preview-detail-page.js'), 'PreviewDetailPage'),
  }),
  childScreen('/recipe-model', 'recipeModel', '/recipe-list', {
    page: page(() => import('./routes/recipe-model-page.js'), 'RecipeModelPage'),
  }),
  childScreen('/recipe-detail', 'recipeDetail', '/recipe-list', {
    record: true,
    page: page(() => import('./routes/recipe-detail-page.js'), 'RecipeDetailPage'),
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
