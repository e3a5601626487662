import { childScreen, page, screen } from '../../lib/screen.js';

/** The app's users, paying users, and what they searched for (under operations). */
export const userScreens = [
  screen('/user-list', 'userList', {
    menu: { group: 'users', order: 10 },
    page: page(() => import('./routes/user-list-page.js'), 'UserListPage'),
  }),
  childScreen('/user-detail', 'userDetail', '/user-list', {
    record: true,
    page: page(() => import('./routes/user-detail-page.js'), 'UserDetailPage'),
  }),
  screen('/vip-user-list', 'vipUserList', {
    menu: { group: 'users', order: 20 },
    page: page(() => import('./routes/vip-user-list-page.js'), 'VipUserListPage'),
  }),
  screen('/user-search-record-list', 'userSearchRecordList', {
    menu: { group: 'operations', order: 50 },
    page: page(() => import('./routes/user-search-record-list-page.js'), 'UserSearchRecordListPage'),
  }),
];
