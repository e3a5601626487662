import { referenceScreens } from '../../components/reference/reference-screens.js';
import { childScreen, listScreens, page, screen } from '../../lib/screen.js';

/** The recipes' reference data: categories, tags, units, accessories, online categories and languages. */
export const catalogScreens = [
  ...referenceScreens({
    paths: '/category-set-*',
    title: 'categorySet',
    permission: 'category.edit',
    menu: { group: 'recipes', order: 10 },
    load: () => import('./screens/categories.js').then((m) => m.categoryScreen),
  }),
  ...referenceScreens({
    paths: '/tag-*',
    title: 'tag',
    permission: 'tag.edit',
    menu: { group: 'recipes', order: 20 },
    load: () => import('./screens/tags.js').then((m) => m.tagScreen),
  }),
  ...listScreens(
    '/online-cate/*',
    'onlineCate',
    { menu: { group: 'recipes', order: 60 }, permission: 'onlineCategory.edit' },
    {
      list: page(() => import('./routes/online-cate-list-page.js'), 'OnlineCateListPage'),
      add: page(() => import('./routes/online-cate-add-page.js'), 'OnlineCateAddPage'),
      detail: page(() => import('./routes/online-cate-detail-page.js'), 'OnlineCateDetailPage'),
    },
  ),
  childScreen('/online-cate/recipeList', 'onlineCateRecipeList', '/online-cate/list', {
    record: true,
    page: page(() => import('./routes/online-cate-recipe-list-page.js'), 'OnlineCateRecipeListPage'),
  }),
  // Ingredient units: named by the spec's dictionary without a route; this path follows the §2 style.
  ...referenceScreens({
    paths: '/unit-*',
    title: 'unit',
    permission: 'unit.edit',
    menu: { group: 'recipes', order: 90 },
    forms: 'dialog',
    load: () => import('./screens/units.js').then((m) => m.unitScreen),
  }),
  screen('/lang-set-edit', 'langSetEdit', {
    menu: { group: 'recipes', order: 110 },
    page: page(() => import('./routes/lang-set-edit-page.js'), 'LangSetEditPage'),
  }),
  ...referenceScreens({
    paths: '/fitting-*',
    title: 'fitting',
    permission: 'accessory.edit',
    menu: { group: 'operations', order: 10 },
    load: () => import('./screens/accessories.js').then((m) => m.accessoryScreen),
  }),
];
