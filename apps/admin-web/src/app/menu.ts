import { screenFor } from './screens.js';

export type MenuGroupKey = 'recipes' | 'devices' | 'users' | 'operations';

export type MenuEntry =
  { kind: 'item'; path: string } | { kind: 'group'; key: MenuGroupKey; items: string[] };

/**
 * The §2 sidebar. The screens the spec's dictionary names without a menu place sit where a user would look:
 * paid recipes, online recipe categories, reviews (a recipe's comments), the recycle bin and ingredient
 * units under recipe management; paying users under user management; lock-screen ads, hot search labels
 * and search history under operations, with the brand's staff accounts (for admins).
 */
export const MENU: readonly MenuEntry[] = [
  { kind: 'item', path: '/home' },
  {
    kind: 'group',
    key: 'recipes',
    items: [
      '/category-set-list',
      '/tag-list',
      '/recipe-list',
      '/offline-recipes-list',
      '/online-recipe-list',
      '/online-cate/list',
      '/pay-recipe-list',
      '/user-evaluation-list',
      '/unit-list',
      '/recycling-list',
      '/lang-set-edit',
    ],
  },
  { kind: 'item', path: '/apk-list' },
  { kind: 'item', path: '/banner/list' },
  { kind: 'item', path: '/group-recipe/list' },
  {
    kind: 'group',
    key: 'devices',
    items: ['/device-info-list', '/fault-collect-detail', '/fault-record-list', '/test-device-list'],
  },
  { kind: 'group', key: 'users', items: ['/user-list', '/vip-user-list'] },
  {
    kind: 'group',
    key: 'operations',
    items: [
      '/fitting-list',
      '/inform-list',
      '/lock-screen-ads-list',
      '/hot-tag-list',
      '/user-search-record-list',
      '/staff-list',
    ],
  },
];

/** The menu path to highlight for a screen: itself when it is in the menu, else its parent list. */
export function menuPathFor(pathname: string): string | null {
  const screen = screenFor(pathname);
  if (!screen) return null;
  return screen.parent ?? screen.path;
}

/** The group holding a menu path, so that it opens when one of its screens is current. */
export function menuGroupOf(path: string | null): MenuGroupKey | null {
  if (!path) return null;
  for (const entry of MENU) {
    if (entry.kind === 'group' && entry.items.includes(path)) return entry.key;
  }
  return null;
}
