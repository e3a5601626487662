import { referenceScreens } from '../../components/reference/reference-screens.js';
import { childScreen, page, screen } from '../../lib/screen.js';

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
  screen('/online-cate/list', 'onlineCateList', {
    menu: { group: 'recipes', order: 60 },
    page: page(() => import('./routes/online-cate-list-page.js'), 'OnlineCateListPage'),
  }),
  childScreen('/online-cate/add', 'onlineCateAdd', '/online-cate/list', {
    permission: 'onlineCategory.edit',
    page: page(() => import('./routes/online-cate-add-page.js'), 'OnlineCateAddPage'),
  }),
  childScreen('/online-cate/detail', 'onlineCateDetail', '/online-cate/list', {
    record: true,
    page: page(() => import('./routes/online-cate-detail-page.js'), 'OnlineCateDetailPage'),
  }),
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
