import type { Permission } from '@kb/contracts';
import type { RegisteredRouter } from '@tanstack/react-router';
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** The sidebar's groups (their place among the top-level entries is the app's, `app/menu.ts`). */
export type MenuGroupKey = 'recipes' | 'devices' | 'users' | 'operations';

/**
 * Where a screen sits in the sidebar: a top-level entry, or an entry of a group; `order` sorts it among the
 * entries beside it (the top-level entries and the groups share one order).
 */
export interface MenuSlot {
  group?: MenuGroupKey;
  order: number;
}

/**
 * One authenticated route of the layout, as its feature registers it (`features/<area>/screens.ts`); the app
 * puts the features' lists together (`app/screens.ts`), and the router, the sidebar, the tab titles and the
 * back header all read that one list.
 */
export interface Screen<P extends string = string, T extends string = string> {
  path: P;
  /** Its title's key under `routes` in the catalogs (the app checks that each is there). */
  title: T;
  /** Keeps its state (form input, filters, page, scroll) when the user switches tabs (§2 behaviour). */
  keepAlive?: boolean;
  /** Takes a record id in the query string (`?id=`), so two records open in two tabs. */
  record?: boolean;
  /** The menu entry this screen belongs to (highlighted in the sidebar; where "back" goes without history). */
  parent?: string;
  /** Its place in the sidebar; a screen without one is reached from its parent. */
  menu?: MenuSlot;
  /**
   * The screen's page, loaded as its own chunk when first shown. A screen of a later release has none and shows
   * the shared "coming in a later release" panel.
   */
  page?: PageLoader;
  /**
   * The permission of the screen's save: a role without it gets the no-permission panel instead of the form, and
   * the menu does not offer the screen.
   */
  permission?: Permission;
}

type Extra = Omit<Partial<Screen>, 'path' | 'title' | 'parent'>;

/** A screen of its own (a list, a dashboard). */
export const screen = <P extends string, T extends string>(
  path: P,
  title: T,
  extra: Extra = {},
): Screen<P, T> => ({
  path,
  title,
  ...extra,
});

/** A screen reached from another one (a record's detail, add or edit page), which the menu highlights for it. */
export const childScreen = <P extends string, T extends string>(
  path: P,
  title: T,
  parent: string,
  extra: Extra = {},
): Screen<P, T> => ({ path, title, parent, ...extra });

/** A page module's screen component by its name, loaded lazily (the import runs when the screen is first shown). */
export const page =
  <M extends Record<K, ComponentType>, K extends string>(load: () => Promise<M>, name: K): PageLoader =>
  () =>
    load().then((m) => ({ default: m[name] }));

/**
 * Every path of the app, as the router registers it (so that links to them are checked by the compiler without
 * importing the list of screens, which imports every feature's pages).
 */
export type ScreenPath = keyof RegisteredRouter['routesByPath'];

/** The pages of a record list: the list itself and the record pages reached from it. */
type RecordPage = 'list' | 'detail' | 'add' | 'edit';
type PathOf<P extends string, K extends string> = P extends `${infer Head}*` ? `${Head}${K}` : never;

/** The screens of one `listScreens` declaration, each path and title as the compiler knows it. */
export type ListScreens<P extends string, T extends string, K extends RecordPage> = {
  [Kind in K]: Screen<PathOf<P, Kind>, `${T}${Capitalize<Kind>}`>;
}[K][];

interface ListOptions {
  menu?: MenuSlot;
  /** What a role needs to add and edit (the add and edit pages show the no-permission panel without). */
  permission?: Permission;
  /** The list and its add and edit pages keep their state when the user switches tabs. */
  keepAlive?: boolean;
}

/**
 * A list screen and its detail, add and edit screens from one declaration: the record pages are reached from the
 * list (the menu highlights it for them), the detail and edit pages show one record, add and edit ask the
 * declaration's permission. `paths` has `*` for the page's kind (`'/apk-*'`, `'/online-cate/*'`), `title` is the
 * stem of the titles' keys under `routes` (`'apk'`: `apkList`, `apkDetail`, …); `pages` names each page's module,
 * `list` first, in the order the screens are listed.
 */
export function listScreens<P extends `${string}*`, T extends string, K extends RecordPage>(
  paths: P,
  title: T,
  { menu, permission, keepAlive }: ListOptions,
  pages: { list: PageLoader } & Record<K, PageLoader>,
): ListScreens<P, T, K> {
  const path = (kind: RecordPage) => paths.replace('*', kind);
  const list = path('list');
  const kept = keepAlive ? { keepAlive: true } : {};
  const forms = { ...kept, ...(permission ? { permission } : {}) };
  const extra: Record<Exclude<RecordPage, 'list'>, Extra> = {
    detail: { record: true },
    add: forms,
    edit: { ...forms, record: true },
  };
  // The command palette lists screens in this order.
  const kinds = Object.keys(pages) as RecordPage[];
  const label = (kind: RecordPage) => `${title}${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  return kinds.map((kind) =>
    kind === 'list'
      ? screen(list, label(kind), { ...kept, ...(menu ? { menu } : {}), page: pages.list })
      : childScreen(path(kind), label(kind), list, {
          ...extra[kind],
          page: (pages as Record<RecordPage, PageLoader>)[kind],
        }),
  ) as ListScreens<P, T, K>;
}
