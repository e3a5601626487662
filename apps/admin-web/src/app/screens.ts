import { accountScreens } from '../features/account/screens.js';
import { apkScreens } from '../features/apk/screens.js';
import { catalogScreens } from '../features/catalog/screens.js';
import { contentScreens } from '../features/content/screens.js';
import { deviceScreens } from '../features/devices/screens.js';
import { noticeScreens } from '../features/notices/screens.js';
import { offlinePackScreens } from '../features/offline-packs/screens.js';
import { recipeScreens } from '../features/recipes/screens.js';
import { reviewScreens } from '../features/reviews/screens.js';
import { staffScreens } from '../features/staff/screens.js';
import { userScreens } from '../features/users/screens.js';
import { childScreen, page, screen, type Screen } from '../lib/screen.js';
import type { consoleAppZh } from './i18n/console-zh.js';

export type ScreenTitle = keyof typeof consoleAppZh.routes;

/** Screens made of more than one feature, put together here (features do not import each other). */
const composedScreens = [
  screen('/home', 'home', {
    menu: { order: 10 },
    page: page(() => import('./pages/home-page.js'), 'HomePage'),
  }),
  // The auditors' view of cleared and deleted records, each drawn by its own feature.
  childScreen('/audit-history', 'auditHistory', '/recycling-list', {
    page: page(() => import('./pages/audit-page.js'), 'AuditPage'),
  }),
  // Where a 403 leads (§2: "that route's definition is not shown").
  screen('/no-permission', 'noPermission', {
    page: page(() => import('./pages/no-permission-page.js'), 'NoPermissionPage'),
  }),
];

/**
 * Every authenticated route of §2, exactly as written, plus the ingredient-unit screen the spec names without
 * a route: each feature's screens (`features/<area>/screens.ts`). The router, the sidebar, the tab titles and
 * the back header all read this one list.
 */
export const SCREENS = [
  ...composedScreens,
  ...accountScreens,
  ...apkScreens,
  ...deviceScreens,
  ...userScreens,
  ...staffScreens,
  ...noticeScreens,
  ...recipeScreens,
  ...reviewScreens,
  ...catalogScreens,
  ...offlinePackScreens,
  ...contentScreens,
] satisfies readonly Screen<string, ScreenTitle>[];

const byPath = new Map<string, Screen<string, ScreenTitle>>(SCREENS.map((s) => [s.path, s]));

export function screenFor(pathname: string): Screen<string, ScreenTitle> | undefined {
  return byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
