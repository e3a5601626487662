import { page, screen } from '../../lib/screen.js';

/** The brand's staff accounts, for admins (the menu leaves it out for the other roles). */
export const staffScreens = [
  screen('/staff-list', 'staffList', {
    permission: 'staff.manage',
    menu: { group: 'operations', order: 60 },
    page: page(() => import('./routes/staff-list-page.js'), 'StaffListPage'),
  }),
];
