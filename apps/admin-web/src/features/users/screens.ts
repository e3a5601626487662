import { listScreens, page, screen } from '../../lib/screen.js';

/** The app's users, paying users, and what they searched for (under operations). */
export const userScreens = [
  ...listScreens(
    '/user-*',
    'user',
    { menu: { group: 'users', order: 10 } },
    {
      list: page(() => import('./routes/user-list-page.js'), 'UserListPage'),
      detail: page(() => import('./routes/user-detail-page.js'), 'UserDetailPage'),
    },
  ),
  screen('/vip-user-list', 'vipUserList', {
    menu: { group: 'users', order: 20 },
    page: page(() => import('./routes/vip-user-list-page.js'), 'VipUserListPage'),
  }),
  screen('/user-search-record-list', 'userSearchRecordList', {
    menu: { group: 'operations', order: 50 },
    page: page(() => import('./routes/user-search-record-list-page.js'), 'UserSearchRecordListPage'),
  }),
];
