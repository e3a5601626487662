import { listScreens, page } from '../../lib/screen.js';

export const noticeScreens = listScreens(
  '/inform-*',
  'inform',
  { menu: { group: 'operations', order: 20 }, permission: 'notice.edit' },
  {
    list: page(() => import('./routes/inform-list-page.js'), 'InformListPage'),
    add: page(() => import('./routes/inform-form-pages.js'), 'InformAddPage'),
    edit: page(() => import('./routes/inform-form-pages.js'), 'InformEditPage'),
    detail: page(() => import('./routes/inform-detail-page.js'), 'InformDetailPage'),
  },
);
