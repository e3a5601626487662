import { accountZh } from '../../features/account/i18n/zh.js';
import { apkZh } from '../../features/apk/i18n/zh.js';
import { catalogErrorsZh, catalogZh } from '../../features/catalog/i18n/zh.js';
import { contentErrorsZh, contentZh } from '../../features/content/i18n/zh.js';
import { devicesErrorsZh, devicesZh } from '../../features/devices/i18n/zh.js';
import { homeZh } from '../../features/home/i18n/zh.js';
import { noticesErrorsZh, noticesZh } from '../../features/notices/i18n/zh.js';
import { offlinePacksZh } from '../../features/offline-packs/i18n/zh.js';
import { recipesZh } from '../../features/recipes/i18n/zh.js';
import { reviewsZh } from '../../features/reviews/i18n/zh.js';
import { referenceErrorsZh, referenceZh } from '../../components/reference/i18n/zh.js';
import { staffErrorsZh, staffZh } from '../../features/staff/i18n/zh.js';
import { usersZh } from '../../features/users/i18n/zh.js';
import { jobsZh } from '../../components/jobs/i18n/zh.js';
import { listViewsZh } from '../../components/list-views/i18n/zh.js';
import { consoleAppZh } from './console-zh.js';

/**
 * The Chinese strings of the screens behind the login: the building blocks' and each feature's under its own key.
 * Form error codes a feature adds join the shared `errors`, where forms look their messages up. Loaded with the
 * console's layout in the user's language only (i18n.ts); the other language comes when the user switches to it.
 */
export const consoleCatalogZh = {
  ...consoleAppZh,
  errors: {
    ...consoleAppZh.errors,
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
};
