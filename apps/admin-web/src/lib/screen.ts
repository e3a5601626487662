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
