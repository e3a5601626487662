import { accountEn } from '../../features/account/i18n/en.js';
import { accountZh } from '../../features/account/i18n/zh.js';
import { authEn } from '../../features/auth/i18n/en.js';
import { authZh } from '../../features/auth/i18n/zh.js';
import { homeEn } from '../../features/home/i18n/en.js';
import { homeZh } from '../../features/home/i18n/zh.js';
import { appEn } from './en.js';
import { appZh } from './zh.js';

/** Every string of the UI: the shell's, the building blocks' and each feature's under its own key. */
export const zhCatalog = { ...appZh, auth: authZh, account: accountZh, home: homeZh };
export const enCatalog = { ...appEn, auth: authEn, account: accountEn, home: homeEn };
