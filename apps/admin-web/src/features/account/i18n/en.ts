import type { Catalog } from '../../../lib/catalog.js';
import type { accountZh } from './zh.js';

export const accountEn: Catalog<typeof accountZh> = {
  personage: {
    account: 'Account',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    brand: 'Brand',
  },
  password: {
    original: 'Original password',
    newPassword: 'New password',
    confirmPassword: 'Re-enter the new password',
    rule: 'Letters and digits, at least 8 characters',
    submit: 'Change password',
    after: 'You log in again after the change.',
  },
};
