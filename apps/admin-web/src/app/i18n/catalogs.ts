import { appEn } from './en.js';
import { appZh } from './zh.js';
import { authCatalogs } from './auth-catalogs.js';
import { consoleCatalogEn } from './console-catalog-en.js';
import { consoleCatalogZh } from './console-catalog-zh.js';

/**
 * Every string of the UI in one language, as the running app holds it once the console's part is loaded (the type
 * of i18next's keys, and what the tests compare); the app itself loads the console's part of one language only.
 */
export const zhCatalog = {
  ...appZh,
  ...authCatalogs.zh,
  ...consoleCatalogZh,
  common: { ...appZh.common, ...consoleCatalogZh.common },
  errors: { ...appZh.errors, ...consoleCatalogZh.errors },
  layout: { ...appZh.layout, ...consoleCatalogZh.layout },
  pages: { ...appZh.pages, ...consoleCatalogZh.pages },
  messages: { ...appZh.messages, ...consoleCatalogZh.messages },
};
export const enCatalog = {
  ...appEn,
  ...authCatalogs.en,
  ...consoleCatalogEn,
  common: { ...appEn.common, ...consoleCatalogEn.common },
  errors: { ...appEn.errors, ...consoleCatalogEn.errors },
  layout: { ...appEn.layout, ...consoleCatalogEn.layout },
  pages: { ...appEn.pages, ...consoleCatalogEn.pages },
  messages: { ...appEn.messages, ...consoleCatalogEn.messages },
};
