import type { MenuGroupKey } from '../lib/screen.js';
import { SCREENS, screenFor } from './screens.js';

export type MenuEntry =
  { kind: 'item'; path: string } | { kind: 'group'; key: MenuGroupKey; items: string[] };

/** Where each group sits among the top-level entries (the screens' own `menu.order` places the items). */
const GROUP_ORDER: Record<MenuGroupKey, number> = { recipes: 20, devices: 60, users: 70, operations: 80 };

/**
 * The §2 sidebar, from the places the features give their screens (`menu` of each screen). The screens the
 * spec's dictionary names without a menu place sit where a user would look: paid recipes, online recipe
 * categories, reviews (a recipe's comments), the recycle bin and ingredient units under recipe management;
 * paying users under user management; lock-screen ads, hot search labels and search history under operations,
 * with the brand's staff accounts (for admins).
 */
function buildMenu(): MenuEntry[] {
  const placed = SCREENS.flatMap((s) => (s.menu ? [{ path: s.path, ...s.menu }] : []));
  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  const items = placed.filter((p) => !p.group).map((p) => ({ order: p.order, entry: item(p.path) }));
  const groups = (Object.keys(GROUP_ORDER) as MenuGroupKey[]).map((key) => ({
    order: GROUP_ORDER[key],
    entry: {
      kind: 'group' as const,
      key,
      items: placed
        .filter((p) => p.group === key)
        .sort(byOrder)
        .map((p) => p.path),
    },
  }));
  return [...items, ...groups].sort(byOrder).map((e) => e.entry);
}
const item = (path: string): MenuEntry => ({ kind: 'item', path });

export const MENU: readonly MenuEntry[] = buildMenu();

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
