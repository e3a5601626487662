import { UI_LANGS, type UiLang } from '@kb/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyLanguage, currentLanguage, savedLanguage } from '../../lib/language.js';
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
 * Starts with the strings of the shell and of the login page; the console's come with its code (`withConsoleTexts`).
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

/** The strings of every screen behind the login, one download per language. */
const CONSOLE_CATALOGS: Record<UiLang, () => Promise<object>> = {
  zh: () => import('./console-catalog-zh.js').then((m) => m.consoleCatalogZh),
  en: () => import('./console-catalog-en.js').then((m) => m.consoleCatalogEn),
};

/** The console's strings by language: loaded or on their way. */
const consoleTexts: Partial<Record<UiLang, Promise<void>>> = {};
const loadConsoleTexts = (lang: UiLang) =>
  (consoleTexts[lang] ??= CONSOLE_CATALOGS[lang]().then(
    (catalog) => void i18n.addResourceBundle(lang, 'translation', catalog, true, false),
    (error: unknown) => {
      // A failed download may be retried (the route's error panel offers it, and so does the next switch).
      delete consoleTexts[lang];
      throw error;
    },
  ));

/** The console's strings in `lang`, downloaded (`withConsoleTexts` adds them to i18next). */
export const loadConsoleCatalog = (lang: UiLang) => CONSOLE_CATALOGS[lang]();

/**
 * Loads a page and the console's strings side by side and resolves when both are there: a page never renders before
 * its texts. The strings are those of the console's language, or of `languageOf()` for a page drawn in a language
 * of its own whatever the console's (the public H5 page follows the phone): only that language is downloaded.
 */
export function withConsoleTexts<T>(
  load: () => Promise<T>,
  languageOf: () => UiLang = currentLanguage,
): () => Promise<T> {
  return () => Promise.all([load(), loadConsoleTexts(languageOf())]).then(([page]) => page);
}

/**
 * Switches every text at once: ours (i18next), dates (dayjs) and, through re-render, Mantine's and the pager's. Once
 * the console's strings are loaded, they come in the new language first: the switch never shows a key for a text.
 */
export async function switchLanguage(lang: UiLang): Promise<void> {
  if (Object.keys(consoleTexts).length) await loadConsoleTexts(lang);
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
}
