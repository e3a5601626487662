import { page, screen } from '../../lib/screen.js';

/** One's own account: the password and the personal centre (from the header's user menu). */
export const accountScreens = [
  screen('/password-edit', 'passwordEdit', {
    page: page(() => import('./routes/password-edit-page.js'), 'PasswordEditPage'),
  }),
  screen('/personage-detail', 'personageDetail', {
    page: page(() => import('./routes/personage-detail-page.js'), 'PersonageDetailPage'),
  }),
];
