import type { Catalog } from '../../lib/catalog.js';
import type { appZh } from './zh.js';

export const appEn: Catalog<typeof appZh> = {
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    confirm: 'Confirm',
    back: 'Back',
    close: 'Close',
    loading: 'Loading…',
    retry: 'Retry',
    language: 'Language',
    empty: '—',
  },
  languages: { zh: '中文', en: 'English' },
  layout: {
    appName: 'Kitchen Appliance Brand Back-office',
    switchLanguage: 'Switch language',
  },
  pages: {
    loadFailedTitle: 'The page could not be loaded',
    loadFailedBody: 'Loading the page failed or timed out. Check the network and try again.',
  },
  messages: {
    applying: 'Applying the change…',
    operationSuccess: 'Operation successful',
    loadError: 'Data loading error',
    requestId: 'Request ID: {{id}}',
    notLoggedIn: 'Not logged in, please log in again',
  },
  errors: {
    requiredNamed: '{{field}} cannot be empty',
    required: 'This field is required',
    text_invalid_chars: 'Must not contain control characters or invalid characters',
    account_required: 'Username cannot be empty',
    password_required: 'Password cannot be empty',
    captcha_required: 'Captcha cannot be empty',
    password_rule: 'The password must contain letters and digits, at least 8 characters',
    password_mismatch: 'The two passwords do not match',
    email_required: 'Email cannot be empty',
    email_invalid: 'Please enter a correct email address',
    email_not_in_system: 'Email not added to system',
    email_code_required: 'Verification code cannot be empty',
    email_code_invalid: 'The verification code has 6 digits',
    email_code_wrong: 'The email verification code is wrong',
  },
};
