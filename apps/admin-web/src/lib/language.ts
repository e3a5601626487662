import { LANG_COOKIE, UI_LANGS, type UiLang } from '@kb/contracts';
import { getI18n } from 'react-i18next';
import { readText, writeText } from './storage.js';

const LANG_KEY = 'kb.lang';
export const DAYJS_LOCALE: Record<UiLang, string> = { zh: 'zh-cn', en: 'en' };
export const HTML_LANG: Record<UiLang, string> = { zh: 'zh-CN', en: 'en' };

export const isUiLang = (v: unknown): v is UiLang => (UI_LANGS as readonly unknown[]).includes(v);

/** The saved choice, else the `lang` cookie, else Chinese (§9: zh is the default). */
export function savedLanguage(): UiLang {
  const stored = readText('local', LANG_KEY);
  if (isUiLang(stored)) return stored;
  const cookie = document.cookie.match(new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]+)`))?.[1];
  return isUiLang(cookie) ? cookie : 'zh';
}

/** Persists the choice and sets what lives outside React: the cookie, <html lang> (dayjs: app/i18n/dates.ts). */
export function applyLanguage(lang: UiLang): void {
  writeText('local', LANG_KEY, lang);
  // The API reads the language from the x-lang header, and from this cookie for plain links (downloads).
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = HTML_LANG[lang];
}

export function currentLanguage(): UiLang {
  const lang = getI18n()?.language;
  return isUiLang(lang) ? lang : 'zh';
}
