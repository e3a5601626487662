import { accountEn } from '../../features/account/i18n/en.js';
import { accountZh } from '../../features/account/i18n/zh.js';
import { apkEn } from '../../features/apk/i18n/en.js';
import { apkZh } from '../../features/apk/i18n/zh.js';
import { catalogEn, catalogErrorsEn } from '../../features/catalog/i18n/en.js';
import { catalogErrorsZh, catalogZh } from '../../features/catalog/i18n/zh.js';
import { contentEn, contentErrorsEn } from '../../features/content/i18n/en.js';
import { contentErrorsZh, contentZh } from '../../features/content/i18n/zh.js';
import { devicesEn, devicesErrorsEn } from '../../features/devices/i18n/en.js';
import { devicesErrorsZh, devicesZh } from '../../features/devices/i18n/zh.js';
import { homeEn } from '../../features/home/i18n/en.js';
import { homeZh } from '../../features/home/i18n/zh.js';
import { noticesEn, noticesErrorsEn } from '../../features/notices/i18n/en.js';
import { noticesErrorsZh, noticesZh } from '../../features/notices/i18n/zh.js';
import { offlinePacksEn } from '../../features/offline-packs/i18n/en.js';
import { offlinePacksZh } from '../../features/offline-packs/i18n/zh.js';
import { recipesEn } from '../../features/recipes/i18n/en.js';
import { recipesZh } from '../../features/recipes/i18n/zh.js';
import { reviewsEn } from '../../features/reviews/i18n/en.js';
import { reviewsZh } from '../../features/reviews/i18n/zh.js';
import { referenceEn, referenceErrorsEn } from '../../components/reference/i18n/en.js';
import { referenceErrorsZh, referenceZh } from '../../components/reference/i18n/zh.js';
import { staffEn, staffErrorsEn } from '../../features/staff/i18n/en.js';
import { staffErrorsZh, staffZh } from '../../features/staff/i18n/zh.js';
import { usersEn } from '../../features/users/i18n/en.js';
import { usersZh } from '../../features/users/i18n/zh.js';
import { jobsEn } from '../../components/jobs/i18n/en.js';
import { jobsZh } from '../../components/jobs/i18n/zh.js';
import { listViewsEn } from '../../components/list-views/i18n/en.js';
import { listViewsZh } from '../../components/list-views/i18n/zh.js';
import { appEn } from './en.js';
import { consoleAppEn } from './console-en.js';
import { consoleAppZh } from './console-zh.js';
import { appZh } from './zh.js';
import { authCatalogs } from './auth-catalogs.js';

/**
 * The strings of the screens behind the login: the building blocks' and each feature's under its own key. Form
 * error codes a feature adds join the shared `errors`, where forms look their messages up. Loaded with the
 * console's layout (i18n.ts), so the login route does not carry them.
 */
export const consoleCatalogs = {
  zh: {
    ...consoleAppZh,
    errors: {
      ...referenceErrorsZh,
      ...catalogErrorsZh,
      ...contentErrorsZh,
      ...devicesErrorsZh,
      ...noticesErrorsZh,
      ...staffErrorsZh,
    },
    account: accountZh,
    home: homeZh,
    reference: referenceZh,
    catalog: catalogZh,
    content: contentZh,
    recipes: recipesZh,
    reviews: reviewsZh,
    apk: apkZh,
    offlinePacks: offlinePacksZh,
    devices: devicesZh,
    users: usersZh,
    jobs: jobsZh,
    listViews: listViewsZh,
    notices: noticesZh,
    staff: staffZh,
  },
  en: {
    ...consoleAppEn,
    errors: {
      ...referenceErrorsEn,
      ...catalogErrorsEn,
      ...contentErrorsEn,
      ...devicesErrorsEn,
      ...noticesErrorsEn,
      ...staffErrorsEn,
    },
    account: accountEn,
    home: homeEn,
    reference: referenceEn,
    catalog: catalogEn,
    content: contentEn,
    recipes: recipesEn,
    reviews: reviewsEn,
    apk: apkEn,
    offlinePacks: offlinePacksEn,
    devices: devicesEn,
    users: usersEn,
    jobs: jobsEn,
    listViews: listViewsEn,
    notices: noticesEn,
    staff: staffEn,
  },
};

/** Every string of the UI in one language, as the running app holds it once the console's part is loaded. */
export const zhCatalog = {
  ...appZh,
  ...authCatalogs.zh,
  ...consoleCatalogs.zh,
  errors: { ...appZh.errors, ...consoleCatalogs.zh.errors },
  layout: { ...appZh.layout, ...consoleCatalogs.zh.layout },
  pages: { ...appZh.pages, ...consoleCatalogs.zh.pages },
  messages: { ...appZh.messages, ...consoleCatalogs.zh.messages },
};
export const enCatalog = {
  ...appEn,
  ...authCatalogs.en,
  ...consoleCatalogs.en,
  errors: { ...appEn.errors, ...consoleCatalogs.en.errors },
  layout: { ...appEn.layout, ...consoleCatalogs.en.layout },
  pages: { ...appEn.pages, ...consoleCatalogs.en.pages },
  messages: { ...appEn.messages, ...consoleCatalogs.en.messages },
};
