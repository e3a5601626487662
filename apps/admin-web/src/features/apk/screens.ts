import { listScreens, page } from '../../lib/screen.js';

export const apkScreens = listScreens(
  '/apk-*',
  'apk',
  { menu: { order: 30 }, permission: 'apk.edit' },
  {
    list: page(() => import('./routes/apk-list-page.js'), 'ApkListPage'),
    detail: page(() => import('./routes/apk-detail-page.js'), 'ApkDetailPage'),
    add: page(() => import('./routes/apk-form-pages.js'), 'ApkAddPage'),
    edit: page(() => import('./routes/apk-form-pages.js'), 'ApkEditPage'),
  },
);
