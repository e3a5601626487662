import { authEn } from '../../features/auth/i18n/en.js';
import { authZh } from '../../features/auth/i18n/zh.js';

/** The strings of the public pages (login, set password): part of the entry, as the login page is. */
export const authCatalogs = { zh: { auth: authZh }, en: { auth: authEn } };
