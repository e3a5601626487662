import { childScreen, page, screen } from '../../lib/screen.js';

export const noticeScreens = [
  screen('/inform-list', 'informList', {
    menu: { group: 'operations', order: 20 },
    page: page(() => import('./routes/inform-list-page.js'), 'InformListPage'),
  }),
  childScreen('/inform-add', 'informAdd', '/inform-list', {
    permission: 'notice.edit',
    page: page(() => import('./routes/inform-form-pages.js'), 'InformAddPage'),
  }),
  childScreen('/inform-edit', 'informEdit', '/inform-list', {
    permission: 'notice.edit',
    record: true,
    page: page(() => import('./routes/inform-form-pages.js'), 'InformEditPage'),
  }),
  childScreen('/inform-detail', 'informDetail', '/inform-list', {
    record: true,
    page: page(() => import('./routes/inform-detail-page.js'), 'InformDetailPage'),
  }),
];
