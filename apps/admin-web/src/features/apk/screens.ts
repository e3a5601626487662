import { childScreen, page, screen } from '../../lib/screen.js';

export const apkScreens = [
  screen('/apk-list', 'apkList', {
    menu: { order: 30 },
    page: page(() => import('./routes/apk-list-page.js'), 'ApkListPage'),
  }),
  childScreen('/apk-detail', 'apkDetail', '/apk-list', {
    record: true,
    page: page(() => import('./routes/apk-detail-page.js'), 'ApkDetailPage'),
  }),
  childScreen('/apk-add', 'apkAdd', '/apk-list', {
    permission: 'apk.edit',
    page: page(() => import('./routes/apk-form-pages.js'), 'ApkAddPage'),
  }),
  childScreen('/apk-edit', 'apkEdit', '/apk-list', {
    permission: 'apk.edit',
    record: true,
    page: page(() => import('./routes/apk-form-pages.js'), 'ApkEditPage'),
  }),
];
