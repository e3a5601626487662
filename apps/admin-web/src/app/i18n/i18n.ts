import { UI_LANGS } from '@kb/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage, savedLanguage } from '../../lib/language.js';
import { authCatalogs } from './auth-catalogs.js';
import type { zhCatalog } from './catalogs.js';
import { appEn } from './en.js';
import { appZh } from './zh.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCatalog };
  }
}

export const i18n = i18next.createInstance();

/**
 * Starts with the strings of the shell and of the login page; the console's come with its code (`withCatalogs`).
 */
export async function initI18n(): Promise<void> {
  const lang = savedLanguage();
  applyLanguage(lang);
  await i18n.use(initReactI18next).init({
    resources: {
      zh: { translation: { ...appZh, ...authCatalogs.zh } },
      en: { translation: { ...appEn, ...authCatalogs.en } },
    },
    lng: lang,
    fallbackLng: 'zh',
    supportedLngs: [...UI_LANGS],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

interface Catalogs {
  zh: object;
  en: object;
}

/** Both languages at once, so that switching language never waits for a download. */
const addCatalogs = (catalogs: Catalogs) => {
  for (const lang of ['zh', 'en'] as const)
    i18n.addResourceBundle(lang, 'translation', catalogs[lang], true, false);
};

const loaded = new Map<() => Promise<Catalogs>, Promise<void>>();
const once = (load: () => Promise<Catalogs>) => {
  let done = loaded.get(load);
  if (!done) {
    done = load().then(addCatalogs);
    // A failed download may be retried (the route's error panel offers it).
    done.catch(() => loaded.delete(load));
    loaded.set(load, done);
  }
  return done;
};

/** The strings of every screen behind the login. */
export const consoleCatalogs = () => import('./catalogs.js').then((m) => m.consoleCatalogs);

/**
 * Loads a page's code and its strings side by side and resolves when both are there: a page never renders
 * before its texts.
 */
export function withCatalogs<T>(load: () => Promise<T>, catalogs: () => Promise<Catalogs>): () => Promise<T> {
  return () => Promise.all([load(), once(catalogs)]).then(([page]) => page);
}
