import { accountEn } from '../../features/account/i18n/en.js';
import { apkEn } from '../../features/apk/i18n/en.js';
import { catalogEn, catalogErrorsEn } from '../../features/catalog/i18n/en.js';
import { contentEn, contentErrorsEn } from '../../features/content/i18n/en.js';
import { devicesEn, devicesErrorsEn } from '../../features/devices/i18n/en.js';
import { homeEn } from '../../features/home/i18n/en.js';
import { noticesEn, noticesErrorsEn } from '../../features/notices/i18n/en.js';
import { offlinePacksEn } from '../../features/offline-packs/i18n/en.js';
import { recipesEn } from '../../features/recipes/i18n/en.js';
import { reviewsEn } from '../../features/reviews/i18n/en.js';
import { referenceEn, referenceErrorsEn } from '../../components/reference/i18n/en.js';
import { staffEn, staffErrorsEn } from '../../features/staff/i18n/en.js';
import { usersEn } from '../../features/users/i18n/en.js';
import { jobsEn } from '../../components/jobs/i18n/en.js';
import { listViewsEn } from '../../components/list-views/i18n/en.js';
import { consoleAppEn } from './console-en.js';

/**
 * The English strings of the screens behind the login: the building blocks' and each feature's under its own key.
 * Form error codes a feature adds join the shared `errors`, where forms look their messages up. Loaded with the
 * console's layout in the user's language only (i18n.ts); the other language comes when the user switches to it.
 */
export const consoleCatalogEn = {
  ...consoleAppEn,
  errors: {
    ...consoleAppEn.errors,
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
};
