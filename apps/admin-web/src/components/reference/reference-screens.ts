import type { Permission } from '@kb/contracts';
import {
  childScreen,
  screen,
  type MenuSlot,
  type PageLoader,
  type Screen,
  type ScreenPath,
} from '../../lib/screen.js';
import type { AnyReferenceScreen, ReferencePlacement, referencePages } from './reference-screen.js';

type PageKind = 'list' | 'add' | 'edit';
type FormsIn = 'pages' | 'dialog';
type PagesOf<F extends FormsIn> = F extends 'dialog' ? 'list' : PageKind;
type PathOf<P extends string, K extends PageKind> = P extends `${infer Head}*` ? `${Head}${K}` : never;

/** The screens of one registration, each path and title as the compiler knows it. */
export type ReferenceScreens<P extends string, T extends string, F extends FormsIn> = {
  [K in PagesOf<F>]: Screen<PathOf<P, K>, `${T}${Capitalize<K>}`>;
}[PagesOf<F>][];

export interface ReferenceRegistration<P extends `${string}*`, T extends string, F extends FormsIn> {
  /** The pages' paths, `*` standing for `list`, `add` and `edit`: `'/tag-*'`, `'/banner/*'`. */
  paths: P;
  /** The stem of the titles' keys under `routes`: `'tag'` gives `tagList`, `tagAdd` and `tagEdit`. */
  title: T;
  /** What a role needs to add, edit and delete (the add and edit pages show the no-permission panel without). */
  permission: Permission;
  menu: MenuSlot;
  /** `'dialog'`: add and edit open in a dialog over the list, which is the only page. */
  forms?: F;
  /** The add and edit pages keep their input when the user switches tabs. */
  keepFormsAlive?: boolean;
  /** The declaration (columns, filters, form), loaded with the first of its pages to be shown. */
  load: () => Promise<AnyReferenceScreen>;
}

/**
 * A reference entity's list, add and edit screens from one registration: paths, titles, menu place and the
 * permission here (read at start-up), the declaration loaded with its first page.
 */
export function referenceScreens<P extends `${string}*`, T extends string, F extends FormsIn = 'pages'>(
  registration: ReferenceRegistration<P, T, F>,
): ReferenceScreens<P, T, F> {
  const { title, permission, keepFormsAlive } = registration;
  const path = (kind: PageKind) => registration.paths.replace('*', kind) as ScreenPath;
  const inDialog = registration.forms === 'dialog';
  const placement: ReferencePlacement = {
    permission,
    paths: inDialog ? { list: path('list') } : { list: path('list'), add: path('add'), edit: path('edit') },
  };
  let pages: Promise<ReturnType<typeof referencePages>> | undefined;
  const loadPages = () =>
    (pages ??= Promise.all([registration.load(), import('./reference-screen.js')])
      .then(([declaration, kit]) => kit.referencePages(declaration, placement))
      .catch((error: unknown) => {
        // A failed load is tried again when the user retries (a page's chunk may arrive late).
        pages = undefined;
        throw error;
      }));
  const pageOf =
    (kind: 'List' | 'Add' | 'Edit'): PageLoader =>
    () =>
      loadPages().then((p) => ({ default: p[kind] }));
  const list = screen(path('list'), `${title}List`, { menu: registration.menu, page: pageOf('List') });
  const forms = { permission, ...(keepFormsAlive ? { keepAlive: true } : {}) };
  const screens: Screen[] = inDialog
    ? [list]
    : [
        list,
        childScreen(path('add'), `${title}Add`, path('list'), { ...forms, page: pageOf('Add') }),
        childScreen(path('edit'), `${title}Edit`, path('list'), {
          ...forms,
          record: true,
          page: pageOf('Edit'),
        }),
      ];
  return screens as ReferenceScreens<P, T, F>;
}
